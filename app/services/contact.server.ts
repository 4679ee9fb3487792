/**
 * Receiving a public inquiry: spam checks, validation, the per-IP limit, the
 * row, and the owner's notification, in that order. Bots get an answer that
 * looks like success and nothing is stored. Refusals are logged without the
 * message body.
 */
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import type { AppContext } from "#app/context.server.ts";
import { contactFormSchema, toSubmissionRow } from "#app/domain/contact-form.ts";
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
  | { kind: "limited"; retryAfterSeconds: number };

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
      return { kind: "limited", retryAfterSeconds: limit.retryAfterSeconds };
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
