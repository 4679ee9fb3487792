/** What the login page's mode handlers share: the action's answer shape and the unexpected-failure path. */
import type { SubmissionResult } from "@conform-to/react";
import type { Logger } from "#app/services/logger.server.ts";

export type LoginActionData = {
  intent: "signin" | "forgot" | "recovery" | "recovery-check";
  result?: SubmissionResult<string[]>;
  /** a failure: an error toast with JavaScript, an alert in the page without */
  error?: string;
  /** the reset link was requested for this address */
  sentTo?: string;
  /** the recovery link opened is still usable */
  linkValid?: boolean;
};

/** An unexpected failure: logged, and shown as the spec's generic message. */
export function unexpected(logger: Logger, error: unknown, message: string) {
  logger.error({ err: error }, message);
  return { ok: false as const, message, field: undefined };
}
