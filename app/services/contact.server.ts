/**
 * Receiving a public inquiry: spam checks, validation, the per-IP limit, the
 * row, and the owner's notification, in that order. Bots get an answer that
 * looks like success and nothing is stored. Refusals are logged without the
 * message body.
 */
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import type { AppContext } from "#app/context.server.ts";
import { contactFormSchema, contactMessages, toSubmissionRow } from "#app/domain/contact-form.ts";
import { inquiryNotification } from "#app/domain/inquiry-mail.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { createSubmission } from "#app/models/contact-submissions.server.ts";
import { checkFormToken } from "#app/services/form-token.server.ts";
import { enqueueMail } from "#app/services/mail.server.ts";
import { hitRateLimit } from "#app/services/rate-limit.server.ts";

/** The honeypot: a field people never see or fill in. */
export const honeypotField = "company_website";
export const formTokenField = "form_token";

export type InquiryOutcome =
  | { kind: "stored"; id: string }
  /** refused quietly; answer as if stored */
  | { kind: "ignored"; reason: "honeypot" | "too-fast" | "expired" | "invalid-token" | "missing-token" }
  /** field errors and the visitor's values, for Conform */
  | { kind: "invalid"; result: SubmissionResult<string[]> }
  /** over the per-IP limit; the visitor's values come back with it */
  | { kind: "limited"; retryAfterSeconds: number; result: SubmissionResult<string[]> };

export async function receiveInquiry(
  app: Pick<AppContext, "config" | "database" | "mail" | "logger" | "ip">,
  formData: FormData,
): Promise<InquiryOutcome> {
  const { config, database, logger } = app;

  const honeypot = formData.get(honeypotField);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    logger.info({ reason: "honeypot" }, "contact submission refused");
    return { kind: "ignored", reason: "honeypot" };
  }
  const token = checkFormToken(config.sessionSecret, formData.get(formTokenField));
  if (token !== "ok") {
    const reason = token === "invalid" ? "invalid-token" : token === "missing" ? "missing-token" : token;
    logger.info({ reason }, "contact submission refused");
    return { kind: "ignored", reason };
  }

  const submission = parseWithZod(formData, { schema: contactFormSchema });
  if (submission.status !== "success") return { kind: "invalid", result: submission.reply() };

  if (config.contactRateLimit) {
    const limit = await hitRateLimit(database.db, `contact:ip:${app.ip}`, config.contactRateLimit);
    if (!limit.allowed) {
      logger.info({ reason: "rate-limit", hits: limit.hits }, "contact submission refused");
      return { kind: "limited", retryAfterSeconds: limit.retryAfterSeconds, result: submission.reply() };
    }
  }

  const row = toSubmissionRow(submission.value);
  const created = await database.db.transaction(async (tx) => {
    const stored = await createSubmission(tx, row);
    const studio = await getStudioIdentity(tx);
    const mail = inquiryNotification(row, `${config.publicUrl}/admin/dashboard?submission=${stored.id}`);
    await enqueueMail(tx, { to: studio.email, ...mail });
    return stored;
  });
  app.mail.kick();
  logger.info({ submissionId: created.id }, "contact submission stored");
  return { kind: "stored", id: created.id };
}

/** What the form shows after a post, in the page (no JavaScript) or as JSON (the form's script). */
export type ContactAnswer =
  | { status: "sent" }
  | { status: "invalid"; result: SubmissionResult<string[]> }
  | { status: "error"; message: string; result?: SubmissionResult<string[]> };

/** The HTTP answer for an outcome: bots are answered like people whose message was sent. */
export function answerInquiry(outcome: InquiryOutcome): {
  status: number;
  headers: Record<string, string>;
  body: ContactAnswer;
} {
  const headers = { "Cache-Control": "no-store" };
  switch (outcome.kind) {
    case "stored":
    case "ignored":
      return { status: 200, headers, body: { status: "sent" } };
    case "invalid":
      return { status: 400, headers, body: { status: "invalid", result: outcome.result } };
    case "limited":
      return {
        status: 429,
        headers: { ...headers, "Retry-After": String(outcome.retryAfterSeconds) },
        body: { status: "error", message: contactMessages.rateLimited, result: outcome.result },
      };
  }
}

/** receiveInquiry + answerInquiry; an unexpected failure is logged and answered with the generic error. */
export async function handleInquiryPost(app: Parameters<typeof receiveInquiry>[0], request: Request) {
  try {
    return answerInquiry(await receiveInquiry(app, await request.formData()));
  } catch (error) {
    app.logger.error({ err: error }, "contact submission failed");
    return {
      status: 500,
      headers: { "Cache-Control": "no-store" },
      body: { status: "error", message: contactMessages.errorDescription } as ContactAnswer,
    };
  }
}
