import { describe, expect, it } from "vitest";
import { receiptMail, refundMail } from "#app/domain/online-payment-mails.ts";
import {
  decideProviderPayment,
  disputeNotice,
  disputeStatusLabel,
  isOpenDispute,
  mergeProviderStates,
  type ProviderPaymentState,
  providerLedger,
  refundLine,
} from "#app/domain/provider-payments.ts";

const state = (overrides: Partial<ProviderPaymentState> = {}): ProviderPaymentState => ({
  paymentIntentId: "pi_1",
  invoiceId: "inv",
  currency: "usd",
  amountReceived: 70_000,
  paidAt: 1_800_000_000,
  method: "card",
  fee: 2_060,
  refunds: {},
  disputes: {},
  ...overrides,
});

describe("merging what the provider said", () => {
  it("keeps the furthest of each part, whatever order two reads are applied in", () => {
    const older = state({
      amountReceived: 0,
      refunds: { re_1: { amount: 10_000, status: "pending", created: 10 } },
      disputes: { du_1: { amount: 70_000, status: "needs_response", created: 20 } },
    });
    const newer = state({
      refunds: {
        re_1: { amount: 10_000, status: "succeeded", created: 10 },
        re_2: { amount: 5_000, status: "failed", created: 30 },
      },
      disputes: { du_1: { amount: 70_000, status: "lost", created: 20 } },
    });
    const oneWay = mergeProviderStates(mergeProviderStates(null, newer), older);
    const otherWay = mergeProviderStates(mergeProviderStates(null, older), newer);
    expect(oneWay).toEqual(otherWay);
    expect(oneWay).toMatchObject({
      amountReceived: 70_000,
      refunds: { re_1: { status: "succeeded" }, re_2: { status: "failed" } },
      disputes: { du_1: { status: "lost" } },
    });
  });

  it("lets a refund fail after it succeeded, never come back from failed", () => {
    const succeeded = state({ refunds: { re_1: { amount: 10_000, status: "succeeded", created: 10 } } });
    const failed = state({ refunds: { re_1: { amount: 10_000, status: "failed", created: 10 } } });
    expect(mergeProviderStates(succeeded, failed).refunds.re_1?.status).toBe("failed");
    expect(mergeProviderStates(failed, succeeded).refunds.re_1?.status).toBe("failed");
  });

  it("takes a read of another PaymentIntent as it is, and keeps a known fee when a read has none", () => {
    expect(mergeProviderStates(state(), state({ paymentIntentId: "pi_2", fee: null })).fee).toBeNull();
    expect(mergeProviderStates(state(), state({ fee: null })).fee).toBe(2_060);
  });
});

describe("the ledger a state makes", () => {
  it("counts succeeded and pending refunds and a lost dispute, not failed or cancelled ones", () => {
    const ledger = providerLedger(
      state({
        amountReceived: 100_000,
        refunds: {
          re_a: { amount: 10_000, status: "succeeded", created: 1 },
          re_b: { amount: 5_000, status: "pending", created: 2 },
          re_c: { amount: 7_000, status: "failed", created: 3 },
          re_d: { amount: 8_000, status: "canceled", created: 4 },
        },
        disputes: { du_a: { amount: 20_000, status: "lost", created: 5 } },
      }),
    );
    expect(ledger.refunds.map((entry) => [entry.providerRefundId, entry.kind, entry.amount])).toEqual([
      ["re_a", "refund", 10_000],
      ["re_b", "refund", 5_000],
      ["du_a", "dispute", 20_000],
    ]);
    expect(ledger).toMatchObject({ received: 100_000, refunded: 35_000, net: 65_000, excess: 0 });
    expect(ledger.dispute).toMatchObject({ providerDisputeId: "du_a", status: "lost", open: false });
  });

  it("leaves out refunds above the payment, oldest kept first, and reports what was left out", () => {
    const ledger = providerLedger(
      state({
        amountReceived: 10_000,
        refunds: {
          re_late: { amount: 4_000, status: "succeeded", created: 9 },
          re_first: { amount: 8_000, status: "succeeded", created: 1 },
        },
      }),
    );
    expect(ledger.refunds.map((entry) => entry.providerRefundId)).toEqual(["re_first"]);
    expect(ledger).toMatchObject({ refunded: 8_000, excess: 4_000, net: 2_000 });
  });

  it("shows an open dispute before a closed one; a won dispute takes nothing", () => {
    const ledger = providerLedger(
      state({
        disputes: {
          du_old: { amount: 70_000, status: "won", created: 1 },
          du_new: { amount: 30_000, status: "under_review", created: 2 },
        },
      }),
    );
    expect(ledger.dispute).toMatchObject({ providerDisputeId: "du_new", open: true, amount: 30_000 });
    expect(ledger.refunds).toEqual([]);
    expect(isOpenDispute("warning_needs_response")).toBe(true);
    expect(isOpenDispute("won")).toBe(false);
    expect(isOpenDispute(null)).toBe(false);
  });
});

