/** Sign-in sessions. The id is the SHA-256 of the cookie's token; the token itself is never stored. */
import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { sessions, userRoles, users } from "#app/db/schema.ts";

export type NewSessionRow = typeof sessions.$inferInsert;

export async function insertSession(db: Queryable, row: NewSessionRow): Promise<void> {
  await db.insert(sessions).values(row);
}

/**
 * A session with its user's email and whether the user has the admin role.
 * A disabled account's sessions are not found (ADR 0026): refused on the next request.
 */
export async function findSessionWithUser(db: Queryable, id: string) {
  const [row] = await db
    .select({
      userId: sessions.userId,
      email: users.email,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      adminRole: userRoles.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userRoles, and(eq(userRoles.userId, sessions.userId), eq(userRoles.role, "admin")))
    .where(and(eq(sessions.id, id), isNull(users.disabledAt)));
  return row ? { ...row, isAdmin: row.adminRole === "admin" } : null;
}

export async function touchSession(db: Queryable, id: string, lastSeenAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.id, id));
}

export async function deleteSessionById(db: Queryable, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of a user, or every one but `keepSessionId`. */
export async function deleteSessionsOfUser(db: Queryable, userId: string, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
    );
}

/** A user's live sessions (not expired), most recently seen first: the security page's list. */
export async function listUserSessions(db: Queryable, userId: string, now = new Date()) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Ends one of a user's sessions (never another user's); whether it existed. */
export async function deleteSessionOfUser(db: Queryable, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}
