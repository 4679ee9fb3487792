import { count, isNull } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { expect, it } from "vitest";
import {
  businessSettings,
  contactSubmissions,
  customerInteractions,
  customers,
  invoiceLineItems,
  invoices,
  portfolioItems,
  pricingPackages,
  projects,
} from "#app/db/schema.ts";
import { seedBaseline, seedDemo } from "#app/db/seed.server.ts";
import { calculateTotals, parseScaled, toCents } from "#app/domain/money.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { describeEachDatabase } from "../support/database.ts";

describeEachDatabase("seed", (database) => {
  async function counts() {
    const db = database().db;
    const of = async (table: PgTable) => {
      const [row] = await db.select({ n: count() }).from(table);
      return row?.n;
    };
    return {
      portfolio: await of(portfolioItems),
      pricing: await of(pricingPackages),
      settings: await of(businessSettings),
      submissions: await of(contactSubmissions),
      customers: await of(customers),
      projects: await of(projects),
      invoices: await of(invoices),
    };
  }

  it("fills an empty database once, however often it runs", async () => {
    const first = await seedBaseline(database().db);
    expect(first).toEqual({ portfolio: 3, pricing: 3, settings: 1, demo: false });
    const second = await seedBaseline(database().db);
    expect(second).toEqual({ portfolio: 0, pricing: 0, settings: 0, demo: false });
    expect(await counts()).toMatchObject({ portfolio: 3, pricing: 3, settings: 1, submissions: 0 });
  });

  it("seeds the spec's packages and categories", async () => {
    await seedBaseline(database().db);
    const packages = await database().db.select().from(pricingPackages).orderBy(pricingPackages.sortOrder);
    expect(packages.map((p) => [p.name, p.price, p.ctaLabel, p.highlighted])).toEqual([
      ["Basic Package", "$500 - $1,200", "Get Started", false],
      ["Standard Package", "$1,500 - $3,000", "Choose Standard", true],
      ["Premium Package", "$3,000 - $5,000+", "Go Premium", false],
    ]);
    const items = await database().db.select().from(portfolioItems).orderBy(portfolioItems.sortOrder);
    expect(items.map((item) => item.category)).toEqual(["websites", "webapps", "webapps"]);
    const studio = await getStudioIdentity(database().db);
    expect(studio.email).toMatch(/@/);
    const rows = await database().db.select().from(businessSettings).where(isNull(businessSettings.userId));
    expect(rows).toHaveLength(1);
  });

  it("adds the demo data once, with consistent invoice totals", async () => {
    await seedBaseline(database().db);
    expect(await seedDemo(database().db)).toBe(true);
    expect(await seedDemo(database().db)).toBe(false);
    expect(await counts()).toMatchObject({ submissions: 6, customers: 3, projects: 3, invoices: 3 });

    const interactions = await database().db.select().from(customerInteractions);
    expect(interactions.map((row) => row.subject)).toEqual([
      "Customer converted from contact form",
      "Customer converted from contact form",
    ]);

    const docs = await database().db.select().from(invoices).orderBy(invoices.invoiceNumber);
    expect(docs.map((doc) => doc.invoiceNumber)).toEqual(["EST-0001", "INV-0001", "INV-0002"]);
    const lines = await database().db.select().from(invoiceLineItems);
    for (const doc of docs) {
      const own = lines.filter((line) => line.invoiceId === doc.id);
      const totals = calculateTotals({
        lines: own.map((line) => ({
          quantity: parseScaled(line.quantity, 2) ?? 0,
          unitPrice: toCents(line.unitPrice) ?? 0,
        })),
        taxRate: 0,
        discount: 0,
      });
      expect(toCents(doc.subtotal)).toBe(totals.subtotal);
      expect(toCents(doc.totalAmount)).toBe(totals.total);
      expect((toCents(doc.balanceDue) ?? 0) + (toCents(doc.amountPaid) ?? 0)).toBe(totals.total);
    }
  });
});
