import { describe, expect, it } from "vitest";
import {
  allowedActions,
  amountCreditable,
  amountOwed,
  checkAction,
  type DocumentAction,
  type DocumentSnapshot,
  describeChanges,
  documentActions,
  type LifecycleState,
  lifecycleMessages,
  lifecycleState,
  signedAmount,
  statusAfterSettlement,
} from "#app/domain/document-lifecycle.ts";
import type { InvoiceStatus, InvoiceType } from "#app/domain/enums.ts";

const base: LifecycleState = {
  invoiceType: "invoice",
  status: "draft",
  sent: false,
  converted: false,
  voided: false,
  amountPaid: 0,
  amountCredited: 0,
  totalAmount: 10_000,
  newestNumber: true,
};
const state = (overrides: Partial<LifecycleState>): LifecycleState => ({ ...base, ...overrides });

/** Every (state, action) pair, with the outcome expected: true, or the refusal's message. */
const table: { name: string; state: LifecycleState; expect: Record<DocumentAction, true | string> }[] = [
  {
    name: "a new invoice draft holding the newest number",
    state: state({}),
    expect: {
      edit: true,
      send: true,
      revise: lifecycleMessages.notSentYet("invoice"),
      void: true,
      delete: true,
      credit: lifecycleMessages.creditOnlySent,
      duplicate: true,
      pay: lifecycleMessages.payNotPayable,
    },
  },
  {
    name: "an older invoice draft",
    state: state({ newestNumber: false }),
    expect: {
      edit: true,
      send: true,
      revise: lifecycleMessages.notSentYet("invoice"),
      void: true,
      delete: lifecycleMessages.deleteOnlyNewest("invoice"),
      credit: lifecycleMessages.creditOnlySent,
      duplicate: true,
      pay: lifecycleMessages.payNotPayable,
    },
  },
  {
    name: "a revised invoice back in draft (sent before)",
    state: state({ sent: true }),
    expect: {
      edit: true,
      send: true,
      revise: lifecycleMessages.notSentYet("invoice"),
      void: true,
      delete: lifecycleMessages.deleteOnlyDraft,
      credit: lifecycleMessages.creditOnlySent,
      duplicate: true,
      pay: lifecycleMessages.payNotPayable,
    },
  },
  {
    name: "a sent invoice",
    state: state({ status: "sent", sent: true }),
    expect: {
      edit: lifecycleMessages.locked("invoice"),
      send: true,
      revise: true,
      void: true,
      delete: lifecycleMessages.deleteOnlyDraft,
      credit: true,
      duplicate: true,
      pay: true,
    },
  },
  {
    name: "a partly paid invoice",
    state: state({ status: "partial", sent: true, amountPaid: 4_000 }),
    expect: {
      edit: lifecycleMessages.paidLocked,
      send: true,
      revise: lifecycleMessages.paidLocked,
      void: lifecycleMessages.voidHasMoney,
      delete: lifecycleMessages.deleteOnlyDraft,
      credit: true,
      duplicate: true,
      pay: true,
    },
  },
  {
    // its banner says "record a credit note to change what is owed": it can (ADR 0043)
    name: "a paid invoice",
    state: state({ status: "paid", sent: true, amountPaid: 10_000 }),
    expect: {
      edit: lifecycleMessages.paidLocked,
      send: true,
      revise: lifecycleMessages.paidLocked,
      void: lifecycleMessages.voidHasMoney,
      delete: lifecycleMessages.deleteOnlyDraft,
      credit: true,
      duplicate: true,
      pay: true,
    },
  },
  {
    name: "a paid invoice its credit notes credit in full",
    state: state({ status: "paid", sent: true, amountPaid: 10_000, amountCredited: 10_000 }),
    expect: {
      edit: lifecycleMessages.paidLocked,
      send: true,
      revise: lifecycleMessages.paidLocked,
      void: lifecycleMessages.voidHasMoney,
      delete: lifecycleMessages.deleteOnlyDraft,
      credit: lifecycleMessages.creditNothingOwed,
      duplicate: true,
      pay: true,
    },
  },
  {
    name: "a void invoice",
    state: state({ status: "cancelled", sent: true, voided: true }),
    expect: {
      edit: lifecycleMessages.voided("invoice"),
      send: lifecycleMessages.voided("invoice"),
      revise: lifecycleMessages.voided("invoice"),
      void: lifecycleMessages.voided("invoice"),
      delete: lifecycleMessages.voided("invoice"),
      credit: lifecycleMessages.voided("invoice"),
      duplicate: true,
      pay: lifecycleMessages.voided("invoice"),
    },
  },
  {
    name: "a sent estimate",
    state: state({ invoiceType: "estimate", status: "viewed", sent: true }),
    expect: {
      edit: lifecycleMessages.locked("estimate"),
      send: true,
      revise: true,
      void: true,
      delete: lifecycleMessages.deleteOnlyDraft,
      credit: lifecycleMessages.creditOnlySent,
      duplicate: true,
      pay: lifecycleMessages.payNotInvoice,
    },
  },
  {
    name: "an accepted estimate",
    state: state({ invoiceType: "estimate", status: "accepted", sent: true }),
    expect: {
      edit: lifecycleMessages.estimateClosed,
      send: lifecycleMessages.estimateClosed,
      revise: true,
      void: true,
      delete: lifecycleMessages.deleteOnlyDraft,
      credit: lifecycleMessages.creditOnlySent,
      duplicate: true,
      pay: lifecycleMessages.payNotInvoice,
    },
  },
  {
    name: "a converted estimate",
    state: state({ invoiceType: "estimate", status: "accepted", sent: true, converted: true }),
    expect: {
      edit: lifecycleMessages.estimateClosed,
      send: lifecycleMessages.estimateClosed,
      revise: lifecycleMessages.convertedClosed,
      void: lifecycleMessages.convertedClosed,
      delete: lifecycleMessages.deleteOnlyDraft,
      credit: lifecycleMessages.creditOnlySent,
      duplicate: true,
      pay: lifecycleMessages.payNotInvoice,
    },
  },
  {
    name: "a credit note",
    state: state({ invoiceType: "credit_note", status: "sent", sent: true }),
    expect: {
      edit: lifecycleMessages.creditNoteFinal,
      send: lifecycleMessages.creditNoteFinal,
      revise: lifecycleMessages.creditNoteFinal,
      void: lifecycleMessages.creditNoteFinal,
      delete: lifecycleMessages.creditNoteFinal,
      credit: lifecycleMessages.creditNoteFinal,
      duplicate: lifecycleMessages.creditNoteFinal,
      pay: lifecycleMessages.creditNoteFinal,
    },
  },
];

