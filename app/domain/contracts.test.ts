import { describe, expect, it } from "vitest";
import { dueText } from "#app/domain/contract-form.ts";
import {
  amountPart,
  basisText,
  billedBy,
  contractProgress,
  contractStanding,
  deductionDescription,
  installmentPart,
  nextInstallment,
  type PlannedInstallment,
  percentPart,
  scheduleAmounts,
  scheduleMessages,
  standingRows,
} from "#app/domain/contracts.ts";
import { calculateTotals, taxOn } from "#app/domain/money.ts";

/** $2,800.50 at 8.25%: tax $231.04, total $3,031.54 (the sample proposal's middle package and add-on) */
const contract = { subtotal: 280_050, taxRate: 825, total: 303_154 };

const deposit = (percent: number): PlannedInstallment => ({ kind: "deposit", basis: "percent", value: percent });
const milestone = (basis: "percent" | "amount", value: number): PlannedInstallment => ({
  kind: "milestone",
  basis,
  value,
});
const balance: PlannedInstallment = { kind: "balance", basis: null, value: null };

describe("an installment's part", () => {
  it("a percentage is of the subtotal, with the contract's tax on that part", () => {
    // 50% of $2,800.50 = $1,400.25; 8.25% of it = $115.52 (115.520625)
    expect(percentPart(280_050, 825, 5000)).toEqual({ net: 140_025, tax: 11_552, amount: 151_577 });
    // a third: $933.50 (933.4999... -> 933.50), tax $77.01 (77.01375)
    expect(percentPart(280_050, 825, 3333)).toEqual({ net: 93_341, tax: 7701, amount: 101_042 });
  });

  it("bills what an invoice of that one line at the contract's rate totals, to the cent", () => {
    for (const percent of [1, 3333, 5000, 6667, 9999, 10_000]) {
      const part = percentPart(contract.subtotal, contract.taxRate, percent);
      const invoice = calculateTotals({
        lines: [{ quantity: 100, unitPrice: part.net }],
        taxRate: contract.taxRate,
        discount: 0,
      });
      expect(invoice.total).toBe(part.amount);
      expect(invoice.taxAmount).toBe(part.tax);
    }
  });

  it("an amount includes the tax: the part before tax whose tax brings it to the amount", () => {
    expect(amountPart(100_000, 825)).toEqual({ net: 92_379, tax: 7621, amount: 100_000 });
    expect(amountPart(100_000, 0)).toEqual({ net: 100_000, tax: 0, amount: 100_000 });
    // at 10% a few cents cannot be reached: the largest amount below
    expect(amountPart(50_000, 1000)).toEqual({ net: 45_454, tax: 4545, amount: 49_999 });
    expect(amountPart(0, 825)).toEqual({ net: 0, tax: 0, amount: 0 });
  });

  it("an amount is never more than asked, and the next cent of the part would be", () => {
    for (const rate of [0, 1, 500, 725, 825, 1000, 2000, 10_000]) {
      for (let amount = 1; amount < 3000; amount += 7) {
        const part = amountPart(amount, rate);
        expect(part.amount).toBeLessThanOrEqual(amount);
        expect(part.net + 1 + taxOn(part.net + 1, rate)).toBeGreaterThan(amount);
      }
    }
  });

  it("an amount is capped at the contract's total", () => {
    expect(installmentPart(contract, "amount", 999_999_00).amount).toBe(contract.total);
    expect(installmentPart({ subtotal: 0, taxRate: 825, total: 0 }, "percent", 5000).amount).toBe(0);
  });
});

