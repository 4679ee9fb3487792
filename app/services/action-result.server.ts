/**
 * The one way a route answers (docs/architecture.md, "How a route answers"):
 * - success: `redirectWithToast(config, url, toast)` (post/redirect/get with a flash toast), or the
 *   page's own data;
 * - invalid input: `invalid(submission)`, a 400 with the field errors for the form to show;
 * - a refusal: `refuse(status, message)`, 401/403/404/409/410/429 (never 200) with the message as
 *   the form's error (or a field's) and as an error toast; a 429 says when to come back (Retry-After);
 * - a failure of ours: `serverError(submission, toast)`, a 500 that keeps what was typed and shows
 *   the toast (and the message as the form's error, for readers without JavaScript);
 * - a record that is not there: `notFound(message)` throws a 404 the shared error boundary shows
 *   (`app/components/admin/route-error.tsx`);
 * - a signed-in user without the right: `forbidden(message)` throws a 403 ('Access Denied').
 * Every failure answer has the one shape `ActionFailure` (`app/domain/action-answer.ts`): Conform's
 * reply plus an optional toast; `useAdminForm` (`app/components/admin/form.tsx`) reads it, and
 * a fetcher that is no form reads it with `failureMessage`.
 */
import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import { type ActionFailure, refusalResult } from "#app/domain/action-answer.ts";
import type { ToastData } from "#app/domain/toast.ts";

export { redirectWithToast } from "#app/services/toast.server.ts";

type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] };
type AnySubmission = { reply(options?: ReplyOptions): ActionFailure["result"] } | Pick<Submission<unknown>, "reply">;

type AnswerOptions<Extra extends object = object> = {
  /** the form the answer is for, on a page with several */
  form?: string;
  /** fields never sent back (passwords) */
  hideFields?: string[];
  headers?: HeadersInit;
  /** what the re-rendered form needs besides (the editor's project choices for the posted customer) */
  extra?: Extra;
};

function reply(submission: AnySubmission, options: ReplyOptions) {
  return (submission as { reply(options?: ReplyOptions): ActionFailure["result"] }).reply(options);
}

function answer<Extra extends object>(
  failure: ActionFailure,
  status: number,
  options: { headers?: HeadersInit; extra?: Extra },
) {
  const body: ActionFailure = { result: failure.result };
  if (failure.toast) body.toast = failure.toast;
  if (failure.form !== undefined) body.form = failure.form;
  return data({ ...options.extra, ...body } as ActionFailure & Extra, { status, headers: options.headers });
}

/**
 * Invalid input: 400 with the field errors (plus `fieldErrors`/`formError` a rule outside the schema
 * found). `null` for a form Conform does not drive: the errors alone.
 */
export function invalid<Extra extends object = object>(
  submission: AnySubmission | null,
  options: AnswerOptions<Extra> & {
    toast?: ToastData;
    fieldErrors?: Record<string, string[]>;
    formError?: string;
  } = {},
) {
  const extraErrors =
    options.fieldErrors || options.formError
      ? { fieldErrors: options.fieldErrors, formErrors: options.formError ? [options.formError] : undefined }
      : {};
  // without a Conform submission (a hand-written form, a fetcher): the errors alone
  const result = submission
    ? reply(submission, { hideFields: options.hideFields, ...extraErrors })
    : {
        status: "error" as const,
        error: { ...options.fieldErrors, ...(options.formError ? { "": [options.formError] } : {}) },
      };
  return answer({ result, toast: options.toast, form: options.form }, 400, options);
}

/**
 * A form control intent (add or remove a line without JavaScript): not a failure, the form comes back
 * as the server changed it (200). `values` are fields the server filled in over what was posted
 * (the editor's lines from the chosen project).
 */
export function formIntent<Extra extends object = object>(
  submission: AnySubmission,
  options: AnswerOptions<Extra> & { values?: Record<string, unknown> } = {},
) {
  const result = reply(submission, { hideFields: options.hideFields });
  const filled = options.values
    ? { ...result, initialValue: { ...result.initialValue, ...options.values } as typeof result.initialValue }
    : result;
  return answer({ result: filled, form: options.form }, 200, options);
}

