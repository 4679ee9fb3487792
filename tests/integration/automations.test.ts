/**
 * The automations engine (ADR 0063), below HTTP on both databases: a run per (rule, subject, due time), so a
 * second pass, two passes at once or a replay do a step once; a step that throws takes back what it wrote and is
 * retried with backoff, then failed for the owner to see, never dropped; a paused rule schedules and does
 * nothing until resumed; the consultation reminder through the engine skips a booking that is gone; the page's
 * Pause and Resume audited, refused to non-admins.
 */
import { eq, like, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { openDatabase, selectRows } from "#app/db/client.server.ts";
import { auditLog, automationRuns, siteTexts } from "#app/db/schema.ts";
import { listRuns, scheduleRuns, setRulePaused } from "#app/models/automations.server.ts";
import * as automationsRoute from "#app/routes/admin/automations.tsx";
import { type RuleHandler, runAutomations } from "#app/services/automations.server.ts";
import { bookingReminderRule } from "#app/services/booking.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { routeHarness, testConfig } from "../support/routes.ts";

const path = "/admin/automations";

describeEachDatabase("automations", (database, kind) => {
  const { call, cookieFor } = routeHarness(database);
  let admin = "";
  beforeEach(async () => {
    admin = await cookieFor("owner@studio.test", true);
  });
  const db = () => database().db;
  const now = new Date("2026-12-01T09:00:00Z");
  const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

  /** A rule whose step writes a row named after its subject (and then fails while `failing` says so). */
  function probeRule(subjects: string[], options: { failing?: () => boolean } = {}): RuleHandler {
    return {
      key: "probe",
      name: "Probe",
      async due() {
        return subjects.map((id) => ({ subjectType: "probe", subjectId: id, subjectLabel: `Probe ${id}`, dueAt: now }));
      },
      async perform(tx, run) {
        await tx.insert(siteTexts).values({ block: `probe-${run.subjectId}`, fields: {} });
        if (options.failing?.()) throw new Error("SMTP\nrefused");
        return { ok: true };
      },
      async upcoming() {
        return [];
      },
    };
  }
  const written = async () => (await db().select().from(siteTexts).where(like(siteTexts.block, "probe-%"))).length;

  it("does each step once: a second pass, two passes at once and a replay of the same due time", async () => {
    const rule = probeRule(["a", "b"]);
    expect(await runAutomations(db(), [rule], now)).toEqual({
      scheduled: 2,
      sent: 2,
      skipped: 0,
      retried: 0,
      failed: 0,
      waiting: 0,
    });
    expect(await runAutomations(db(), [rule], minutes(15))).toMatchObject({ scheduled: 0, sent: 0 });
    const both = await Promise.all([
      runAutomations(db(), [rule], minutes(30)),
      runAutomations(db(), [rule], minutes(30)),
    ]);
    expect(both.map((pass) => pass.sent)).toEqual([0, 0]);
    expect(await written()).toBe(2);
    const runs = await listRuns(db());
    expect(runs.map((run) => [run.subjectLabel, run.status, run.attempts]).sort()).toEqual([
      ["Probe a", "sent", 1],
      ["Probe b", "sent", 1],
    ]);
    // the history's search finds a subject's words (a % is a character, not a wildcard), with the status filter
    expect((await listRuns(db(), { q: "probe A" })).map((run) => run.subjectLabel)).toEqual(["Probe a"]);
    expect(await listRuns(db(), { q: "%" })).toEqual([]);
    const page = await call(automationsRoute.loader, `${path}?status=sent&q=Probe%20b`, { cookie: admin });
    expect((page.data as { runs: { subject: string }[] }).runs.map((run) => run.subject)).toEqual(["Probe b"]);
    expect(
      (await call(automationsRoute.loader, `${path}?status=failed`, { cookie: admin })).data as { runs: unknown[] },
    ).toMatchObject({ runs: [] });
    // a new subject due at once with another pass: exactly one run each
    const more = probeRule(["c"]);
    await Promise.all([runAutomations(db(), [more], now), runAutomations(db(), [more], now)]);
    expect(await written()).toBe(3);
    expect(await db().select().from(automationRuns)).toHaveLength(3);
  });

  it("takes back a failed step's writes, retries it with backoff, then fails it for the owner to see", async () => {
    let failing = true;
    const rule = probeRule(["x"], { failing: () => failing });
    expect(await runAutomations(db(), [rule], now)).toMatchObject({ scheduled: 1, retried: 1, sent: 0 });
    expect(await written()).toBe(0);
    let [run] = await listRuns(db());
    expect(run).toMatchObject({ status: "scheduled", attempts: 1, lastError: "SMTP refused" });
    expect(run?.nextAttemptAt).toEqual(minutes(1));
    // not before its time
    expect(await runAutomations(db(), [rule], now)).toMatchObject({ retried: 0 });
    // the tries at 1, 5, 30 and 120 minutes' wait; the fifth fails the run
    let at = now;
    for (const wait of [1, 5, 30, 120]) {
      at = new Date(at.getTime() + wait * 60_000);
      await runAutomations(db(), [rule], at);
    }
    [run] = await listRuns(db(), { status: "failed" });
    expect(run).toMatchObject({ status: "failed", attempts: 5, lastError: "SMTP refused" });
    expect(await written()).toBe(0);
    // failed stays failed: nothing more is tried, and the run is still there
    failing = false;
    await runAutomations(db(), [rule], minutes(24 * 60));
    expect(await written()).toBe(0);
    expect(await listRuns(db(), { status: "failed" })).toHaveLength(1);
  });

  it("a paused rule schedules and does nothing; resumed, its waiting runs go", async () => {
    await setRulePaused(db(), "probe", true);
    await scheduleRuns(db(), "probe", [{ subjectType: "probe", subjectId: "w", subjectLabel: "", dueAt: now }], now);
    expect(await runAutomations(db(), [probeRule(["p"])], now)).toMatchObject({ scheduled: 0, sent: 0 });
    expect(await written()).toBe(0);
    await setRulePaused(db(), "probe", false);
    expect(await runAutomations(db(), [probeRule(["p"])], now)).toMatchObject({ scheduled: 1, sent: 2 });
    expect(await written()).toBe(2);
  });

  it("a shutdown stops the pass between two runs and says so only when something is left", async () => {
    const stopped = new AbortController();
    stopped.abort();
    let told = 0;
    const onPostponed = () => {
      told += 1;
    };
    // nothing due: nothing to postpone
    await runAutomations(db(), [probeRule([])], now, { signal: stopped.signal, onPostponed });
    expect(told).toBe(0);
    // one due: scheduled, not done, postponed once
    expect(await runAutomations(db(), [probeRule(["s"])], now, { signal: stopped.signal, onPostponed })).toMatchObject({
      scheduled: 1,
      sent: 0,
    });
    expect(told).toBe(1);
    expect(await written()).toBe(0);
    expect(await runAutomations(db(), [probeRule(["s"])], now)).toMatchObject({ scheduled: 0, sent: 1 });
  });

  it("the consultation reminder skips, with its reason, a booking that is gone", async () => {
    const rule = bookingReminderRule({ config: { ...testConfig } as never });
    await scheduleRuns(
      db(),
      rule.key,
      [{ subjectType: "booking", subjectId: "00000000-0000-4000-8000-000000000000", subjectLabel: "", dueAt: now }],
      now,
    );
    expect(await runAutomations(db(), [rule], now)).toMatchObject({ skipped: 1, sent: 0 });
    const [run] = await listRuns(db(), { status: "skipped" });
    expect(run?.reason).toBe("The booking was cancelled, moved or reminded already");
  });

  it("the page pauses and resumes a rule, audited; unknown rules and non-admins are refused", async () => {
    const paused = await call(automationsRoute.action, path, {
      cookie: admin,
      form: { intent: "pause", rule: "booking-reminder" },
    });
    expect(paused.status).toBe(302);
    const page = await call(automationsRoute.loader, path, { cookie: admin });
    // only that rule is paused
    expect((page.data as { rules: { key: string; paused: boolean }[] }).rules).toEqual([
      expect.objectContaining({ key: "payment-reminder", paused: false }),
      expect.objectContaining({ key: "booking-reminder", paused: true }),
      expect.objectContaining({ key: "retainer-invoice", paused: false }),
      expect.objectContaining({ key: "recurring-expense", paused: false }),
    ]);
    await call(automationsRoute.action, path, { cookie: admin, form: { intent: "resume", rule: "booking-reminder" } });
    const events = (await db().select().from(auditLog).where(like(auditLog.event, "automation_%"))).map(
      (entry) => entry.event,
    );
    expect(events.sort()).toEqual(["automation_paused", "automation_resumed"]);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.event, "automation_paused"));
    expect(entry?.detail).toEqual({ rule: "booking-reminder" });
    expect(
      (await call(automationsRoute.action, path, { cookie: admin, form: { intent: "pause", rule: "other" } })).status,
    ).toBe(400);
    const staff = await cookieFor("staff@studio.test", false);
    for (const cookie of ["", staff]) {
      expect([302, 403]).toContain((await call(automationsRoute.loader, path, { cookie })).status);
      const refused = await call(automationsRoute.action, path, {
        cookie,
        form: { intent: "pause", rule: "booking-reminder" },
      });
      expect([302, 403]).toContain(refused.status);
    }
  });
  // two instances on one PostgreSQL (PGlite is one process: no second instance to race)
  if (kind === "postgres") {
    it("two instances at once and one killed in mid-step: every run done once, the killed one's on the replay", async () => {
      let release = () => {};
      const url = database().url ?? "";
      const [one, second, third] = await Promise.all([
        openDatabase({ databaseUrl: url, poolSize: 2 }),
        openDatabase({ databaseUrl: url, poolSize: 2 }),
        openDatabase({ databaseUrl: url, poolSize: 2 }),
      ]);
      try {
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let inStep = () => {};
        const stepBegun = new Promise<void>((resolve) => {
          inStep = resolve;
        });
        let backend = 0;
        const rule: RuleHandler = {
          key: "probe",
          name: "Probe",
          async due() {
            return ["slow", "b1", "b2", "b3", "b4", "b5"].map((id, index) => ({
              subjectType: "probe",
              subjectId: id,
              subjectLabel: `Probe ${id}`,
              // claimed in this order, a few to a transaction: the slow one first
              dueAt: new Date(now.getTime() - (6 - index) * 60_000),
            }));
          },
          async perform(tx, run) {
            await tx.insert(siteTexts).values({ block: `probe-${run.subjectId}`, fields: {} });
            if (run.subjectId === "slow" && backend === 0) {
              const [row] = await selectRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
              backend = row?.pid ?? 0;
              inStep();
              await held;
            }
            return { ok: true };
          },
          async upcoming() {
            return [];
          },
        };
        // the first instance claims the slow run and the next ones (one transaction's worth) and stops in the
        // slow one's step, the runs locked
        await scheduleRuns(db(), "probe", await rule.due(db(), now), now);
        const first = runAutomations(one.db, [rule], now).then(
          () => "finished",
          (error: unknown) => `failed: ${String(error)}`,
        );
        await stepBegun;
        // the second instance meanwhile passes over the locked runs and does the others
        expect(await runAutomations(second.db, [rule], now)).toMatchObject({ sent: 2 });
        expect(await written()).toBe(2);
        // the first is killed in mid-step (its connection ended by the server): its transaction is rolled back,
        // what its steps wrote and its runs' attempts with it
        await selectRows(second.db, sql`select pg_terminate_backend(${backend})`);
        release();
        expect(await first).toMatch(/^failed: /);
        expect(await written()).toBe(2);
        const waiting = await listRuns(db(), { status: "scheduled" });
        expect(waiting.map((run) => [run.subjectLabel, run.attempts]).sort()).toEqual([
          ["Probe b1", 0],
          ["Probe b2", 0],
          ["Probe b3", 0],
          ["Probe slow", 0],
        ]);
        // the replay, on a third instance, does them once
        expect(await runAutomations(third.db, [rule], minutes(1))).toMatchObject({ scheduled: 0, sent: 4 });
        expect(await runAutomations(second.db, [rule], minutes(2))).toMatchObject({ sent: 0 });
        expect(await written()).toBe(6);
        const runs = await listRuns(db());
        expect(runs.every((run) => run.status === "sent" && run.attempts === 1)).toBe(true);
        expect(runs).toHaveLength(6);
      } finally {
        release();
        await Promise.all([one.close().catch(() => {}), second.close(), third.close()]);
      }
    });
  }
});
