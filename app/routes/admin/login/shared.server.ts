/**
 * What the login page's mode handlers share: the answers (the contract of action-result.server.ts,
 * with `form` naming the mode's form) and the unexpected-failure path.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { ActionFailure } from "#app/domain/action-answer.ts";
import { fail } from "#app/domain/result.ts";
import { invalid, type RefusalStatus, refuse, serverError } from "#app/services/action-result.server.ts";
import type { Logger } from "#app/services/logger.server.ts";

export type LoginIntent = "signin" | "forgot" | "recovery" | "recovery-check";

/**
 * The login page's answers: a failure of one mode's form (`form` is its intent; `linkValid: false`
 * when the reset link is dead), or a mode's news: the reset link was sent, the opened link works.
 */
export type LoginActionData =
  | (ActionFailure & { linkValid?: false })
  | { form: "forgot"; sentTo: string }
  | { form: "recovery-check"; linkValid: boolean };

type Replying = { reply(options?: { hideFields?: string[]; formErrors?: string[] }): SubmissionResult<string[]> };

/** Field errors of the form: 400. */
export function invalidLogin(intent: LoginIntent, submission: Replying, hideFields?: string[]) {
  return invalid(submission, { form: intent, hideFields });
}

/**
 * A refusal (wrong password 401, used link 410, too many attempts 429) or a failure of ours (500):
 * the message as an error toast and as the form's error in the page, so it shows without
 * JavaScript too.
 */
export function refusedLogin(
  intent: LoginIntent,
  submission: Replying,
  message: string,
  options: { status: RefusalStatus | 500; hideFields?: string[]; linkValid?: false },
) {
  const { status, hideFields } = options;
  const extra = options.linkValid === false ? { linkValid: false as const } : {};
  if (status === 500) return serverError(submission, { type: "error", message }, { form: intent, hideFields, extra });
  return refuse(status, message, { submission, form: intent, hideFields, extra });
}

/** A mode's news (not a failure): the reset link was sent, or whether the opened link works. */
export function loginNews(news: { form: "forgot"; sentTo: string } | { form: "recovery-check"; linkValid: boolean }) {
  return data<LoginActionData>(news);
}

/** An unexpected failure: logged, and answered with the generic message. */
export function unexpected(logger: Logger, error: unknown, message: string) {
  logger.error({ err: error }, message);
  return fail("unexpected", { message });
}
