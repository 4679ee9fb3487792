/**
 * The owner's notices (ADR 0041): a short back-office list of things that ask for attention, each with
 * where to act on it. Anything may post one in its own transaction (`postOwnerNotice`); `key`, when
 * given, keeps one notice per cause, so a retried job or a resent event tells the owner once. The
 * header shows the unread count (live: an `owner_notices` change event), /admin/notices the list.
 */
import { count, desc, eq, isNull, sql } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Queryable } from "#app/db/client.server.ts";
import { ownerNotices } from "#app/db/schema.ts";
import { type NoticeKind, noticeListSize } from "#app/domain/owner-notices.ts";

/** Posts a notice; false when one with the same key was posted before. */
export async function postOwnerNotice(
  db: Queryable,
  notice: { kind: NoticeKind; message: string; link?: string | null; key?: string | null },
): Promise<boolean> {
  const [row] = await db
    .insert(ownerNotices)
    .values({
      kind: notice.kind,
      message: notice.message.slice(0, 500),
      link: notice.link ?? null,
      key: notice.key ? notice.key.slice(0, 300) : null,
    })
    .onConflictDoNothing({ target: ownerNotices.key })
    .returning({ id: ownerNotices.id });
  if (row) await publishChange(db, { table: "owner_notices", id: row.id });
  return row !== undefined;
}

export async function countUnreadNotices(db: Queryable): Promise<number> {
  const [row] = await db.select({ count: count() }).from(ownerNotices).where(isNull(ownerNotices.readAt));
  return Number(row?.count ?? 0);
}

export type OwnerNotice = {
  id: string;
  kind: string;
  message: string;
  link: string | null;
  createdAt: Date;
  readAt: Date | null;
};

/** The newest notices first (at most `noticeListSize`). */
export async function listOwnerNotices(db: Queryable): Promise<OwnerNotice[]> {
  return db
    .select({
      id: ownerNotices.id,
      kind: ownerNotices.kind,
      message: ownerNotices.message,
      link: ownerNotices.link,
      createdAt: ownerNotices.createdAt,
      readAt: ownerNotices.readAt,
    })
    .from(ownerNotices)
    .orderBy(desc(ownerNotices.createdAt), desc(ownerNotices.id))
    .limit(noticeListSize);
}

/** Marks one notice read (a notice read before stays as it was); false when there is no such notice. */
export async function markNoticeRead(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db
    .update(ownerNotices)
    .set({ readAt: sql`coalesce(${ownerNotices.readAt}, now())` })
    .where(eq(ownerNotices.id, id))
    .returning({ id: ownerNotices.id });
  if (row) await publishChange(db, { table: "owner_notices", id: row.id });
  return row !== undefined;
}

/** Marks every unread notice read; how many were. */
export async function markAllNoticesRead(db: Queryable): Promise<number> {
  const rows = await db
    .update(ownerNotices)
    .set({ readAt: sql`now()` })
    .where(isNull(ownerNotices.readAt))
    .returning({ id: ownerNotices.id });
  if (rows[0]) await publishChange(db, { table: "owner_notices", id: rows[0].id });
  return rows.length;
}