describe("whether the invoice takes a payment", () => {
  const invoice = { invoiceType: "invoice" as const, status: "sent" as const, owed: 100_000 };
  const decide = (input: Partial<Parameters<typeof decideProviderPayment>[0]> & { state?: ProviderPaymentState }) => {
    const current = input.state ?? state();
    return decideProviderPayment({
      recorded: false,
      state: current,
      ledger: providerLedger(current),
      invoice,
      ...input,
    });
  };

  it("records what fits what is owed; a payment recorded before follows its state", () => {
    expect(decide({})).toEqual({ record: true });
    expect(decide({ recorded: true, invoice: { ...invoice, status: "paid", owed: 0 } })).toEqual({ record: true });
  });

  it("judges what is kept after refunds: $700 refunded to $400 fits $400 owed", () => {
    const refunded = state({ refunds: { re_1: { amount: 30_000, status: "succeeded", created: 1 } } });
    expect(decide({ state: refunded, invoice: { ...invoice, owed: 40_000 } })).toEqual({ record: true });
    expect(decide({ invoice: { ...invoice, owed: 40_000 } })).toMatchObject({
      record: false,
      anomaly: { kind: "more_than_owed", message: expect.stringContaining("$700.00 is more than the $400.00 owed") },
    });
  });

  it("refuses another currency, an invoice that takes no payment; nothing received is no payment yet", () => {
    expect(decide({ state: state({ currency: "eur" }) })).toMatchObject({
      record: false,
      anomaly: { kind: "currency", message: expect.stringContaining("700.00 EUR is not in USD") },
    });
    expect(decide({ invoice: { ...invoice, status: "cancelled" } })).toMatchObject({
      anomaly: { kind: "not_payable" },
    });
    expect(decide({ invoice: { ...invoice, invoiceType: "estimate" } })).toMatchObject({
      anomaly: { kind: "not_payable" },
    });
    expect(decide({ state: state({ amountReceived: 0 }) })).toEqual({ record: false, reason: "unpaid" });
  });

  it("records a payment refunded in full whatever the invoice's state: it changes nothing owed", () => {
    const gone = state({ refunds: { re_1: { amount: 70_000, status: "succeeded", created: 1 } } });
    expect(decide({ state: gone, invoice: { ...invoice, status: "paid", owed: 0 } })).toEqual({ record: true });
  });
});

describe("texts", () => {
  it("says a refund, a lost dispute and a dispute's turns in words", () => {
    expect(refundLine({ amount: 30_000, kind: "refund" }, "Nov 3, 2026")).toBe("Refunded $300.00 on Nov 3, 2026");
    expect(refundLine({ amount: 30_000, kind: "dispute" }, "Nov 3, 2026")).toBe(
      "Lost in a dispute: $300.00 on Nov 3, 2026",
    );
    expect(disputeStatusLabel("warning_needs_response")).toBe("inquiry: needs response");
    expect(disputeNotice({ invoiceNumber: "INV-0007", amount: 70_000, status: "needs_response", opened: true })).toBe(
      "Invoice INV-0007: the client disputed a payment of $700.00 (needs response). Answer it in Stripe's dashboard.",
    );
    expect(disputeNotice({ invoiceNumber: "INV-0007", amount: 70_000, status: "won", opened: false })).toContain(
      "was won; the payment stands",
    );
    expect(disputeNotice({ invoiceNumber: "INV-0007", amount: 70_000, status: "lost", opened: false })).toContain(
      "was lost; it counts as refunded",
    );
  });

  it("lists the refunds already made in a receipt, and the new ones in a refund mail", () => {
    const receipt = receiptMail({
      invoiceNumber: "INV-0007",
      businessName: "Studio",
      customerName: "Ada",
      amount: 70_000,
      balanceDue: 60_000,
      paidOn: "2026-11-03",
      refunds: [{ amount: 30_000, kind: "refund", refundedOn: "2026-11-04" }],
    });
    expect(receipt.text).toContain(
      "We received your payment of $700.00 for invoice INV-0007 on 11/03/2026.\n\nRefunded $300.00 on 11/04/2026.\nThe balance due is now $600.00.",
    );
    const refund = refundMail({
      invoiceNumber: "INV-0007",
      businessName: "Studio",
      customerName: "Ada",
      refunds: [{ amount: 30_000, kind: "refund", refundedOn: "2026-11-04" }],
      balanceDue: 60_000,
    });
    expect(refund.subject).toBe("Refund for invoice INV-0007 from Studio");
    // dates in the studio's format, never ISO
    expect(refund.text).toContain("Refunded $300.00 on 11/04/2026.\nThe balance due is now $600.00.");
  });
});
