/**
 * The one mail service. Every message is written to the outbox table first
 * (inside the caller's transaction when there is one, so nothing is sent for
 * work that rolled back), then delivered by the outbox worker: through SMTP
 * when SMTP_URL is set, else kept in the outbox and logged so that the owner
 * can still read it (for example a password-reset link).
 *
 * Delivery claims rows with FOR UPDATE SKIP LOCKED, so several instances
 * never send the same message twice; a failed send is retried with backoff.
 */
import { sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Queryable } from "#app/db/client.server.ts";
import {
  type Attachment,
  attachmentsOf,
  claimDueMail,
  deleteAttachments,
  deleteAttachmentsOfHandledMail,
  dropSealedBodiesBefore,
  insertAttachments,
  insertMail,
  updateMail,
} from "#app/models/mail-outbox.server.ts";
import type { Logger } from "#app/services/logger.server.ts";
import {
  isSealed,
  openBytes,
  openText,
  type SealKey,
  sealBytes,
  sealedTextPrefix,
  sealKey,
  sealText,
} from "#app/services/sealing.server.ts";

export type MailMessage = { to: string; subject: string; text: string; html?: string };

/**
 * The key that seals mail bodies carrying a secret (reset, invitation and client links), the
 * mail outbox's own key (sealing.server.ts), so the outbox table (or a backup of it) holds no usable link.
 */
export type MailKey = SealKey;
export function mailKey(sessionSecret: string): MailKey {
  return sealKey(sessionSecret, "mail-outbox");
}

/** What a sealed body becomes once delivered or expired. */
export const droppedBody = "(removed: this message carried a secret and was delivered or has expired)";
/** Sealed bodies are dropped after this long, delivered or not (reset links live 1 hour). */
export const sealedBodyLifetimeMs = 2 * 3600_000;

/**
 * Puts a message in the outbox. Pass the transaction the message belongs to. A message that
 * carries a secret is sealed with `options.seal`, its attachments too (a document's PDF prints its
 * client link as a QR code); its body is dropped once delivered or expired. Attachments are only
 * kept until the message is handed over (sent, kept or failed for good), whatever they hold.
 */
export async function enqueueMail(
  db: Queryable,
  message: MailMessage,
  options: { seal?: MailKey; attachments?: readonly Attachment[] } = {},
) {
  const { seal } = options;
  const text = seal ? sealText(seal, message.text) : message.text;
  const html = message.html ? (seal ? sealText(seal, message.html) : message.html) : null;
  const id = await insertMail(db, { to: message.to, subject: message.subject, text, html });
  const attachments = (options.attachments ?? []).map((file) =>
    seal ? { ...file, content: sealBytes(seal, file.content) } : file,
  );
  await insertAttachments(db, id, attachments);
  return id;
}

/**
 * Drops sealed bodies older than their lifetime, and the attachments of every message no longer
 * waiting (handed over, failed, or expired now; also any left from before attachments were dropped
 * on delivery). The maintenance timer calls it, at start and every 15 minutes.
 */
export async function dropExpiredSecrets(db: Queryable, now = new Date()): Promise<void> {
  await dropSealedBodiesBefore(db, sealedTextPrefix, new Date(now.getTime() - sealedBodyLifetimeMs), droppedBody);
  await deleteAttachmentsOfHandledMail(db);
}

export const maxMailAttempts = 8;

/** Minutes to wait after the n-th failed attempt: 1, 2, 4, ... capped at 60. */
export function retryDelayMs(attempt: number): number {
  return Math.min(60, 2 ** Math.max(0, attempt - 1)) * 60_000;
}

/** A claim lasts this long; a process that dies mid-send leaves the row to be retried after it. */
const claimMs = 5 * 60_000;

export type MailTransport = Pick<Transporter, "sendMail"> & { close?: () => void };

export async function createSmtpTransport(smtpUrl: string): Promise<MailTransport> {
  const { createTransport } = await import("nodemailer");
  return createTransport(smtpUrl);
}

export type DeliveryOptions = {
  transport: MailTransport | null;
  from: string;
  logger: Logger;
  now?: Date;
  batch?: number;
  /** opens sealed bodies (mailKey(SESSION_SECRET)) */
  key?: MailKey;
};

