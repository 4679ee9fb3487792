import { describe, expect, it } from "vitest";
import {
  isOpenDocument,
  isOpenProposal,
  portalActionSchema,
  portalLinkExpiry,
  portalLinkLifetimeDays,
  portalLinkPath,
  portalMail,
  portalOpenSchema,
  portalRequestSchema,
  portalStatement,
  type StatementDocument,
} from "./portal.ts";

const invoice = (over: Partial<StatementDocument>): StatementDocument => ({
  invoiceType: "invoice",
  status: "sent",
  balanceDue: 10_000,
  dueDate: "2026-12-01",
  ...over,
});

describe("portal links", () => {
  it("expire 30 days after they are issued", () => {
    expect(portalLinkLifetimeDays).toBe(30);
    const now = new Date("2026-11-25T12:00:00Z");
    expect(portalLinkExpiry(now).toISOString()).toBe("2026-12-25T12:00:00.000Z");
    expect(portalLinkExpiry(now, 1).toISOString()).toBe("2026-11-26T12:00:00.000Z");
  });

  it("have their path under /portal", () => {
    expect(portalLinkPath("abc")).toBe("/portal/abc");
  });
});

describe("portalStatement", () => {
  const today = "2026-11-25";

  it("adds the balances of invoices owed, in cents, and the overdue part", () => {
    const statement = portalStatement(
      [
        invoice({ balanceDue: 10_001, dueDate: "2026-11-24" }),
        invoice({ status: "partial", balanceDue: 5_000, dueDate: "2026-11-20" }),
        invoice({ status: "viewed", balanceDue: 2_999, dueDate: "2026-11-25" }),
        invoice({ balanceDue: 1, dueDate: "2026-12-10" }),
      ],
      today,
    );
    expect(statement).toEqual({
      owed: 18_001,
      owedCount: 4,
      overdue: 15_001,
      overdueCount: 2,
      nextDueDate: "2026-11-25",
    });
  });

  it("leaves out drafts, paid and cancelled invoices, estimates and credit notes", () => {
    const statement = portalStatement(
      [
        invoice({ status: "draft", dueDate: "2026-01-01" }),
        invoice({ status: "paid", balanceDue: 0 }),
        invoice({ status: "cancelled", dueDate: "2026-01-01" }),
        invoice({ invoiceType: "estimate", status: "sent", dueDate: "2026-01-01" }),
        invoice({ invoiceType: "credit_note", status: "sent", dueDate: "2026-01-01" }),
        invoice({ status: "sent", balanceDue: 0, dueDate: "2026-01-01" }),
      ],
      today,
    );
    expect(statement).toEqual({ owed: 0, owedCount: 0, overdue: 0, overdueCount: 0, nextDueDate: null });
  });

  it("counts an invoice without a due date as owed, never overdue", () => {
    expect(portalStatement([invoice({ dueDate: null })], today)).toMatchObject({
      owed: 10_000,
      overdue: 0,
      nextDueDate: null,
    });
  });

  it("is exact on large sums of cents", () => {
    const many = Array.from({ length: 1000 }, () => invoice({ balanceDue: 999_999_99, dueDate: "2026-01-01" }));
    expect(portalStatement(many, today).overdue).toBe(99_999_999_000);
  });
});

describe("open or past", () => {
  it("an invoice with a balance, an estimate awaiting an answer and a proposal to sign are open", () => {
    expect(isOpenDocument(invoice({}))).toBe(true);
    expect(isOpenDocument(invoice({ status: "paid", balanceDue: 0 }))).toBe(false);
    expect(isOpenDocument(invoice({ status: "cancelled" }))).toBe(false);
    expect(isOpenDocument(invoice({ invoiceType: "estimate", status: "viewed" }))).toBe(true);
    expect(isOpenDocument(invoice({ invoiceType: "estimate", status: "accepted" }))).toBe(false);
    expect(isOpenDocument(invoice({ invoiceType: "credit_note", status: "sent" }))).toBe(false);
    expect(isOpenProposal({ state: "sent" })).toBe(true);
    expect(isOpenProposal({ state: "viewed" })).toBe(true);
    expect(isOpenProposal({ state: "expired" })).toBe(false);
    expect(isOpenProposal({ state: "signed" })).toBe(false);
  });
});

describe("forms", () => {
  it("the request form takes one valid email address", () => {
    expect(portalRequestSchema.safeParse({ email: " ada@client.test " })).toMatchObject({
      success: true,
      data: { email: "ada@client.test" },
    });
    expect(portalRequestSchema.safeParse({ email: "" }).success).toBe(false);
    expect(portalRequestSchema.safeParse({ email: "not an address" }).success).toBe(false);
    expect(portalRequestSchema.safeParse({ email: `${"a".repeat(250)}@x.test` }).success).toBe(false);
  });

  it("the owner's intents and the portal's open button", () => {
    expect(portalActionSchema.safeParse({ intent: "portal-revoke" }).success).toBe(true);
    expect(portalActionSchema.safeParse({ intent: "add-note" }).success).toBe(false);
    const id = "0b9a1e4e-8f0e-4a57-9a55-2d7f3c1e9b10";
    expect(portalOpenSchema.safeParse({ kind: "document", id }).success).toBe(true);
    expect(portalOpenSchema.safeParse({ kind: "document", id: "1 or 1=1" }).success).toBe(false);
    expect(portalOpenSchema.safeParse({ kind: "payment", id }).success).toBe(false);
  });
});

describe("portalMail", () => {
  it("carries the link and its expiry date", () => {
    const mail = portalMail({
      studioName: "Studio",
      customerName: "Ada",
      link: "https://studio.test/portal/x",
      today: "2026-11-25",
    });
    expect(mail.subject).toBe("Your client portal at Studio");
    expect(mail.text).toContain("https://studio.test/portal/x");
    // the studio's date format, never ISO
    expect(mail.text).toContain("until 12/25/2026");
    expect(mail.text).not.toContain("2026-12-25");
  });
});