/** 401 not signed in (or a refused sign-in), 403 forbidden, 404 gone, 409 conflict, 410 a used link, 429 too many. */
export type RefusalStatus = 401 | 403 | 404 | 409 | 410 | 429;

/**
 * A refusal: the message as the form's error (or `field`'s) and as an error toast, with what was
 * typed when there is a `submission`. A 429 carries Retry-After (`retryAfterSeconds`, else a minute).
 */
export function refuse<Extra extends object = object>(
  status: RefusalStatus,
  message: string,
  options: AnswerOptions<Extra> & {
    submission?: AnySubmission;
    field?: string;
    toast?: ToastData | false;
    retryAfterSeconds?: number;
  } = {},
) {
  const errors =
    options.field === undefined ? { formErrors: [message] } : { fieldErrors: { [options.field]: [message] } };
  const result = options.submission
    ? reply(options.submission, { hideFields: options.hideFields, ...errors })
    : refusalResult(message, options.field);
  const toast = options.toast === false ? undefined : (options.toast ?? { type: "error" as const, message });
  const headers = new Headers(options.headers);
  if (status === 429) headers.set("Retry-After", String(Math.max(1, Math.ceil(options.retryAfterSeconds ?? 60))));
  return answer({ result, toast, form: options.form }, status, { headers, extra: options.extra });
}

/**
 * A page that shows its own refusal (an invitation no longer valid, the site's 404 page): its data,
 * answered with the refusal's status, never 200. A 429 says when to come back.
 */
export function refusalPage<Body>(status: RefusalStatus, body: Body, headers?: HeadersInit, retryAfterSeconds = 600) {
  const all = new Headers(headers);
  if (status === 429) all.set("Retry-After", String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return data(body, { status, headers: all });
}

/** A failure of ours: 500, what was typed kept, the toast shown and its message as the form's error. */
export function serverError<Extra extends object = object>(
  submission: AnySubmission | undefined,
  toast: ToastData,
  options: AnswerOptions<Extra> = {},
) {
  const message = toast.description ?? toast.message;
  const result = submission
    ? reply(submission, { hideFields: options.hideFields, formErrors: [message] })
    : refusalResult(message);
  return answer({ result, toast, form: options.form }, 500, options);
}

/** A file or a stream (a PDF, a CSV export, the change stream): 200, with the headers that describe it. */
export function fileAnswer(body: BodyInit, headers: HeadersInit): Response {
  return new Response(body, { headers });
}

/** The caller's copy is current (its If-None-Match named the ETag): 304, no body, the same headers. */
export function notModified(headers: HeadersInit): Response {
  return new Response(null, { status: 304, headers });
}

/** A status line may carry printable ASCII only: other messages stay in the body alone. */
function thrown(status: number, message: string, headers?: HeadersInit): never {
  throw data(message, { status, statusText: /^[\x20-\x7e]*$/.test(message) ? message : undefined, headers });
}

/**
 * The record (or page) is not there: throws a 404 whose text is `message` (the 'Customer not
 * found', 'Invoice not found', ...). The shared error boundary shows it as the not-found view.
 */
export function notFound(message = "Not found", headers?: HeadersInit): never {
  thrown(404, message, headers);
}

/**
 * Signed in without the right (the admin guard): throws a 403 'Access Denied' whose plain-text body is
 * `message`, for a page (the shared boundary's Access Denied view) and a resource route (the event
 * stream) alike; never cached.
 */
export function forbidden(message: string): never {
  throw new Response(message, {
    status: 403,
    statusText: "Access Denied",
    headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** A request no form of ours sends (an unknown intent): throws a 400 the error boundary shows. */
export function badRequest(message: string, headers?: HeadersInit): never {
  thrown(400, message, headers);
}

/** Busy for now (a capped resource such as PDF renders): throws a 503 with Retry-After, never cached. */
export function serviceUnavailable(message: string, retryAfterSeconds: number): never {
  thrown(503, message, {
    "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))),
    "Cache-Control": "no-store",
  });
}

/** Too many requests for a page or a download (no form to answer): throws a 429 with Retry-After. */
export function tooManyRequests(message: string, retryAfterSeconds: number, headers?: HeadersInit): never {
  const all = new Headers(headers);
  all.set("Retry-After", String(Math.max(1, Math.ceil(retryAfterSeconds))));
  thrown(429, message, all);
}