/** Sends (or keeps) what is due. Returns how many messages it handled. */
export async function deliverDueMail(db: Queryable, options: DeliveryOptions): Promise<number> {
  const now = options.now ?? new Date();
  // "Due" is judged by the database's clock unless a time is given: a message committed within the same
  // millisecond as this call (microseconds in PostgreSQL) is then not mistaken for a future one.
  const dueBy = options.now ?? sql`now()`;
  const claimed = await claimDueMail(db, {
    dueBy,
    claimUntil: new Date(now.getTime() + claimMs),
    batch: options.batch ?? 20,
  });

  const attachments = await attachmentsOf(
    db,
    claimed.map((message) => message.id),
  );
  for (const message of claimed) {
    const sealed = isSealed(message.text);
    const text = openText(options.key, message.text);
    const html = message.html === null ? null : openText(options.key, message.html);
    const files = (attachments.get(message.id) ?? []).map((file) => ({
      ...file,
      content: openBytes(options.key, file.content),
    }));
    if (text === null || files.some((file) => file.content === null)) {
      options.logger.error({ mailId: message.id }, "mail body cannot be opened (SESSION_SECRET changed?)");
      await updateMail(db, message.id, { status: "failed", lastError: "sealed body cannot be opened" });
      await deleteAttachments(db, message.id);
      continue;
    }
    // once handed over, a body that carried a secret is not kept, and no attachment is
    const drop = sealed ? { text: droppedBody, html: null } : {};
    if (!options.transport) {
      options.logger.info(
        { mailId: message.id, to: message.to, subject: message.subject, text },
        "mail kept in the outbox (SMTP_URL is not set)",
      );
      await updateMail(db, message.id, { status: "kept", ...drop });
      await deleteAttachments(db, message.id);
      continue;
    }
    try {
      await options.transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text,
        html: html ?? undefined,
        attachments: files.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: Buffer.from(file.content ?? []),
        })),
      });
      await updateMail(db, message.id, { status: "sent", sentAt: new Date(), lastError: null, ...drop });
      await deleteAttachments(db, message.id);
      options.logger.info({ mailId: message.id, subject: message.subject }, "mail sent");
    } catch (error) {
      const failedForGood = message.attempts >= maxMailAttempts;
      const reason = error instanceof Error ? error.message : String(error);
      await updateMail(db, message.id, {
        status: failedForGood ? "failed" : "pending",
        lastError: reason.slice(0, 1000),
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(message.attempts)),
      });
      if (failedForGood) await deleteAttachments(db, message.id);
      options.logger.warn({ mailId: message.id, attempts: message.attempts, err: reason }, "mail delivery failed");
    }
  }
  return claimed.length;
}

export type MailWorker = {
  /** deliver now (after a commit that queued mail) */
  kick(): void;
  stop(): Promise<void>;
};

/**
 * Runs delivery every `intervalMs` and shortly after a kick; one run at a time. Kicks within
 * `kickDelayMs` of each other make one run: a burst of inquiries wakes the worker once per
 * batch, not once per post.
 */
export function startMailWorker(
  db: Queryable,
  options: Omit<DeliveryOptions, "now"> & {
    intervalMs?: number;
    kickDelayMs?: number;
    onIdle?: () => Promise<void>;
    /** work that queues mail, done before each delivery (the clients' requests for a portal link) */
    prepare?: () => Promise<unknown>;
  },
): MailWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let kicked: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        const batch = options.batch ?? 20;
        let handled = 0;
        do {
          again = false;
          await options.prepare?.().catch((error: unknown) => {
            options.logger.warn({ err: error }, "mail worker: preparing mail failed");
          });
          handled = await deliverDueMail(db, options);
          // a full batch: more may be waiting behind it
        } while ((again || handled >= batch) && !stopped);
        await options.onIdle?.();
      } catch (error) {
        options.logger.error({ err: error }, "mail worker error");
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(run, options.intervalMs ?? 15_000);
  timer.unref();
  run();
  return {
    kick() {
      if (kicked || stopped) return;
      kicked = setTimeout(() => {
        kicked = null;
        run();
      }, options.kickDelayMs ?? 200);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (kicked) clearTimeout(kicked);
      await running;
      options.transport?.close?.();
    },
  };
}
