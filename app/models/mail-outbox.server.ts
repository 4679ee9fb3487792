/** The mail outbox's rows (app/services/mail.server.ts delivers them). */
import { and, eq, inArray, like, lt, lte, ne, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { mailAttachments, mailOutbox } from "#app/db/schema.ts";

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function insertMail(
  db: Queryable,
  row: { to: string; subject: string; text: string; content: string | null },
): Promise<string> {
  const [created] = await db.insert(mailOutbox).values(row).returning({ id: mailOutbox.id });
  if (!created) throw new Error("outbox insert returned nothing");
  return created.id;
}

/** A file to send: its bytes, or what to render at delivery (`source`, JSON, sealed when the mail is). */
export type StoredAttachment = { filename: string; contentType: string } & (
  | { content: Uint8Array; source?: null }
  | { content?: null; source: string }
);

/** Files to send with an outbox message (in the message's transaction). */
export async function insertAttachments(
  db: Queryable,
  mailId: string,
  files: readonly StoredAttachment[],
): Promise<void> {
  if (files.length === 0) return;
  await db.insert(mailAttachments).values(
    files.map((file) => ({
      mailId,
      filename: file.filename,
      contentType: file.contentType,
      content: file.content ?? null,
      source: file.source ?? null,
    })),
  );
}

type AttachmentRow = { filename: string; contentType: string; content: Uint8Array | null; source: string | null };

/** The attachments of the given messages, by message id. */
export async function attachmentsOf(db: Queryable, mailIds: readonly string[]): Promise<Map<string, AttachmentRow[]>> {
  const byMail = new Map<string, AttachmentRow[]>();
  if (mailIds.length === 0) return byMail;
  const rows = await db
    .select({
      mailId: mailAttachments.mailId,
      filename: mailAttachments.filename,
      contentType: mailAttachments.contentType,
      content: mailAttachments.content,
      source: mailAttachments.source,
    })
    .from(mailAttachments)
    .where(inArray(mailAttachments.mailId, [...mailIds]));
  for (const { mailId, ...file } of rows) byMail.set(mailId, [...(byMail.get(mailId) ?? []), file]);
  return byMail;
}

/** Drops a message's attachments (once it has been handed over, or has failed for good). */
export async function deleteAttachments(db: Queryable, mailId: string): Promise<void> {
  await db.delete(mailAttachments).where(eq(mailAttachments.mailId, mailId));
}

/** Drops the attachments of every message no longer waiting to be sent (delivered, kept or failed). */
export async function deleteAttachmentsOfHandledMail(db: Queryable): Promise<void> {
  await db
    .delete(mailAttachments)
    .where(
      inArray(
        mailAttachments.mailId,
        db.select({ id: mailOutbox.id }).from(mailOutbox).where(ne(mailOutbox.status, "pending")),
      ),
    );
}

/**
 * Claims up to `batch` due messages (FOR UPDATE SKIP LOCKED, so several workers never take the
 * same one): one more attempt counted, and not due again until `claimUntil`.
 */
export async function claimDueMail(
  db: Queryable,
  options: { dueBy: Date | SQL; claimUntil: Date; batch: number },
): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, options.dueBy)))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(options.batch)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: options.claimUntil })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

export async function updateMail(
  db: Queryable,
  id: string,
  changes: Partial<Pick<OutboxRow, "status" | "sentAt" | "lastError" | "nextAttemptAt" | "text" | "content">>,
): Promise<void> {
  await db.update(mailOutbox).set(changes).where(eq(mailOutbox.id, id));
}

/** Replaces the bodies of sealed messages created before `cutoff`; undelivered ones fail. */
export async function dropSealedBodiesBefore(db: Queryable, sealedPrefix: string, cutoff: Date, placeholder: string) {
  await db
    .update(mailOutbox)
    .set({
      text: placeholder,
      content: null,
      status: sql`case when ${mailOutbox.status} = 'pending' then 'failed'::mail_status else ${mailOutbox.status} end`,
    })
    .where(and(like(mailOutbox.text, `${sealedPrefix}%`), lt(mailOutbox.createdAt, cutoff)));
}
