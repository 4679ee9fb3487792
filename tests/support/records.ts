/**
 * Record factories for integration tests: a row with sensible defaults, any column overridable,
 * inserted and returned. Invoices made through the model (exact totals, numbers, lines) go through
 * `invoiceForm`, the posted form parsed by the editor's own schema.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { Queryable } from "#app/db/client.server.ts";
import { customers, invoices, projects } from "#app/db/schema.ts";
import { type InvoiceForm, invoiceFormSchema } from "#app/domain/invoice-form.ts";
import { type ProposalForm, proposalFormSchema } from "#app/domain/proposals.ts";

/** Posted form fields as FormData, in order. */
export function formData(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

/** The invoice editor's posted fields, parsed by its schema; throws when they are not valid. */
export function invoiceForm(values: Record<string, string>): InvoiceForm {
  const parsed = parseWithZod(formData(values), { schema: invoiceFormSchema });
  if (parsed.status !== "success") throw new Error(`invalid form: ${JSON.stringify(parsed.reply().error)}`);
  return parsed.value;
}

/** A customer; the email is made from the first word of the name unless given. */
export async function insertCustomer(
  db: Queryable,
  values: Partial<typeof customers.$inferInsert> & { name?: string } = {},
): Promise<typeof customers.$inferSelect> {
  const name = values.name ?? "Ada Lovelace";
  const [row] = await db
    .insert(customers)
    .values({ email: `${name.split(" ")[0]?.toLowerCase()}@example.test`, ...values, name })
    .returning();
  if (!row) throw new Error("no customer");
  return row;
}

/** Several customers in one insert, each as `insertCustomer` makes it; returned in order. */
export async function insertCustomers(
  db: Queryable,
  list: (Partial<typeof customers.$inferInsert> & { name: string })[],
): Promise<(typeof customers.$inferSelect)[]> {
  if (list.length === 0) return [];
  return db
    .insert(customers)
    .values(list.map((values) => ({ email: `${values.name.split(" ")[0]?.toLowerCase()}@example.test`, ...values })))
    .returning();
}

/** A project of the customer ("Website" unless named). */
export async function insertProject(
  db: Queryable,
  customerId: string,
  values: Partial<typeof projects.$inferInsert> = {},
): Promise<typeof projects.$inferSelect> {
  const [row] = await db
    .insert(projects)
    .values({ projectName: "Website", ...values, customerId })
    .returning();
  if (!row) throw new Error("no project");
  return row;
}

/**
 * An invoice row written directly (no lines, totals as given): for lists, exports, reports and
 * sending, where the model's arithmetic is not what is tested.
 */
export async function insertInvoice(
  db: Queryable,
  values: Partial<typeof invoices.$inferInsert> & { invoiceNumber: string; customerId: string },
): Promise<typeof invoices.$inferSelect> {
  const [row] = await db
    .insert(invoices)
    .values({ issueDate: "2026-11-01", ...values })
    .returning();
  if (!row) throw new Error("no invoice");
  return row;
}

/** The proposal editor's posted fields (nested tiers and add-ons), parsed by its schema; throws when invalid. */
export function proposalForm(values: Record<string, string>): ProposalForm {
  const parsed = parseWithZod(formData(values), { schema: proposalFormSchema });
  if (parsed.status !== "success") throw new Error(`invalid form: ${JSON.stringify(parsed.reply().error)}`);
  return parsed.value;
}
