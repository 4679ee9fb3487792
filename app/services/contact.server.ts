/**
 * Receiving a public inquiry: spam checks, validation, the per-IP limit, the row, and the
 * owner's notification, in that order. Nothing a person wrote is thrown away: suspected spam
 * is kept for the owner's review (services/spam.server.ts) and answered like a sent message;
 * a stale form comes back with the visitor's values and a fresh token (`staleFormToken`: one that
 * skips the time trap only once per expired page token). Refusals are logged without the message body.
 */
import { randomUUID } from "node:crypto";
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import type { AppContext } from "#app/context.server.ts";
import { type ContactAnswer, contactFormSchema, contactMessages, toSubmissionRow } from "#app/domain/contact-form.ts";
import type { SpamReason } from "#app/domain/enums.ts";
import { inquiryNotification } from "#app/domain/inquiry-mail.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { createSubmission } from "#app/models/contact-submissions.server.ts";
import {
  checkFormToken,
  formTokenIssuedAt,
  formTokenSignature,
  issueFormToken,
  issueRefilledFormToken,
  maximumAgeMs,
  minimumFillMs,
} from "#app/services/form-token.server.ts";
import { enqueueMail } from "#app/services/mail.server.ts";
import { countUse, hitAddressLimit } from "#app/services/rate-limit.server.ts";
import { keepSpam, spamFields } from "#app/services/spam.server.ts";

/** The honeypot: a field people never see or fill in. */
export const honeypotField = "company_website";
export const formTokenField = "form_token";
/** More stored inquiries than this from one page's token: the token is being replayed. */
export const maxUsesPerFormToken = 3;

export type InquiryOutcome =
  | { kind: "stored"; id: string }
  /** kept as suspected spam for the owner's review; answered as if stored */
  | { kind: "spam"; reason: SpamReason; id: string }
  /** the page was older than a day: the form again, with the values and a fresh token */
  | { kind: "stale"; formToken: string; result: SubmissionResult<string[]> }
  /** field errors and the visitor's values, for Conform */
  | { kind: "invalid"; result: SubmissionResult<string[]> }
  /** over the per-IP limit; the visitor's values come back with it */
  | { kind: "limited"; retryAfterSeconds: number; result: SubmissionResult<string[]> };

type InquiryApp = Pick<AppContext, "config" | "database" | "mail" | "logger" | "ip">;

/** Suspected spam kept per address and window (its own bucket, so it never uses up a person's allowance). */
const spamKeptPerIp = { limit: 30, windowMs: 600_000 };

/** Stale answers whose token skips the time trap, per address and window (a person meets a stale page rarely). */
export const refilledTokensPerIp = { limit: 5, windowMs: 600_000 };

/**
 * The token of a stale answer. A person has already filled the form in, so the token may be dated
 * back by the minimum fill time and sending again works at once; but a bot holding one expired page
 * token must not turn it into any number of tokens that skip the time trap. So the backdated token
 * is handed out once per expired page token (its use is recorded, in a window kept until the page is
 * two days old: older pages are not backdated at all) and a few times per address; every other
 * stale answer carries a token dated now, which gives nothing the contact page itself does not
 * (sending again after the minimum fill time works, and the note asks the visitor to send again).
 */
async function staleFormToken(app: InquiryApp, expiredToken: string, minFillMs: number): Promise<string> {
  const { config, database } = app;
  const issuedAt = formTokenIssuedAt(expiredToken).getTime();
  if (Date.now() - issuedAt <= 2 * maximumAgeMs) {
    const uses = await countUse(
      database.db,
      `contact:stale:${formTokenSignature(expiredToken)}`,
      new Date(issuedAt + maximumAgeMs),
    );
    if (uses === 1) {
      const perAddress = await hitAddressLimit(database.db, "contact-refill", app.ip, refilledTokensPerIp);
      if (perAddress.allowed) return issueRefilledFormToken(config.sessionSecret, minFillMs);
    }
  }
  return issueFormToken(config.sessionSecret);
}

