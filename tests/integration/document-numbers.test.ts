import { expect, it } from "vitest";
import { invoices } from "#app/db/schema.ts";
import { nextDocumentNumber } from "#app/models/document-numbers.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { insertCustomer } from "../support/records.ts";

describeEachDatabase("document numbers", (database) => {
  async function createInvoice(customerId: string, type: "invoice" | "estimate", fail = false) {
    return database().db.transaction(async (tx) => {
      const invoiceNumber = await nextDocumentNumber(tx, type, type === "invoice" ? "INV" : "EST");
      await tx.insert(invoices).values({ invoiceNumber, customerId, invoiceType: type, issueDate: "2026-11-01" });
      if (fail) throw new Error("rolled back");
      return invoiceNumber;
    });
  }

  it("numbers each type on its own, gap-free, under concurrent creates and rollbacks", async () => {
    const customer = await insertCustomer(database().db, { name: "C", email: "c@x.test" });
    if (!customer) throw new Error("no customer");
    const attempts = Array.from({ length: 12 }, (_, i) =>
      createInvoice(customer.id, i % 3 === 2 ? "estimate" : "invoice", i % 4 === 3).catch(() => null),
    );
    const numbers = (await Promise.all(attempts)).filter((n): n is string => n !== null);
    const stored = (await database().db.select({ n: invoices.invoiceNumber }).from(invoices))
      .map((row) => row.n)
      .sort();
    expect(stored).toEqual([...numbers].sort());
    const invoiceNumbers = stored.filter((n) => n.startsWith("INV-"));
    const estimateNumbers = stored.filter((n) => n.startsWith("EST-"));
    expect(invoiceNumbers).toEqual(invoiceNumbers.map((_, i) => `INV-${String(i + 1).padStart(4, "0")}`));
    expect(estimateNumbers).toEqual(estimateNumbers.map((_, i) => `EST-${String(i + 1).padStart(4, "0")}`));
    expect(invoiceNumbers.length + estimateNumbers.length).toBe(9);
  });
});
