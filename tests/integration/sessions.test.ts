/**
 * The admin's sessions on both databases: the list marks this session and shows each
 * browser; one session signs out (never another user's); sign-out scopes local, others and global
 * (the default) end exactly the sessions they name; outsiders are refused.
 */
import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { sessions, users } from "#app/db/schema.ts";
import * as logout from "#app/routes/admin/logout.tsx";
import * as security from "#app/routes/admin/settings-security.tsx";
import { createSession, sessionSetCookie } from "#app/services/auth/sessions.server.ts";
import { hashToken } from "#app/services/auth/tokens.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { routeHarness, testConfig } from "../support/routes.ts";

const chrome =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

describeEachDatabase("sessions", (database) => {
  const { call, cookieFor } = routeHarness(database);
  let admin = "";
  let userId = "";
  let otherTokens: string[] = [];

  async function cookieOf(token: string, expiresAt: Date) {
    return ((await sessionSetCookie(testConfig, token, expiresAt)).split(";")[0] ?? "") as string;
  }
  const sessionIds = async () =>
    (await database().db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map(
      (row) => row.id,
    );

  beforeEach(async () => {
    admin = await cookieFor("owner@studio.test", true);
    const [owner] = await database()
      .db.select({ id: users.id })
      .from(users)
      .where(eq(users.email, "owner@studio.test"));
    userId = owner?.id ?? "";
    otherTokens = [];
    for (const userAgent of [chrome, firefox]) {
      const created = await createSession(database().db, userId, { ip: "203.0.113.7", userAgent });
      otherTokens.push(created.token);
    }
  });

  it("lists the admin's sessions with this one marked and each browser named", async () => {
    const page = await call(security.loader, "/admin/settings/security", { cookie: admin });
    expect(page.status).toBe(200);
    const rows = (page.data as { sessions: { current: boolean; browser: string; ipAddress: string | null }[] })
      .sessions;
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.current)).toHaveLength(1);
    expect(rows.map((row) => row.browser).sort()).toEqual(["Chrome on Windows", "Firefox on Linux", "Unknown browser"]);
  });

  it("signs out one session, and never another user's", async () => {
    const target = hashToken(otherTokens[0] ?? "");
    const done = await call(security.action, "/admin/settings/security", {
      cookie: admin,
      form: { intent: "session-sign-out", session_id: target },
    });
    expect(done.status).toBe(302);
    expect(await sessionIds()).not.toContain(target);
    expect(await sessionIds()).toHaveLength(2);
    // another user's session: 404, nothing ended
    const [staffUser] = await database()
      .db.insert(users)
      .values({ email: "staff@studio.test", passwordHash: "x" })
      .returning({ id: users.id });
    const staffSession = await createSession(database().db, staffUser?.id ?? "", {});
    const foreignSession = await call(security.action, "/admin/settings/security", {
      cookie: admin,
      form: { intent: "session-sign-out", session_id: hashToken(staffSession.token) },
    });
    expect(foreignSession.status).toBe(404);
    expect(
      await database()
        .db.select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.id, hashToken(staffSession.token))),
    ).toHaveLength(1);
    const foreign = await call(security.action, "/admin/settings/security", {
      cookie: admin,
      form: { intent: "session-sign-out", session_id: "f".repeat(64) },
    });
    expect(foreign.status).toBe(404);
    expect(
      (
        await call(security.action, "/admin/settings/security", {
          cookie: admin,
          form: { intent: "session-sign-out", session_id: "x" },
        })
      ).status,
    ).toBe(404);
  });

  it("signs out with the scopes: others keeps this one, local ends this one, global (the default) ends all", async () => {
    const others = await call(logout.action, "/admin/logout", { cookie: admin, form: { scope: "others" } });
    expect(others.location).toBe("/admin/settings/security");
    expect(await sessionIds()).toHaveLength(1);
    // this session still works
    expect((await call(security.loader, "/admin/settings/security", { cookie: admin })).status).toBe(200);

    const extra = await createSession(database().db, userId, {});
    const local = await call(logout.action, "/admin/logout", { cookie: admin, form: { scope: "local" } });
    expect(local.location).toBe("/");
    expect(await sessionIds()).toEqual([hashToken(extra.token)]);

    const again = await createSession(database().db, userId, {});
    const global = await call(logout.action, "/admin/logout", {
      cookie: await cookieOf(again.token, again.expiresAt),
      form: {},
    });
    expect(global.location).toBe("/");
    expect(await sessionIds()).toEqual([]);
  });

  it("refuses anonymous and non-admin requests", async () => {
    const staff = await cookieFor("staff@studio.test", false);
    for (const cookie of ["", staff]) {
      expect([302, 403]).toContain((await call(security.loader, "/admin/settings/security", { cookie })).status);
      const post = await call(security.action, "/admin/settings/security", {
        cookie,
        form: { intent: "session-sign-out", session_id: hashToken(otherTokens[0] ?? "") },
      });
      expect([302, 403]).toContain(post.status);
    }
    expect(await sessionIds()).toHaveLength(3);
  });
});