describe("the schedule", () => {
  it("deposit, milestone and balance add up to the total to the cent, the remainder on the balance", () => {
    const result = scheduleAmounts(contract, [deposit(5000), milestone("percent", 3333), balance]);
    if (!result.ok) throw new Error(result.message);
    expect(result.amounts).toEqual([151_577, 101_042, 303_154 - 151_577 - 101_042]);
    expect(result.amounts.reduce((a, b) => a + b, 0)).toBe(contract.total);
  });

  it("thirds of an odd total: every cent is billed once", () => {
    const odd = { subtotal: 100_001, taxRate: 725, total: 100_001 + taxOn(100_001, 725) };
    const result = scheduleAmounts(odd, [deposit(3333), milestone("percent", 3333), balance]);
    if (!result.ok) throw new Error(result.message);
    expect(result.amounts.reduce((a, b) => a + b, 0)).toBe(odd.total);
    expect(result.amounts.every((amount) => amount > 0)).toBe(true);
  });

  it("an invoiced installment counts what its invoice bills (after credit notes)", () => {
    const result = scheduleAmounts(contract, [{ ...deposit(5000), billed: 100_000 }, balance]);
    expect(result).toEqual({ ok: true, amounts: [100_000, 203_154] });
  });

  it("refuses installments that add up to more than the total", () => {
    const result = scheduleAmounts(contract, [deposit(6000), milestone("percent", 5000), balance]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/^The installments add up to \$3,334\.69, more than/);
  });

  it("refuses a schedule without one balance at its end, a deposit after the first, or a milestone without a value", () => {
    expect(scheduleAmounts(contract, [deposit(5000)])).toEqual({ ok: false, message: scheduleMessages.oneBalance });
    expect(scheduleAmounts(contract, [balance, milestone("percent", 10)])).toMatchObject({ ok: false });
    expect(scheduleAmounts(contract, [balance, balance])).toMatchObject({ ok: false });
    expect(scheduleAmounts(contract, [milestone("percent", 10), deposit(10), balance])).toEqual({
      ok: false,
      message: scheduleMessages.depositFirst,
    });
    expect(scheduleAmounts(contract, [milestone("amount", 0), balance])).toEqual({
      ok: false,
      message: scheduleMessages.needsValue,
    });
    expect(scheduleAmounts(contract, [balance])).toEqual({ ok: true, amounts: [contract.total] });
  });

  it("the next installment is the first not invoiced", () => {
    const items = [
      { id: "a", invoiced: true },
      { id: "b", invoiced: false },
      { id: "c", invoiced: false },
    ];
    expect(nextInstallment(items)?.id).toBe("b");
    expect(nextInstallment(items.map((item) => ({ ...item, invoiced: true })))).toBeNull();
  });
});

describe("what the contract's invoices bill", () => {
  const invoice = { draft: false, voided: false, total: 50_000, credited: 0, paid: 0 };

  it("an invoice bills its total less its credit notes; drafts and void invoices bill nothing", () => {
    expect(billedBy(invoice)).toBe(50_000);
    expect(billedBy({ ...invoice, credited: 10_000 })).toBe(40_000);
    expect(billedBy({ ...invoice, draft: true })).toBe(0);
    expect(billedBy({ ...invoice, voided: true })).toBe(0);
  });

  it("progress: invoiced, paid (never more than billed) and what remains to be paid", () => {
    expect(
      contractProgress(150_000, [
        { ...invoice, paid: 50_000 },
        { ...invoice, total: 30_000, credited: 10_000, paid: 30_000 },
        { ...invoice, draft: true },
        { ...invoice, voided: true, paid: 0 },
      ]),
    ).toEqual({ total: 150_000, invoiced: 70_000, paid: 70_000, remaining: 80_000 });
  });

  it("an invoice's standing: contract total, billed before, this invoice, left after", () => {
    const standing = contractStanding(303_154, 151_577, 101_042);
    expect(standing.leftAfter).toBe(50_535);
    expect(standingRows(standing)).toEqual([
      { label: "Contract total", value: "$3,031.54" },
      { label: "Billed before", value: "$1,515.77" },
      { label: "This invoice", value: "$1,010.42" },
      { label: "Left after this", value: "$505.35" },
    ]);
  });
});

describe("words", () => {
  it("names what a deduction takes off", () => {
    expect(
      deductionDescription({ invoiceNumber: "INV-0001", invoiceType: "invoice", installmentKind: "deposit" }),
    ).toBe("Less deposit INV-0001");
    expect(
      deductionDescription({ invoiceNumber: "INV-0002", invoiceType: "invoice", installmentKind: "milestone" }),
    ).toBe("Less milestone INV-0002");
    expect(deductionDescription({ invoiceNumber: "INV-0009", invoiceType: "invoice" })).toBe("Less invoice INV-0009");
    expect(deductionDescription({ invoiceNumber: "CN-0001", invoiceType: "credit_note" })).toBe(
      "Less credit note CN-0001",
    );
  });

  it("says when an installment is due and how it is priced", () => {
    expect(dueText({ dueOn: "2026-12-01", phaseName: null })).toBe("Due 12/01/2026");
    expect(dueText({ dueOn: null, phaseName: "Design" })).toBe("When “Design” is approved");
    expect(dueText({ dueOn: null, phaseName: null })).toBe("No date set");
    expect(basisText("percent", 3350)).toBe("33.5% of the subtotal plus tax");
    expect(basisText("percent", 5000)).toBe("50% of the subtotal plus tax");
    expect(basisText("amount", 100_000)).toBe("$1,000.00 including tax");
    expect(basisText(null, null)).toBe("The rest");
  });
});
