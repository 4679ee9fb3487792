/**
 * The one shape of an action's failure, read by the browser and written by the server
 * (`app/services/action-result.server.ts`): Conform's `SubmissionResult` (field errors under each
 * field's name, the form's own error under "") and, when the page shows one, a toast. `form` names
 * the form the answer is for on a page with several.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { ToastData } from "#app/domain/toast.ts";

export type ActionFailure = { result: SubmissionResult<string[]>; toast?: ToastData; form?: string };

/**
 * A refusal's `result` when there is no Conform submission to reply with (fetchers, JSON answers,
 * hand-written forms): the message as the form's error, or as `field`'s error.
 */
export function refusalResult(message: string, field?: string): SubmissionResult<string[]> {
  return { status: "error", error: { [field ?? ""]: [message] } };
}

/**
 * The message of a failure for a hand-written form: the error of `field` when given (and only
 * that), else the form's error, else the first field error. `form` keeps another form's answer out.
 */
export function failureMessage(answer: unknown, options: { field?: string; form?: string } = {}): string | undefined {
  if (!isActionFailure(answer)) return undefined;
  if (options.form !== undefined && answer.form !== options.form) return undefined;
  const errors = answer.result.error ?? {};
  if (options.field !== undefined) return errors[options.field]?.[0];
  return errors[""]?.[0] ?? Object.values(errors).find((messages) => messages?.length)?.[0];
}

function isActionFailure(answer: unknown): answer is ActionFailure {
  if (typeof answer !== "object" || answer === null || !("result" in answer)) return false;
  const result = (answer as { result: unknown }).result;
  return typeof result === "object" && result !== null;
}

/**
 * The values a refused post sends back (Conform's `initialValue`), for a page without the form kit (a client's
 * plain form) to show what was typed again; null when the answer holds none.
 */
export function postedValues(answer: unknown): Record<string, unknown> | null {
  if (typeof answer !== "object" || answer === null || !("result" in answer)) return null;
  const result = (answer as { result?: { initialValue?: unknown } }).result;
  return typeof result?.initialValue === "object" && result.initialValue !== null
    ? (result.initialValue as Record<string, unknown>)
    : null;
}
