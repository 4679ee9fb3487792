/**
 * What the login page's mode handlers share: the answer shape (the form kit's `{ result, toast }`
 * plus which mode's form it is for) and the unexpected-failure path.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { ToastData } from "#app/domain/toast.ts";
import type { Logger } from "#app/services/logger.server.ts";

export type LoginIntent = "signin" | "forgot" | "recovery" | "recovery-check";

export type LoginActionData = {
  intent: LoginIntent;
  result?: SubmissionResult<string[]>;
  toast?: ToastData;
  /** the reset link was requested for this address */
  sentTo?: string;
  /** the recovery link opened is still usable */
  linkValid?: boolean;
};

type Replying = { reply(options?: { hideFields?: string[]; formErrors?: string[] }): SubmissionResult<string[]> };

/** Field errors of the form: 400. */
export function invalidLogin(intent: LoginIntent, submission: Replying, hideFields?: string[]) {
  return data<LoginActionData>({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
}

/**
 * A refusal (wrong password, used link, too many attempts): the message as an error toast and as
 * the form's error in the page, so it shows without JavaScript too. `status` 200 for an answer the
 * form expects (as the spec's sign-in failure), 429 for a limit, 500 for a failure of ours.
 */
export function refusedLogin(
  intent: LoginIntent,
  submission: Replying,
  message: string,
  options: { status?: number; hideFields?: string[]; linkValid?: boolean } = {},
) {
  return data<LoginActionData>(
    {
      intent,
      result: submission.reply({ hideFields: options.hideFields, formErrors: [message] }),
      toast: { type: "error", message },
      linkValid: options.linkValid,
    },
    { status: options.status ?? 200 },
  );
}

/** An unexpected failure: logged, and answered with the spec's generic message. */
export function unexpected(logger: Logger, error: unknown, message: string) {
  logger.error({ err: error }, message);
  return { ok: false as const, message, field: undefined, failedUs: true as const };
}
