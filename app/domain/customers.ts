/**
 * Customers in the back office (the list's address is customer-list.ts): the billing address join and split, the form's
 * defaults and the customer totals (Total Billed, Outstanding) in exact cents. Schema-free, so a page
 * that shows a label loads no schema library; the forms' schemas are in `customer-form.ts`.
 */

import type { CustomerStatus, InvoiceStatus, InvoiceType } from "#app/domain/enums.ts";
import type { Cents } from "#app/domain/money.ts";

export const customerMessages = {
  empty: "No customers found",
  notFound: "Customer not found",
  created: "Customer created successfully",
  updated: "Customer updated successfully",
  errorTitle: "Error",
  saveFailed: "The customer could not be saved. Please try again.",
  searchPlaceholder: "Search by name, email, or business...",
  noProjects: "No projects yet",
  noInvoices: "No invoices yet",
  noActivity: "No activity yet",
  noteAdded: "Note added",
  noteFailed: "The note could not be saved. Please try again.",
} as const;

const customerTabs = ["overview", "projects", "invoices", "activity"] as const;
export type CustomerTab = (typeof customerTabs)[number];
export function parseCustomerTab(value: string | null): CustomerTab {
  return customerTabs.includes(value as CustomerTab) ? (value as CustomerTab) : "overview";
}

// ---------------------------------------------------------------- billing address

export type BillingAddressParts = { street: string; city: string; state: string; zip: string };
const addressParts = ["street", "city", "state", "zip"] as const;

/** One line of the address: no line breaks inside, no surrounding space. */
function addressLine(value: string | null | undefined): string {
  return (value ?? "").replace(/\s*[\r\n]+\s*/g, ", ").trim();
}

/**
 * Street, city, state and zip joined by line breaks, each on its own line so the address
 * splits back into the same inputs. Trailing blank parts are left out; all blank is null.
 */
export function joinBillingAddress(parts: Partial<BillingAddressParts>): string | null {
  const lines = addressParts.map((part) => addressLine(parts[part]));
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines.length > 0 ? lines.join("\n") : null;
}

/**
 * The stored address back into the form's four inputs. An address with more than four lines
 * (typed elsewhere as free text) keeps its last three lines as city, state and zip and joins
 * the rest into the street.
 */
export function splitBillingAddress(address: string | null | undefined): BillingAddressParts {
  const lines = (address ?? "").split(/\r?\n/).map((line) => line.trim());
  if (lines.length > 4) {
    const tail = lines.splice(lines.length - 3, 3);
    lines.splice(0, lines.length, lines.filter(Boolean).join(", "), ...tail);
  }
  const [street = "", city = "", state = "", zip = ""] = lines;
  return { street, city, state, zip };
}

// ---------------------------------------------------------------- the customer form

type StoredCustomer = {
  name: string;
  email: string;
  phoneNumber: string | null;
  businessName: string | null;
  websiteUrl: string | null;
  billingAddress: string | null;
  taxId: string | null;
  paymentTerms: number;
  status: CustomerStatus;
  notes: string | null;
};

/** The form's values: blank for a new customer, the stored ones (address split) when editing. */
export function customerFormDefaults(customer?: StoredCustomer | null) {
  const address = splitBillingAddress(customer?.billingAddress);
  return {
    name: customer?.name ?? "",
    email: customer?.email ?? "",
    phone_number: customer?.phoneNumber ?? "",
    business_name: customer?.businessName ?? "",
    website_url: customer?.websiteUrl ?? "",
    billing_street: address.street,
    billing_city: address.city,
    billing_state: address.state,
    billing_zip: address.zip,
    tax_id: customer?.taxId ?? "",
    payment_terms: String(customer?.paymentTerms ?? 30),
    status: customer?.status ?? "prospect",
    notes: customer?.notes ?? "",
  };
}

/** 'Net 30 days' (and 'Net 1 day'). */
export function paymentTermsLabel(days: number): string {
  return `Net ${days} ${days === 1 ? "day" : "days"}`;
}

// ---------------------------------------------------------------- activity notes

// ---------------------------------------------------------------- totals

export type BilledDocument = {
  invoiceType: InvoiceType;
  status: InvoiceStatus;
  /** voided on purpose (ADR 0030); a fully credited invoice is cancelled but not void */
  voided?: boolean;
  total: Cents;
  balanceDue: Cents;
};

/** Statuses whose balance is no longer owed (a draft is not owed yet). */
const settledInvoiceStatuses: readonly InvoiceStatus[] = ["paid", "cancelled"];
/** Statuses whose balance is not Outstanding: settled, or never sent. */
export const notOwedInvoiceStatuses: readonly InvoiceStatus[] = ["draft", ...settledInvoiceStatuses];

/**
 * The owner's reading of the totals (docs/decisions/0030-document-lifecycle.md):
 * - Total Billed = the totals of the invoices issued to the customer (sent once: not drafts, not void)
 *   less their credit notes; a fully credited invoice counts and its credit note takes it back.
 * - Outstanding = the balance due (already net of payments and credit notes) of the invoices sent
 *   and neither paid nor cancelled.
 * Estimates are quotes, not bills: they count in neither (docs/decisions/0012-crm.md). The models
 * compute the same in SQL; this is the rule.
 */
export function customerTotals(documents: readonly BilledDocument[]): { totalBilled: Cents; outstanding: Cents } {
  let totalBilled = 0;
  let outstanding = 0;
  for (const document of documents) {
    if (document.invoiceType === "credit_note") {
      if (!document.voided) totalBilled -= document.total;
      continue;
    }
    if (document.invoiceType !== "invoice" || document.status === "draft" || document.voided) continue;
    totalBilled += document.total;
    if (!notOwedInvoiceStatuses.includes(document.status)) outstanding += document.balanceDue;
  }
  return { totalBilled, outstanding };
}
