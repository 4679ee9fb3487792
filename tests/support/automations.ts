/**
 * The automations' integration tests' kit (ADR 0063), inside a `describeEachDatabase`: the owner signed in afresh
 * before each test (`owner.cookie`, `owner.actor`), a pass of every rule at a moment, "days and hours from now",
 * and an owner's rule made through its page's action (the newest rule answered).
 */
import { desc, eq } from "drizzle-orm";
import { beforeEach, expect } from "vitest";
import { automationCustomRules, users } from "#app/db/schema.ts";
import * as ruleRoute from "#app/routes/admin/automation-rule.tsx";
import { automationHandlers } from "#app/services/automation-custom.server.ts";
import { runAutomations } from "#app/services/automations.server.ts";
import { createLogger } from "#app/services/logger.server.ts";
import type { TestDatabase } from "./database.ts";
import { routeHarness, testConfig } from "./routes.ts";

const day = 86_400_000;
const email = "owner@studio.test";

export function automationTestKit(database: () => TestDatabase) {
  const { call, cookieFor } = routeHarness(database);
  const db = () => database().db;
  const owner = { cookie: "", actor: { userId: "", email } };
  beforeEach(async () => {
    owner.cookie = await cookieFor(email, true);
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    owner.actor = { userId: row?.id ?? "", email };
  });
  const deps = () => ({ db: db(), config: testConfig, logger: createLogger("silent") });
  return {
    call,
    cookieFor,
    db,
    owner,
    deps,
    /** one pass of every rule (the built-in ones and the owner's) at `at` */
    pass: async (at: Date) => runAutomations(db(), await automationHandlers(deps()), at),
    /** `days` and `hours` from now */
    later: (days: number, hours = 1) => new Date(Date.now() + days * day + hours * 3600_000),
    /** posts the rule form (refused: the test fails) and answers the rule made */
    async createRule(form: Record<string, string>) {
      const made = await call(ruleRoute.action, "/admin/automations/new", { cookie: owner.cookie, form });
      expect(made.status).toBe(302);
      const [rule] = await db().select().from(automationCustomRules).orderBy(desc(automationCustomRules.createdAt));
      if (!rule) throw new Error("no rule");
      return rule;
    },
  };
}
