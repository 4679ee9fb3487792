/**
 * What a new proposal starts with (ADR 0033): the Proposals section of /admin/settings saves the
 * agreement template, the deposit and the validity; the new-proposal editor starts from them; a bad
 * value answers 400 on its field and saves nothing.
 */
import { expect, it } from "vitest";
import { addDaysIso } from "#app/domain/dates.ts";
import { defaultProposalSettings } from "#app/domain/proposals.ts";
import { studioToday } from "#app/models/business-settings.server.ts";
import { getProposalSettings } from "#app/models/proposal-settings.server.ts";
import * as proposalEditor from "#app/routes/admin/proposal-editor.tsx";
import * as settings from "#app/routes/admin/settings.tsx";
import { describeEachDatabase } from "../support/database.ts";
import { routeHarness } from "../support/routes.ts";

describeEachDatabase("proposal settings", (database) => {
  const { call, cookieFor } = routeHarness(database);

  it("saves the template, deposit and validity, and new proposals start from them", async () => {
    const admin = await cookieFor("owner@studio.test", true);
    const form = {
      intent: "proposal-settings",
      agreement_template: "1. We build.\n2. You pay 40% up front.",
      deposit_percent: "140",
      valid_days: "14",
    };
    const bad = await call(settings.action, "/admin/settings", { cookie: admin, form });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      result: { error: { deposit_percent: ["Deposit must be between 0 and 100 percent"] } },
    });
    expect(await getProposalSettings(database().db)).toEqual(defaultProposalSettings);

    const good = await call(settings.action, "/admin/settings", {
      cookie: admin,
      form: { ...form, deposit_percent: "40" },
    });
    expect(good.status).toBe(302);
    expect(await getProposalSettings(database().db)).toEqual({
      agreementTemplate: "1. We build.\n2. You pay 40% up front.",
      depositPercent: 4000,
      validDays: 14,
    });

    const editor = await call(proposalEditor.loader, "/admin/proposals/new", { cookie: admin, params: { id: "new" } });
    expect(editor.status).toBe(200);
    const today = await studioToday(database().db);
    expect(editor.data).toMatchObject({
      defaultValue: {
        agreement: "1. We build.\n2. You pay 40% up front.",
        deposit_kind: "percent",
        deposit_value: "40",
        expires_on: addDaysIso(today, 14),
      },
    });
  });

  it("refuses a blank template and a validity out of range", async () => {
    const admin = await cookieFor("owner@studio.test", true);
    const bad = await call(settings.action, "/admin/settings", {
      cookie: admin,
      form: { intent: "proposal-settings", agreement_template: "  ", deposit_percent: "50", valid_days: "0" },
    });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      result: {
        error: {
          agreement_template: ["Agreement template is required"],
          valid_days: ["Enter a number of days between 1 and 365"],
        },
      },
    });
  });
});
