/**
 * The one way an admin action answers (issue 10's toast path):
 * - success: `redirectWithToast(config, url, toast)` (post/redirect/get with a flash toast);
 * - invalid input: `invalid(submission)`, a 400 with the field errors for the form to show;
 * - a failure of ours: `serverError(submission, toast)`, a 500 that keeps what was typed and
 *   shows the toast (and the message as the form's error, for readers without JavaScript).
 * The form side is `useAdminForm` in `app/components/admin/form.tsx`.
 */
import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import type { ActionFailure, ToastData } from "#app/domain/toast.ts";

export { redirectWithToast } from "#app/services/toast.server.ts";

type AnySubmission = Pick<Submission<unknown, string[], unknown>, "reply">;

export function invalid(submission: AnySubmission, toast?: ToastData) {
  return data<ActionFailure>({ result: submission.reply(), toast }, { status: 400 });
}

export function serverError(submission: AnySubmission, toast: ToastData) {
  const message = toast.description ?? toast.message;
  return data<ActionFailure>({ result: submission.reply({ formErrors: [message] }), toast }, { status: 500 });
}