describe("checkAction: every state x action", () => {
  for (const row of table) {
    for (const action of documentActions) {
      it(`${row.name}: ${action}`, () => {
        const expected = row.expect[action];
        const outcome = checkAction(row.state, action);
        if (expected === true) expect(outcome).toEqual({ ok: true });
        else expect(outcome).toEqual({ ok: false, message: expected });
      });
    }
  }

  it("allowedActions lists exactly the allowed ones", () => {
    expect(allowedActions(state({ status: "sent", sent: true }))).toEqual([
      "send",
      "revise",
      "void",
      "credit",
      "duplicate",
      "pay",
    ]);
    expect(allowedActions(state({ invoiceType: "credit_note", status: "sent", sent: true }))).toEqual([]);
  });
});

describe("credit amounts", () => {
  const sent = state({ status: "partial", sent: true, amountPaid: 2_500, amountCredited: 1_000 });
  it("credits at most the total less earlier credit notes, beyond what is owed when it was paid", () => {
    expect(amountOwed(sent)).toBe(6_500);
    expect(amountCreditable(sent)).toBe(9_000);
    expect(checkAction(sent, "credit", 6_501)).toEqual({ ok: true });
    expect(checkAction(sent, "credit", 9_000)).toEqual({ ok: true });
    expect(checkAction(sent, "credit", 9_001)).toEqual({ ok: false, message: lifecycleMessages.creditTooLarge(9_000) });
    expect(lifecycleMessages.creditTooLarge(9_000)).toContain("$90.00");
  });
  it("refuses nothing or less", () => {
    expect(checkAction(sent, "credit", 0)).toEqual({ ok: false, message: lifecycleMessages.creditPositive });
    expect(checkAction(sent, "credit", -5)).toEqual({ ok: false, message: lifecycleMessages.creditPositive });
  });
  it("never owes below zero", () => {
    expect(amountOwed({ totalAmount: 100, amountPaid: 80, amountCredited: 50 })).toBe(0);
  });
});

