/**
 * The invoices' words and the editor's addresses (the list's address is invoice-list.ts): schema-free, so a page that links to
 * invoices or shows their words loads no schema library (the forms' schemas are in `invoice-form.ts`).
 */
import { type InvoiceType, invoiceTypeLabels } from "#app/domain/enums.ts";
import { totalTooLargeMessage } from "#app/domain/money.ts";

export function typeLabel(type: InvoiceType): string {
  return invoiceTypeLabels[type];
}

export const invoiceMessages = {
  selectCustomer: "Please select a customer",
  addLine: "Please add at least one line item",
  saved: (type: InvoiceType) => `${typeLabel(type)} saved successfully`,
  savedAndSent: (type: InvoiceType) => `${typeLabel(type)} saved and sent successfully`,
  notFound: "Invoice not found",
  empty: "No invoices found",
  errorTitle: "Error",
  saveFailed: "The invoice could not be saved. Please try again.",
  loadFailed: "The invoices could not be loaded. Please try again.",
  unsavedTitle: "Unsaved Changes",
  unsaved: (type: InvoiceType) =>
    `You have unsaved changes to this ${type}. Would you like to save before returning to the dashboard?`,
  discountTooLarge: "Discount cannot be more than the subtotal plus tax",
  /** a deduction line (ADR 0043) without the earlier document it takes off */
  deductionUnlinked: "Choose the earlier invoice or credit note of this customer that this line deducts",
  deductionTooLarge: "The deductions cannot make the total less than 0",
  /** a line total, the subtotal or the subtotal plus tax beyond what an amount holds */
  tooLarge: totalTooLargeMessage,
  taxRange: "Tax rate must be between 0 and 100",
  notNegative: "Must be 0 or more",
  issueDate: "Please choose an issue date",
  dueBeforeIssue: "Due date cannot be before the issue date",
  validUntilBeforeIssue: "Valid until date cannot be before the issue date",
  searchPlaceholder: "Search by number or customer...",
} as const;

/** The editor's address for a new document, with the optional customer and project prefill. */
export function newInvoiceHref(type: InvoiceType, customerId?: string | null, projectId?: string | null) {
  const params = new URLSearchParams({ type });
  if (customerId) params.set("customer_id", customerId);
  if (projectId) params.set("project_id", projectId);
  return `/admin/invoices/new?${params}`;
}

/** The PDF's file name: the document number, made safe for a header. */
export function pdfFileName(invoiceNumber: string): string {
  return `${invoiceNumber.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf`;
}
