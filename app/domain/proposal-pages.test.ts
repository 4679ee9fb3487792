import { describe, expect, it } from "vitest";
import { proposalRecordIntentSchema, proposalReviseSchema } from "#app/domain/proposal-forms.ts";
import { parseProposalListQuery, proposalListHref } from "#app/domain/proposal-list.ts";
import {
  defaultExpiry,
  depositText,
  newProposalHref,
  parseProposalDialog,
  previewDeposit,
  previewOption,
  proposalAmountText,
} from "#app/domain/proposal-pages.ts";
import type { ProposalOptions } from "#app/domain/proposals.ts";

const option = (id: string, ...prices: number[]) => ({
  id,
  name: id,
  description: "",
  lines: prices.map((unitPrice) => ({ description: "x", quantity: 100, unitPrice })),
});

describe("the list's URL state", () => {
  it("reads the filters with fallbacks and writes them back without defaults", () => {
    expect(parseProposalListQuery(new URLSearchParams("status=expired&q=%20acme%20&page=3"))).toEqual({
      status: "expired",
      q: "acme",
      page: 3,
    });
    expect(parseProposalListQuery(new URLSearchParams("status=bogus&page=-1"))).toEqual({
      status: "all",
      q: "",
      page: 1,
    });
    expect(proposalListHref({ status: "all", q: "", page: 1 })).toBe("/admin/proposals");
    expect(proposalListHref({ status: "signed", q: "a b", page: 2 })).toBe(
      "/admin/proposals?q=a+b&status=signed&page=2",
    );
  });

  it("addresses a new proposal for a customer, a project or from the pricing packages", () => {
    expect(newProposalHref()).toBe("/admin/proposals/new");
    expect(newProposalHref({ fromPricing: true })).toBe("/admin/proposals/new?from=pricing");
    expect(newProposalHref({ customerId: "c1" })).toBe("/admin/proposals/new?customer_id=c1");
    expect(newProposalHref({ projectId: "p1" })).toBe("/admin/proposals/new?project_id=p1");
  });
});

describe("amounts", () => {
  const options: ProposalOptions = {
    tiers: [option("t1", 300000), option("t2", 150000, 50000)],
    addons: [option("a1", 900000)],
  };

  it("shows the smallest package's total for an unsigned proposal, the signed total once signed", () => {
    expect(proposalAmountText({ state: "sent", options, signedTotal: null })).toBe("from $2,000.00");
    expect(
      proposalAmountText({ state: "draft", options: { tiers: [option("t1", 1000)], addons: [] }, signedTotal: null }),
    ).toBe("$10.00");
    expect(proposalAmountText({ state: "signed", options, signedTotal: "11000.50" })).toBe("$11,000.50");
    expect(proposalAmountText({ state: "draft", options: { tiers: [], addons: [] }, signedTotal: null })).toBe("—");
  });

  it("words the deposit", () => {
    expect(depositText("percent", 5000)).toBe("50% of the total");
    expect(depositText("percent", 1250)).toBe("12.5% of the total");
    expect(depositText("amount", 50000)).toBe("$500.00");
  });
});

describe("the editor's live totals", () => {
  it("totals each line as typed and the option from its described lines only", () => {
    const preview = previewOption({
      lines: [
        { description: "Design", quantity: "2", unit_price: "100.50" },
        { description: "", quantity: "1", unit_price: "999" },
        { description: "Bad", quantity: "abc", unit_price: "-5" },
      ],
    });
    expect(preview.lineTotals).toEqual([20100, 99900, 0]);
    expect(preview.total).toBe(20100);
    expect(previewOption(undefined)).toEqual({ lineTotals: [], total: 0 });
  });

  it("gives the deposit on a total with the tax typed so far", () => {
    expect(previewDeposit(100000, { tax_rate: "10", deposit_kind: "percent", deposit_value: "50" })).toBe(55000);
    expect(previewDeposit(100000, { tax_rate: "0", deposit_kind: "amount", deposit_value: "250" })).toBe(25000);
    // never more than the total; a percentage above 100 is read as 100
    expect(previewDeposit(10000, { deposit_kind: "amount", deposit_value: "250" })).toBe(10000);
    expect(previewDeposit(10000, { deposit_kind: "percent", deposit_value: "150" })).toBe(10000);
  });

  it("starts a new proposal valid for 30 days", () => {
    expect(defaultExpiry("2026-11-25")).toBe("2026-12-25");
    expect(defaultExpiry("2026-12-15")).toBe("2027-01-14");
  });
});

describe("the record's actions", () => {
  it("knows its intents and dialogs, and asks a reason to revise", () => {
    expect(proposalRecordIntentSchema.safeParse({ intent: "revoke" }).success).toBe(true);
    expect(proposalRecordIntentSchema.safeParse({ intent: "send" }).success).toBe(false);
    expect(parseProposalDialog("revise")).toBe("revise");
    expect(parseProposalDialog("void")).toBeNull();
    expect(proposalReviseSchema.safeParse({ reason: "  " }).success).toBe(false);
    expect(proposalReviseSchema.parse({ reason: " New price " })).toEqual({ reason: "New price" });
  });
});
