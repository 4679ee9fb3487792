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
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Queryable } from "#app/db/client.server.ts";
import { mailOutbox } from "#app/db/schema.ts";
import type { Logger } from "#app/services/logger.server.ts";

export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Puts a message in the outbox. Pass the transaction the message belongs to. */
export async function enqueueMail(db: Queryable, message: MailMessage): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("outbox insert returned nothing");
  return row.id;
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
};

/** Sends (or keeps) what is due. Returns how many messages it handled. */
export async function deliverDueMail(db: Queryable, options: DeliveryOptions): Promise<number> {
  const now = options.now ?? new Date();
  // "Due" is judged by the database's clock unless a time is given: a message committed within the same
  // millisecond as this call (microseconds in PostgreSQL) is then not mistaken for a future one.
  const dueBy = options.now ?? sql`now()`;
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, dueBy)))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(options.batch ?? 20)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + claimMs) })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });

  for (const message of claimed) {
    if (!options.transport) {
      options.logger.info(
        { mailId: message.id, to: message.to, subject: message.subject, text: message.text },
        "mail kept in the outbox (SMTP_URL is not set)",
      );
      await db.update(mailOutbox).set({ status: "kept" }).where(eq(mailOutbox.id, message.id));
      continue;
    }
    try {
      await options.transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
      });
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), lastError: null })
        .where(eq(mailOutbox.id, message.id));
      options.logger.info({ mailId: message.id, subject: message.subject }, "mail sent");
    } catch (error) {
      const failedForGood = message.attempts >= maxMailAttempts;
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .update(mailOutbox)
        .set({
          status: failedForGood ? "failed" : "pending",
          lastError: reason.slice(0, 1000),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(message.attempts)),
        })
        .where(eq(mailOutbox.id, message.id));
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

/** Runs delivery every `intervalMs` and whenever kicked; one run at a time. */
export function startMailWorker(
  db: Queryable,
  options: Omit<DeliveryOptions, "now"> & { intervalMs?: number; onIdle?: () => Promise<void> },
): MailWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await deliverDueMail(db, options);
        } while (again && !stopped);
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
    kick: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      options.transport?.close?.();
    },
  };
}
