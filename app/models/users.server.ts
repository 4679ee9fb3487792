/** Users and their roles. Emails are stored trimmed and lower-cased. */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { auditLog, userRoles, users } from "#app/db/schema.ts";

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

export async function insertUser(
  db: Queryable,
  email: string,
  passwordHash: string,
  name: string | null = null,
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ email: normaliseEmail(email), passwordHash, name })
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

// ---------------------------------------------------------------- the team (ADR 0026)

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Every account, oldest first: email, name, admin or not, disabled or not, last successful sign-in. */
export async function listTeam(db: Queryable) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      disabledAt: users.disabledAt,
      createdAt: users.createdAt,
      adminRole: userRoles.role,
      lastSignInAt: sql<Date | string | null>`(
        select max(${auditLog.createdAt}) from ${auditLog}
        where ${auditLog.userId} = ${users.id} and ${auditLog.event} = 'signin_success'
      )`,
    })
    .from(users)
    .leftJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "admin")))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map(({ adminRole, lastSignInAt, ...row }) => ({
    ...row,
    isAdmin: adminRole === "admin",
    lastSignInAt: lastSignInAt ? new Date(lastSignInAt) : null,
  }));
}

export async function revokeAdmin(db: Queryable, userId: string): Promise<void> {
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
}

/** Admins who can sign in: the admin role and not disabled. */
export async function countActiveAdmins(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, "admin"), isNull(users.disabledAt)));
  return Number(row?.total ?? 0);
}

export async function setUserDisabled(db: Queryable, userId: string, disabledAt: Date | null): Promise<void> {
  await db.update(users).set({ disabledAt }).where(eq(users.id, userId));
}

/** Serialises changes to roles and disabled accounts (the last-admin rule holds under races). */
export async function lockTeam(tx: Queryable): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('studio:team'))`);
}
