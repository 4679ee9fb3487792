/**
 * Receiving a public inquiry: spam checks, validation, the per-IP limit, the row, and the
 * owner's notification, in that order. Nothing a person wrote is thrown away: suspected spam
 * is kept for the owner's review (services/spam.server.ts) and answered like a sent message;
 * a stale form comes back with the visitor's values and a fresh token (`staleFormToken`: one that
 * skips the time trap only once per expired page token). Refusals are logged without the message body.
 */
import { randomUUID } from "node:crypto";
import type { Submission } from "@conform-to/react";
import type { AppContext } from "#app/context.server.ts";
import type { Touches } from "#app/domain/attribution.ts";
import { type ContactForm, toSubmissionRow } from "#app/domain/contact-form.ts";
import type { SpamReason } from "#app/domain/enums.ts";
import { parseSerialId } from "#app/domain/ids.ts";
import { inquiryNotification } from "#app/domain/inquiry-mail.ts";
import { fail, type Result } from "#app/domain/result.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { createSubmission } from "#app/models/contact-submissions.server.ts";
import { pricingPackageName } from "#app/models/pricing.server.ts";
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
import { firstPosted, keepSpam, spamFields } from "#app/services/spam.server.ts";

/** The honeypot: a field people never see or fill in. */
export const honeypotField = "company_website";
export const formTokenField = "form_token";
/** More stored inquiries than this from one page's token: the token is being replayed. */
export const maxUsesPerFormToken = 3;

/**
 * Stored (`spam` when it was kept as suspected spam for the owner's review: answered as if stored),
 * or why not: `stale` (the page was older than a day: the form again, with a fresh `formToken`),
 * `invalid` (the submission's field errors), `limited` (over the per-IP limit).
 */
export type InquiryOutcome = Result<
  { id: string; spam?: SpamReason },
  "stale" | "invalid" | "limited",
  { formToken?: string }
>;

/** A post of the inquiry form as the route parsed it against `contactFormSchema` (its payload: every posted value). */
export type InquirySubmission = Submission<ContactForm>;

type InquiryApp = Pick<AppContext, "config" | "database" | "logger" | "ip">;

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

/** `touches`: where the visitor came from (their visit cookie, ADR 0060), kept with the inquiry. */
export async function receiveInquiry(
  app: InquiryApp,
  submission: InquirySubmission,
  touches: Touches | null = null,
): Promise<InquiryOutcome> {
  const { config, database, logger } = app;
  const minFillMs = config.contactMinFillMs ?? minimumFillMs;
  const posted = submission.payload;

  const suspect = async (reason: SpamReason): Promise<InquiryOutcome> => {
    const limited = await takeContactLimit(app, "contact-spam");
    if (limited) {
      logger.info({ reason: "rate-limit", suspected: reason, hits: limited.hits }, "contact submission refused");
      return fail("limited", { retryAfterSeconds: limited.retryAfterSeconds });
    }
    const kept = await keepSpam(database.db, reason, spamFields(posted, honeypotField));
    // refused from the inbox, kept in Spam for the owner's review
    logger.info({ reason, keptAsSpam: kept.id }, "contact submission refused");
    return { ok: true, id: kept.id, spam: reason };
  };

  const honeypot = firstPosted(posted, honeypotField);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return suspect("honeypot");
  const rawToken = firstPosted(posted, formTokenField);
  const token = checkFormToken(config.sessionSecret, rawToken, Date.now(), minFillMs);
  if (token === "invalid" || token === "missing") return suspect(`${token}-token`);
  if (token === "too-fast") return suspect("too-fast");
  if (token === "expired") {
    logger.info({ reason: "stale-form" }, "contact form shown again with a fresh token");
    return fail("stale", { formToken: await staleFormToken(app, String(rawToken), minFillMs) });
  }

  if (submission.status !== "success") return fail("invalid");

  const limited = await takeContactLimit(app);
  if (limited) {
    logger.info({ reason: "rate-limit", hits: limited.hits }, "contact submission refused");
    return fail("limited", { retryAfterSeconds: limited.retryAfterSeconds });
  }
  const tokenText = String(rawToken);
  const uses = await countUse(
    database.db,
    `contact:token:${formTokenSignature(tokenText)}`,
    formTokenIssuedAt(tokenText),
  );
  if (uses > maxUsesPerFormToken) {
    const kept = await keepSpam(database.db, "replayed-token", spamFields(posted, honeypotField));
    logger.info({ reason: "replayed-token", keptAsSpam: kept.id }, "contact submission refused");
    return { ok: true, id: kept.id, spam: "replayed-token" };
  }

  // the package chosen on the form, by its name now; an id that names no package is ignored
  const packageId = parseSerialId(submission.value.package_id);
  const row = toSubmissionRow(submission.value, packageId ? await pricingPackageName(database.db, packageId) : null);
  // The insert comes last in the transaction: its trigger updates the inbox's status counter row,
  // which concurrent inquiries then wait for until this one commits. So the id is made here (the
  // owner's notification links to it) and the studio's address is read before the transaction.
  const id = randomUUID();
  const studio = await getStudioIdentity(database.db);
  const created = await database.db.transaction(async (tx) => {
    const mail = inquiryNotification(row, `${config.publicUrl}/admin/dashboard?submission=${id}`);
    await enqueueMail(tx, { to: studio.email, ...mail });
    return createSubmission(tx, row, id, touches);
  });
  logger.info({ submissionId: created.id }, "contact submission stored");
  return { ok: true, id: created.id };
}