async function takeContactLimit(app: InquiryApp, bucket: "contact" | "contact-spam" = "contact") {
  const rule = bucket === "contact" ? app.config.contactRateLimit : spamKeptPerIp;
  if (!rule) return null;
  const limit = await hitAddressLimit(app.database.db, bucket, app.ip, rule);
  return limit.allowed ? null : limit;
}

export async function receiveInquiry(app: InquiryApp, formData: FormData): Promise<InquiryOutcome> {
  const { config, database, logger } = app;
  const minFillMs = config.contactMinFillMs ?? minimumFillMs;
  const submission = parseWithZod(formData, { schema: contactFormSchema });

  const suspect = async (reason: SpamReason): Promise<InquiryOutcome> => {
    const limited = await takeContactLimit(app, "contact-spam");
    if (limited) {
      logger.info({ reason: "rate-limit", suspected: reason, hits: limited.hits }, "contact submission refused");
      return { kind: "limited", retryAfterSeconds: limited.retryAfterSeconds, result: submission.reply() };
    }
    const kept = await keepSpam(database.db, reason, spamFields(formData, honeypotField));
    // refused from the inbox, kept in Spam for the owner's review
    logger.info({ reason, keptAsSpam: kept.id }, "contact submission refused");
    return { kind: "spam", reason, id: kept.id };
  };

  const honeypot = formData.get(honeypotField);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return suspect("honeypot");
  const rawToken = formData.get(formTokenField);
  const token = checkFormToken(config.sessionSecret, rawToken, Date.now(), minFillMs);
  if (token === "invalid" || token === "missing") return suspect(`${token}-token`);
  if (token === "too-fast") return suspect("too-fast");
  if (token === "expired") {
    logger.info({ reason: "stale-form" }, "contact form shown again with a fresh token");
    return {
      kind: "stale",
      formToken: await staleFormToken(app, String(rawToken), minFillMs),
      result: submission.reply(),
    };
  }

  if (submission.status !== "success") return { kind: "invalid", result: submission.reply() };

  const limited = await takeContactLimit(app);
  if (limited) {
    logger.info({ reason: "rate-limit", hits: limited.hits }, "contact submission refused");
    return { kind: "limited", retryAfterSeconds: limited.retryAfterSeconds, result: submission.reply() };
  }
  const tokenText = String(rawToken);
  const uses = await countUse(
    database.db,
    `contact:token:${formTokenSignature(tokenText)}`,
    formTokenIssuedAt(tokenText),
  );
  if (uses > maxUsesPerFormToken) {
    const kept = await keepSpam(database.db, "replayed-token", spamFields(formData, honeypotField));
    logger.info({ reason: "replayed-token", keptAsSpam: kept.id }, "contact submission refused");
    return { kind: "spam", reason: "replayed-token", id: kept.id };
  }

  const row = toSubmissionRow(submission.value);
  // The insert comes last in the transaction: its trigger updates the inbox's status counter row,
  // which concurrent inquiries then wait for until this one commits. So the id is made here (the
  // owner's notification links to it) and the studio's address is read before the transaction.
  const id = randomUUID();
  const studio = await getStudioIdentity(database.db);
  const created = await database.db.transaction(async (tx) => {
    const mail = inquiryNotification(row, `${config.publicUrl}/admin/dashboard?submission=${id}`);
    await enqueueMail(tx, { to: studio.email, ...mail });
    return createSubmission(tx, row, id);
  });
  app.mail.kick();
  logger.info({ submissionId: created.id }, "contact submission stored");
  return { kind: "stored", id: created.id };
}

/** What the form shows after a post, in the page (no JavaScript) or as JSON (the form's script). */
/** The HTTP answer for an outcome: bots are answered like people whose message was sent. */
function answerInquiry(outcome: InquiryOutcome): {
  status: number;
  headers: Record<string, string>;
  body: ContactAnswer;
} {
  const headers = { "Cache-Control": "no-store" };
  switch (outcome.kind) {
    case "stored":
    case "spam":
      return { status: 200, headers, body: { status: "sent" } };
    case "stale":
      return {
        status: 409,
        headers,
        body: {
          status: "stale",
          message: contactMessages.staleForm,
          formToken: outcome.formToken,
          result: outcome.result,
        },
      };
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
