import { describe, expect, it } from "vitest";
import { profitCsvCells, profitPeriod, profitQuerySchema, profitRowsToShow, profitTable } from "./profit.ts";

describe("the profit report", () => {
  it("reads its address, falling back to this year by month", () => {
    expect(profitQuerySchema.parse({})).toEqual({ by: "month" });
    expect(profitQuerySchema.parse({ from: "2026-02-30", to: "2026-03-01", by: "nope" })).toEqual({
      to: "2026-03-01",
      by: "month",
    });
    expect(profitPeriod({}, "2026-11-28")).toEqual({ from: "2026-01-01", to: "2026-11-28" });
    expect(profitPeriod({ from: "2026-12-01", to: "2026-01-01" }, "2026-11-28")).toEqual({
      from: "2026-01-01",
      to: "2026-12-01",
    });
  });

  it("joins the parts by group, computes each margin, and totals the rows to the cent", () => {
    const { rows, total } = profitTable({
      invoiced: [
        { key: "2026-11", label: "2026-11", cents: 100_000 },
        { key: "2026-10", label: "2026-10", cents: 50_001 },
      ],
      paid: [{ key: "2026-10", label: "2026-10", cents: 50_001 }],
      timeCost: [
        { key: "2026-11", label: "2026-11", cents: 30_000 },
        { key: "2026-11", label: "2026-11", cents: 333 },
      ],
      expenses: [{ key: "2026-09", label: "2026-09", cents: 999 }],
    });
    expect(
      rows.map((row) => [row.key, row.invoicedCents, row.timeCostCents, row.expenseCents, row.marginCents]),
    ).toEqual([
      ["2026-09", 0, 0, 999, -999],
      ["2026-10", 50_001, 0, 0, 50_001],
      ["2026-11", 100_000, 30_333, 0, 69_667],
    ]);
    expect(total).toMatchObject({
      invoicedCents: 150_001,
      paidCents: 50_001,
      timeCostCents: 30_333,
      expenseCents: 999,
      marginCents: 118_669,
      marginPercent: 79.1,
    });
    expect(profitCsvCells(total)).toEqual([
      "Total",
      { amount: 150_001 },
      { amount: 50_001 },
      { amount: 30_333 },
      { amount: 999 },
      { amount: 118_669 },
      "79.1",
    ]);
    expect(profitCsvCells(rows[0] ?? total)[6]).toBeNull();
  });

  it("shows at most the groups with the most revenue, then the others in one row, the total unchanged", () => {
    const customers = Array.from({ length: 5 }, (_, i) => ({
      key: `c${i}`,
      label: `Customer ${i}`,
      cents: (i + 1) * 100,
    }));
    const table = profitTable({
      invoiced: customers,
      paid: [],
      timeCost: [{ key: "c0", label: "Customer 0", cents: 50 }],
      expenses: [{ key: "c1", label: "Customer 1", cents: 7 }],
    });
    expect(profitRowsToShow(table, "customer", 5)).toEqual({ rows: table.rows, others: 0 });
    const { rows, others } = profitRowsToShow(table, "customer", 2);
    expect(others).toBe(3);
    expect(
      rows.map((row) => [row.label, row.invoicedCents, row.timeCostCents, row.expenseCents, row.marginCents]),
    ).toEqual([
      ["Customer 4", 500, 0, 0, 500],
      ["Customer 3", 400, 0, 0, 400],
      ["All other customers (3)", 600, 50, 7, 543],
    ]);
    // the shown rows still add up to the total
    expect(rows.reduce((sum, row) => sum + row.marginCents, 0)).toBe(table.total.marginCents);
  });
});
