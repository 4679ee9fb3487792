/** Users and their roles. Emails are stored trimmed and lower-cased. */
import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { userRoles, users } from "#app/db/schema.ts";

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  return row;
}

export async function insertUser(db: Queryable, email: string, passwordHash: string): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ email: normaliseEmail(email), passwordHash })
    .returning();
  if (!row) throw new Error("user insert returned nothing");
  return row;
}

/** Sets a user's password hash; returns the user's email (undefined when there is no such user). */
export async function setPasswordHash(db: Queryable, userId: string, passwordHash: string) {
  const [row] = await db
    .update(users)
    .set({ passwordHash })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  return row;
}

/** Serialises first-admin set-ups (a transaction-scoped advisory lock). */
export async function lockAdminSetup(tx: Queryable): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('studio:admin-setup'))`);
}

/** Whether the user has the admin role. */
export async function hasAdminRole(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
  return row !== undefined;
}

export async function grantAdmin(db: Queryable, userId: string): Promise<void> {
  await db.insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing();
}

export async function adminExists(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ found: sql<number>`1` }).from(userRoles).where(eq(userRoles.role, "admin")).limit(1);
  return row !== undefined;
}
