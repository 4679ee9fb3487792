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
import { publishMailQueued } from "#app/db/changes.server.ts";
import type { Queryable } from "#app/db/client.server.ts";
import {
  type AttachmentSource,
  type MailContent,
  mailPlainText,
  maxAttachmentAttempts,
  paragraphs,
  parseAttachmentSource,
  parseMailContent,
} from "#app/domain/mail.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { recordPdfFailure } from "#app/models/invoice-sends.server.ts";
import {
  attachmentsOf,
  claimDueMail,
  deleteAttachments,
  deleteAttachmentsOfHandledMail,
  dropSealedBodiesBefore,
  insertAttachments,
  insertMail,
  type StoredAttachment,
  updateMail,
} from "#app/models/mail-outbox.server.ts";
import type { Logger } from "#app/services/logger.server.ts";
import { type MailBranding, mailBranding, renderAttachment } from "#app/services/mail-parts.server.ts";
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

/**
 * A mail: who to, and what it says (domain/mail.ts: the blocks its text and HTML parts are written
 * from). A plain `text` stands for its paragraphs, without a button.
 */
export type MailMessage = { to: string } & (MailContent | { subject: string; text: string; preview?: string });

/** A file to attach: its bytes now, or what to render when the mail is delivered (a document's PDF). */
export type Attachment =
  | { filename: string; contentType: string; content: Uint8Array }
  | { filename: string; contentType: string; source: AttachmentSource };

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
 * Puts a message in the outbox. Pass the transaction the message belongs to. Its plain text is written
 * now (the blocks, then the studio's contact details); its structure is kept for the HTML part, which
 * the mail worker renders at delivery (ADR 0049). A message that carries a secret is sealed with
 * `options.seal`, its structure and attachments too (a document's PDF prints its client link as a QR
 * code); its bodies are dropped once delivered or expired. An attachment given as a `source` is only
 * rendered at delivery, so no PDF is made inside the caller's transaction and none is kept; attachments
 * are only kept until the message is handed over (sent, kept or failed for good), whatever they hold.
 * The commit wakes the mail worker (`publishMailQueued`): no caller kicks it.
 */
export async function enqueueMail(
  db: Queryable,
  message: MailMessage,
  options: { seal?: MailKey; attachments?: readonly Attachment[] } = {},
) {
  const { seal } = options;
  const studio = await getStudioIdentity(db);
  const content: MailContent = {
    subject: message.subject,
    blocks: "blocks" in message ? message.blocks : paragraphs(message.text),
    ...(message.preview ? { preview: message.preview } : {}),
  };
  const plain = mailPlainText(content, studio);
  const structure = JSON.stringify(content);
  const id = await insertMail(db, {
    to: message.to,
    subject: message.subject,
    text: seal ? sealText(seal, plain) : plain,
    content: seal ? sealText(seal, structure) : structure,
  });
  const attachments = (options.attachments ?? []).map((file): StoredAttachment => {
    if ("source" in file) {
      const source = JSON.stringify(file.source);
      return { filename: file.filename, contentType: file.contentType, source: seal ? sealText(seal, source) : source };
    }
    return { ...file, content: seal ? sealBytes(seal, file.content) : file.content };
  });
  await insertAttachments(db, id, attachments);
  // every instance's mail worker hears it once this commits and delivers at once
  await publishMailQueued(db);
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
  /** for tests: how an attachment's source is rendered */
  renderAttachment?: (
    db: Queryable,
    source: AttachmentSource,
    options: { onlinePayments?: boolean },
  ) => Promise<Uint8Array>;
  /** whether a payment provider is set up: a document's PDF then offers to pay online */
  onlinePayments?: boolean;
};

type Opened = {
  text: string;
  content: MailContent | null;
  files: { filename: string; contentType: string; content: Uint8Array | null; source: AttachmentSource | null }[];
};

/** A claimed message's bodies and attachments, opened with the key; null when one cannot be opened. */
function openMessage(
  message: { text: string; content: string | null },
  rows: { filename: string; contentType: string; content: Uint8Array | null; source: string | null }[],
  key: MailKey | undefined,
): Opened | null {
  const text = openText(key, message.text);
  if (text === null) return null;
  const structure = message.content === null ? null : openText(key, message.content);
  const files: Opened["files"] = [];
  for (const row of rows) {
    if (row.content) {
      const content = openBytes(key, row.content);
      if (content === null) return null;
      files.push({ filename: row.filename, contentType: row.contentType, content, source: null });
      continue;
    }
    const source = row.source === null ? null : openText(key, row.source);
    const parsed = source === null ? null : parseAttachmentSource(source);
    if (!parsed) return null;
    files.push({ filename: row.filename, contentType: row.contentType, content: null, source: parsed });
  }
  return { text, content: structure === null ? null : parseMailContent(structure), files };
}

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
  // the studio's look, read once per batch, and only when something is sent
  let branding: Promise<MailBranding> | null = null;
  const render = options.renderAttachment ?? renderAttachment;
  for (const message of claimed) {
    const sealed = isSealed(message.text);
    const opened = openMessage(message, attachments.get(message.id) ?? [], options.key);
    if (!opened) {
      options.logger.error({ mailId: message.id }, "mail body cannot be opened (SESSION_SECRET changed?)");
      await updateMail(db, message.id, { status: "failed", lastError: "sealed body cannot be opened" });
      await deleteAttachments(db, message.id);
      continue;
    }
    const { text } = opened;
    // once handed over, a body that carried a secret is not kept, and no attachment is
    const drop = sealed ? { text: droppedBody, content: null } : {};
    if (!options.transport) {
      options.logger.info(
        { mailId: message.id, to: message.to, subject: message.subject, text },
        "mail kept in the outbox (SMTP_URL is not set)",
      );
      await updateMail(db, message.id, { status: "kept", ...drop });
      await deleteAttachments(db, message.id);
      continue;
    }
    // attachments to render now: a failure is retried with the mail, and after the last try the
    // mail goes without it (the link is in the text), the reason kept on the send history
    const files: { filename: string; contentType: string; content: Uint8Array }[] = [];
    const failures: string[] = [];
    for (const file of opened.files) {
      if (file.content) {
        files.push({ filename: file.filename, contentType: file.contentType, content: file.content });
        continue;
      }
      if (!file.source) continue;
      try {
        files.push({
          filename: file.filename,
          contentType: file.contentType,
          content: await render(db, file.source, { onlinePayments: options.onlinePayments }),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        failures.push(reason.slice(0, 400) || "rendering failed");
        options.logger.error(
          { err: error, mailId: message.id, attempts: message.attempts },
          "mail attachment could not be made",
        );
      }
    }
    if (failures.length && message.attempts < maxAttachmentAttempts) {
      await updateMail(db, message.id, {
        status: "pending",
        lastError: `attachment: ${failures[0]}`.slice(0, 1000),
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(message.attempts)),
      });
      continue;
    }
    let html: {
      html: string;
      inline: { filename: string; contentType: string; content: Uint8Array; cid: string }[];
    } | null = null;
    if (opened.content) {
      try {
        branding ??= mailBranding(db);
        const { renderMailHtml } = await import("#app/services/mail-html.server.tsx");
        html = await renderMailHtml(opened.content, await branding);
      } catch (error) {
        // the plain text still goes: a mail is never held back by its HTML
        options.logger.error({ err: error, mailId: message.id }, "mail HTML could not be rendered");
      }
    }
    try {
      await options.transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text,
        html: html?.html,
        attachments: [
          ...files.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.content),
          })),
          ...(html?.inline ?? []).map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.content),
            cid: file.cid,
            contentDisposition: "inline" as const,
          })),
        ],
      });
      await updateMail(db, message.id, { status: "sent", sentAt: new Date(), lastError: null, ...drop });
      await deleteAttachments(db, message.id);
      if (failures.length) await recordPdfFailure(db, message.id, failures[0] ?? "rendering failed");
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
