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

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
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

export async function setPasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function isAdmin(db: Queryable, userId: string): Promise<boolean> {
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