describe("lifecycleState", () => {
  const row = {
    invoiceType: "invoice" as InvoiceType,
    status: "draft" as InvoiceStatus,
    sentAt: null,
    revision: 1,
    voidedAt: null,
    amountPaid: "12.34",
    amountCredited: "0.10",
    totalAmount: "100.00",
  };
  it("reads a row: amounts in cents, sent once when sent or revised", () => {
    expect(lifecycleState(row, { converted: false })).toEqual({
      invoiceType: "invoice",
      status: "draft",
      sent: false,
      converted: false,
      voided: false,
      amountPaid: 1_234,
      amountCredited: 10,
      totalAmount: 10_000,
      newestNumber: false,
    });
    expect(lifecycleState({ ...row, revision: 2 }, { converted: false }).sent).toBe(true);
    expect(lifecycleState({ ...row, sentAt: new Date() }, { converted: false }).sent).toBe(true);
    expect(lifecycleState({ ...row, voidedAt: new Date() }, { converted: true }).voided).toBe(true);
  });
});

describe("statusAfterSettlement", () => {
  const invoice = (status: InvoiceStatus, amountPaid: number, amountCredited = 0, viewedAt: Date | null = null) => ({
    invoiceType: "invoice" as const,
    status,
    voided: false,
    totalAmount: 10_000,
    amountPaid,
    amountCredited,
    viewedAt,
  });

  it("is partial while some is paid and paid once the total is settled", () => {
    expect(statusAfterSettlement(invoice("sent", 1))).toBe("partial");
    expect(statusAfterSettlement(invoice("viewed", 9_999))).toBe("partial");
    expect(statusAfterSettlement(invoice("partial", 10_000))).toBe("paid");
    expect(statusAfterSettlement(invoice("partial", 6_000, 4_000))).toBe("paid");
  });

  it("is cancelled when credit notes settle all of it, and open while they settle part", () => {
    expect(statusAfterSettlement(invoice("sent", 0, 10_000))).toBe("cancelled");
    expect(statusAfterSettlement(invoice("viewed", 0, 4_000))).toBe("viewed");
  });

  it("goes back to sent, or viewed when the client saw it, when the payments are gone", () => {
    expect(statusAfterSettlement(invoice("partial", 0))).toBe("sent");
    expect(statusAfterSettlement(invoice("paid", 0, 0, new Date()))).toBe("viewed");
    expect(statusAfterSettlement(invoice("paid", 5_000))).toBe("partial");
    expect(statusAfterSettlement(invoice("paid", 0, 5_000))).toBe("sent");
  });

  it("leaves drafts, void invoices and estimates alone", () => {
    expect(statusAfterSettlement(invoice("draft", 5_000))).toBe("draft");
    expect(statusAfterSettlement({ ...invoice("cancelled", 5_000), voided: true })).toBe("cancelled");
    expect(statusAfterSettlement({ ...invoice("sent", 10_000), invoiceType: "estimate" })).toBe("sent");
  });
});

describe("describeChanges", () => {
  const before: DocumentSnapshot = {
    status: "sent",
    issueDate: "2026-11-01",
    dueDate: "2026-12-01",
    taxRate: "0.00",
    discountAmount: "0.00",
    totalAmount: "1000.00",
    notes: null,
    terms: "Net 30",
    sentAt: "2026-11-01T10:00:00.000Z",
    viewedAt: null,
    acceptedAt: null,
    declinedAt: null,
    acceptedByName: null,
    lines: [{ description: "Design", quantity: "1.00", unitPrice: "1000.00", lineTotal: "1000.00" }],
  };
  it("says nothing when nothing that the client reads changed", () => {
    expect(describeChanges(before, { ...before, status: "draft", sentAt: null })).toEqual([]);
    expect(
      describeChanges(before, {
        ...before,
        lines: [{ description: "Design", quantity: "1", unitPrice: "1000", lineTotal: "1000" }],
      }),
    ).toEqual([]);
  });
  it("names each change, with the totals before and after", () => {
    expect(
      describeChanges(before, {
        ...before,
        totalAmount: "1200.00",
        taxRate: "20.00",
        dueDate: null,
        notes: "Thanks",
        lines: [...before.lines, { description: "Hosting", quantity: "1", unitPrice: "0", lineTotal: "0" }],
      }),
    ).toEqual(["Total $1,000.00 → $1,200.00", "Line items", "Due date 2026-12-01 → none", "Tax 0% → 20%", "Notes"]);
  });
});

describe("signedAmount", () => {
  it("shows a credit note below zero, everything else as it is", () => {
    expect(signedAmount("credit_note", 2_000)).toBe(-2_000);
    expect(signedAmount("credit_note", 0)).toBe(0);
    expect(signedAmount("invoice", 2_000)).toBe(2_000);
    expect(signedAmount("estimate", 2_000)).toBe(2_000);
  });
});
