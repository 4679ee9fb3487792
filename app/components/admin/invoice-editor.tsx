/**
 * The invoice and estimate editor: Customer Information, Line Items, Additional
 * Information and Summary cards in one Conform form. Without JavaScript every button posts: Add
 * Item and remove come back from the server re-rendered, saving redirects. With it, lines are
 * added and removed in place, the totals follow every keystroke (the same `calculateTotals` the
 * server stores), the project list follows the customer, and leaving with unsaved changes asks first.
 * A project under contract (ADR 0043) offers its schedule ("Next in schedule", "Remaining balance")
 * instead of its price; deduction lines take off an earlier invoice or credit note of the customer.
 */

import type { FieldMetadata } from "@conform-to/react";
import {
  ArrowLeft,
  Eye,
  FileDown,
  FileSignature,
  LayoutDashboard,
  ListRestart,
  MinusCircle,
  Plus,
  Repeat,
  Send,
} from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigate, useNavigation } from "react-router";
import {
  ClientLinkButton,
  ClientLinkForm,
  ClientLinkResult,
  type ClientLinkState,
} from "#app/components/admin/client-link.tsx";
import {
  type ActionFailure,
  AdminForm,
  CheckboxField,
  DateField,
  FormError,
  MoneyField,
  NumberField,
  SelectField,
  SubmitButton,
  TextareaField,
  useAdminForm,
  useIsSubmitting,
} from "#app/components/admin/form.tsx";
import { LineItemRows } from "#app/components/admin/line-items.tsx";
import { showToast } from "#app/components/admin/toaster.tsx";
import { buttonClass, Card } from "#app/components/admin/ui.tsx";
import { deductionDescription } from "#app/domain/contracts.ts";
import { displayDate } from "#app/domain/dates.ts";
import type { InvoiceType } from "#app/domain/enums.ts";
import { wordsFor } from "#app/domain/invoice-document.ts";
import {
  defaultDueDateFor,
  type EditorLine,
  editorLines,
  emptyLine,
  includesLines,
  invoiceFormSchema,
  invoiceMessages,
  linesUntouched,
  newInvoiceHref,
  previewTotals,
} from "#app/domain/invoice-form.ts";
import { limits } from "#app/domain/limits.ts";
import { centsToDecimal, formatMoney, readTypedHundredths } from "#app/domain/money.ts";
import type { ProjectLine } from "#app/domain/projects.ts";

export type EditorValues = {
  invoice_type: InvoiceType;
  customer_id: string;
  project_id: string;
  issue_date: string;
  due_date: string;
  items: EditorLine[];
  tax_rate: string;
  discount_amount: string;
  notes: string;
  terms: string;
  /** "on" when payment reminders go out for this invoice */
  send_reminders: "on" | "";
};
export type EditorCustomer = { id: string; name: string; businessName: string | null; paymentTerms: number };
/** A contract of a project (ADR 0043): what its schedule would invoice next, and its remaining balance. */
type EditorContract = {
  id: string;
  title: string;
  next: { label: string; amount: number } | null;
  balance: number | null;
};
/**
 * A project of the customer: the lines its pricing gives (none under contract), its recurring fees as
 * lines (offered apart), and its contracts.
 */
export type EditorProject = {
  id: string;
  projectName: string;
  lines: ProjectLine[];
  feeLines: ProjectLine[];
  contracts?: EditorContract[];
};
/** An earlier document of the customer a deduction line can take off, with what is left of it. */
export type EditorDocument = {
  id: string;
  invoiceNumber: string;
  invoiceType: "invoice" | "credit_note";
  available: number;
};
const formId = "invoice-editor";
const drawFormId = (contractId: string) => `contract-draw-${contractId}`;
const emptyDeduction: EditorLine = {
  description: "",
  quantity: "1",
  unit_price: "0",
  kind: "deduction",
  deducted_id: "",
};

export function InvoiceEditor({
  mode,
  invoiceNumber,
  defaultValue,
  customers,
  projects: initialProjects,
  documents: initialDocuments = [],
  failure,
  action,
  closed = null,
  heading,
  documentId = null,
  clientLink = null,
}: {
  mode: "new" | "edit";
  invoiceNumber: string | null;
  defaultValue: EditorValues;
  customers: EditorCustomer[];
  projects: EditorProject[];
  /** the customer's documents a deduction line can take off */
  documents?: EditorDocument[];
  failure?: ActionFailure | null;
  action: string;
  /** why this document can no longer be saved (an answered or converted estimate), or null */
  closed?: string | null;
  /** the page's heading (`editorHeading`): "Edit Invoice" only while it can be edited */
  heading: string;
  /** a saved document's id: its Preview and PDF links */
  documentId?: string | null;
  /** whether the client has a live link to it, and a link just issued (shown once) */
  clientLink?: ClientLinkState | null;
}) {
  const type = defaultValue.invoice_type;
  const words = wordsFor(type);
  const [form, fields] = useAdminForm({ id: formId, schema: invoiceFormSchema, failure, defaultValue });
  // a save that the browser refuses (no customer, no described line): the spec's messages as toasts too
  const [attempt, setAttempt] = useState(0);
  const customerError = fields.customer_id.errors?.[0];
  const itemsError = fields.items.errors?.[0];
  const toastedAttempt = useRef(0);
  useEffect(() => {
    if (!attempt || toastedAttempt.current === attempt || !(customerError || itemsError)) return;
    toastedAttempt.current = attempt;
    for (const message of [customerError, itemsError]) if (message) showToast({ type: "error", message, id: message });
  }, [attempt, customerError, itemsError]);
  const navigation = useNavigation();
  const navigate = useNavigate();
  const projectFetcher = useFetcher<{ projects: EditorProject[]; documents: EditorDocument[] }>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const saveAndContinue = useRef<HTMLButtonElement>(null);
  const dueTouched = useRef(mode === "edit");
  // the last date chosen in each picker: clearing one puts it back
  const initialDate = (value: unknown, fallback: string) => (typeof value === "string" && value ? value : fallback);
  const [dates, setDates] = useState(() => ({
    issue_date: initialDate(fields.issue_date.initialValue, defaultValue.issue_date),
    due_date: initialDate(fields.due_date.initialValue, defaultValue.due_date),
  }));
  const setDueDate = (due: string) => {
    const input = document.getElementById(fields.due_date.id);
    if (input instanceof HTMLInputElement) input.value = due;
    setDates((current) => ({ ...current, due_date: due }));
  };

  // a closed document's fields are disabled, so they are not in the form's data: it shows what is stored
  const values = closed ? defaultValue : (form.value ?? {});
  // changed since the page was loaded (or since the server re-rendered it): blank and missing are the same
  const [baseline] = useState(() => snapshot(form.value ?? defaultValue));
  const dirty = snapshot(values) !== baseline;
  const customerId = typeof values.customer_id === "string" ? values.customer_id : "";
  const projects =
    projectFetcher.state === "idle" && projectFetcher.data ? projectFetcher.data.projects : initialProjects;
  const documents =
    projectFetcher.state === "idle" && projectFetcher.data ? projectFetcher.data.documents : initialDocuments;
  const totals = previewTotals(values);
  // the schema reads items leniently (preprocess), so its input type is unknown: name the list's shape here
  const itemsField = fields.items as unknown as FieldMetadata<EditorLine[], EditorValues, string[]>;
  const _lines = itemsField.getFieldList();

  // the chosen project's pricing: its lines replace untouched ones at once, typed ones only when asked
  const projectId = typeof values.project_id === "string" ? values.project_id : "";
  const chosenProject = projects.find((project) => project.id === projectId);
  const [pricingOffer, setPricingOffer] = useState<string | null>(null);
  const offeredPricing =
    !closed && chosenProject && pricingOffer === chosenProject.id ? editorLines(chosenProject.lines) : [];
  // a new document's recurring fees: offered as lines, appended when the owner asks
  const feeLines = mode === "new" && !closed && chosenProject ? editorLines(chosenProject.feeLines) : [];
  const offeredFees = includesLines(values.items, feeLines) ? [] : feeLines;
  const replaceLines = (next: EditorLine[]) => form.update({ name: itemsField.name, value: next });
  // the chosen project's contracts with something left to invoice (a new invoice draws from them)
  const offers =
    mode === "new" && type === "invoice" && !closed
      ? (chosenProject?.contracts ?? []).filter((contract) => contract.next || contract.balance !== null)
      : [];

  // a deduction's document picked: its words and what is left of it fill a blank line
  function onDeductionPick(index: number, documentId: string) {
    const picked = documents.find((document) => document.id === documentId);
    const items = Array.isArray(values.items) ? values.items : [];
    const line = (items[index] ?? {}) as Partial<Record<keyof EditorLine, unknown>>;
    if (!picked) return;
    if (typeof line.description !== "string" || line.description.trim() === "") {
      form.update({ name: `${itemsField.name}[${index}].description`, value: deductionDescription(picked) });
    }
    if ((readTypedHundredths(line.unit_price) ?? 0) === 0) {
      form.update({ name: `${itemsField.name}[${index}].unit_price`, value: centsToDecimal(picked.available) });
    }
  }

  function onProjectChange(id: string) {
    const next = editorLines(projects.find((project) => project.id === id)?.lines ?? []);
    if (next.length > 0 && linesUntouched(values.items)) replaceLines(next);
    setPricingOffer(next.length > 0 && !linesUntouched(values.items) ? id : null);
  }

  function addFees() {
    const current = (Array.isArray(values.items) ? values.items : []).map(
      (item: Partial<Record<keyof EditorLine, unknown>> | undefined): EditorLine => ({
        description: typeof item?.description === "string" ? item.description : "",
        quantity: typeof item?.quantity === "string" ? item.quantity : "",
        unit_price: typeof item?.unit_price === "string" ? item.unit_price : "",
        ...(item?.kind === "deduction"
          ? { kind: "deduction" as const, deducted_id: typeof item.deducted_id === "string" ? item.deducted_id : "" }
          : {}),
      }),
    );
    replaceLines(linesUntouched(current) ? offeredFees : [...current, ...offeredFees]);
  }

  const saving = useIsSubmitting({ action }) && !navigation.formData?.has("__intent__");

  // leaving the page (reload, closing the tab, a full-page link) with unsaved changes: the browser asks
  useEffect(() => {
    if (!dirty || saving) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty, saving]);

  const setValue = (name: string, value: string) => form.update({ name, value });

  function onCustomerChange(id: string) {
    setValue(fields.project_id.name, "");
    if (id) void projectFetcher.load(`/admin/invoices/project-choices?customer_id=${encodeURIComponent(id)}`);
    if (!dueTouched.current && dates.issue_date) {
      const customer = customers.find((c) => c.id === id);
      setDueDate(defaultDueDateFor(type, dates.issue_date, customer?.paymentTerms));
    }
  }

  function onDateChange(name: "issue_date" | "due_date", input: HTMLInputElement) {
    // the pickers ignore clearing: an emptied date goes back to the last one chosen
    if (!input.value) {
      input.value = dates[name];
      return;
    }
    const value = input.value;
    if (name === "due_date") dueTouched.current = true;
    setDates((current) => ({ ...current, [name]: value }));
    if (name === "issue_date" && !dueTouched.current) {
      const customer = customers.find((c) => c.id === customerId);
      setDueDate(defaultDueDateFor(type, value, customer?.paymentTerms));
    }
  }

  return (
    <>
      <AdminForm form={form} action={action} enterSaves={false} className="mx-auto flex max-w-5xl flex-col gap-5">
        <div className="flex flex-wrap items-center gap-3">
          <Link
            to="/admin/invoices"
            reloadDocument
            className={buttonClass("ghost", undefined, "icon")}
            aria-label="Back to invoices"
          >
            <ArrowLeft aria-hidden className="size-5" />
          </Link>
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-semibold tracking-tight">{heading}</h1>
            {invoiceNumber && !heading.includes(invoiceNumber) ? (
              <p className="font-mono text-sm text-zinc-400">{invoiceNumber}</p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {documentId ? (
              <>
                <a
                  href={`/admin/invoices/${documentId}/pdf`}
                  target="_blank"
                  rel="noopener"
                  className={buttonClass("secondary")}
                >
                  <Eye aria-hidden className="size-4" />
                  Preview
                </a>
                <a
                  href={`/admin/invoices/${documentId}.pdf`}
                  target="_blank"
                  rel="noopener"
                  className={buttonClass("secondary")}
                >
                  <FileDown aria-hidden className="size-4" />
                  PDF
                </a>
              </>
            ) : null}
            {clientLink?.live ? <ClientLinkButton /> : null}
            <Link
              to="/admin/dashboard"
              onClick={(event) => {
                if (dirty) {
                  event.preventDefault();
                  setDialogOpen(true);
                }
              }}
              className={buttonClass("secondary")}
            >
              <LayoutDashboard aria-hidden className="size-4" />
              Dashboard
            </Link>
            {closed ? null : (
              <>
                <SubmitButton
                  intent="draft"
                  action={action}
                  variant="secondary"
                  onClick={() => setAttempt((n) => n + 1)}
                >
                  Save as Draft
                </SubmitButton>
                <SubmitButton intent="sent" action={action} onClick={() => setAttempt((n) => n + 1)}>
                  <Send aria-hidden className="size-4" />
                  Save &amp; Send
                </SubmitButton>
              </>
            )}
          </div>
        </div>
        {clientLink ? <ClientLinkResult state={clientLink} /> : null}
        {closed ? (
          <p
            role="status"
            className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-100"
          >
            {closed}
          </p>
        ) : null}

        <input type="hidden" name={fields.invoice_type.name} value={type} />
        {/* what 'Save & Continue' presses: a draft save that returns to the dashboard */}
        <button ref={saveAndContinue} type="submit" name="return_to" value="dashboard" hidden tabIndex={-1} />
        <FormError form={form} />

        {/* a closed document is shown, not edited: every field and line button is disabled */}
        <fieldset disabled={Boolean(closed)} className="contents">
          <Card title="Customer Information">
            <div className="grid gap-x-4 sm:grid-cols-2">
              <SelectField
                meta={fields.customer_id}
                label="Customer"
                placeholder="Select a customer"
                options={customers.map((customer) => ({
                  value: customer.id,
                  label: customer.businessName ? `${customer.name} (${customer.businessName})` : customer.name,
                }))}
                onChange={(event) => onCustomerChange(event.target.value)}
              />
              <div>
                <SelectField
                  key={`${fields.project_id.key}-${customerId}`}
                  meta={fields.project_id}
                  label="Project (optional)"
                  placeholder="None"
                  options={projects.map((project) => ({ value: project.id, label: project.projectName }))}
                  disabled={!customerId}
                  onChange={(event) => onProjectChange(event.target.value)}
                />
                <noscript>
                  <button
                    {...form.validate.getButtonProps({ name: fields.customer_id.name })}
                    className={buttonClass("secondary", "-mt-1 mb-3", "sm")}
                  >
                    Load projects
                  </button>
                </noscript>
              </div>
              <DateField
                meta={fields.issue_date}
                label="Issue Date"
                lang="en-US"
                description={displayDate(dates.issue_date)}
                onChange={(event) => onDateChange("issue_date", event.currentTarget)}
              />
              <DateField
                meta={fields.due_date}
                label={words.dueDate}
                lang="en-US"
                description={displayDate(dates.due_date)}
                onChange={(event) => onDateChange("due_date", event.currentTarget)}
              />
            </div>
          </Card>

          {offers.length > 0 ? (
            <Card title="Contract" id="card-contract-offer">
              <div className="flex flex-col gap-4 text-sm text-zinc-300" data-contract-offer>
                <p>
                  This project is under contract: invoice it from the contract's schedule, so what earlier invoices
                  billed is never billed again.
                </p>
                {offers.map((contract) => (
                  <div key={contract.id} className="flex flex-col gap-2">
                    <p className="font-medium text-zinc-100">
                      <a href={`/admin/contracts/${contract.id}`} className="underline underline-offset-2">
                        {contract.title}
                      </a>
                    </p>
                    <div className="flex flex-wrap gap-2">
                      {contract.next ? (
                        <button
                          type="submit"
                          form={drawFormId(contract.id)}
                          name="intent"
                          value="invoice-next"
                          className={buttonClass("primary", undefined, "sm")}
                          data-draw="next"
                        >
                          <FileSignature aria-hidden className="size-4" />
                          Next in schedule: {contract.next.label} ({formatMoney(contract.next.amount)})
                        </button>
                      ) : null}
                      {contract.balance !== null ? (
                        <button
                          type="submit"
                          form={drawFormId(contract.id)}
                          name="intent"
                          value="invoice-balance"
                          className={buttonClass("secondary", undefined, "sm")}
                          data-draw="balance"
                        >
                          Remaining balance ({formatMoney(contract.balance)})
                        </button>
                      ) : null}
                    </div>
                  </div>
                ))}
              </div>
            </Card>
          ) : null}

          <Card title="Line Items">
            <div className="flex flex-col gap-3">
              <LineItemRows
                field={itemsField}
                lineTotals={totals.lineTotalsByIndex}
                lineName={(n) => `line ${n}`}
                removeLabel={(n) => `Remove line ${n}`}
                removeButton={(index) => form.remove.getButtonProps({ name: itemsField.name, index })}
                deductions={
                  type === "invoice"
                    ? {
                        options: documents.map((document) => ({
                          value: document.id,
                          label: `${document.invoiceType === "credit_note" ? "Credit note" : "Invoice"} ${document.invoiceNumber} (${formatMoney(document.available)} left)`,
                        })),
                        onPick: onDeductionPick,
                      }
                    : undefined
                }
              />
              <div className="flex flex-wrap items-center gap-2">
                <button
                  {...form.insert.getButtonProps({ name: itemsField.name, defaultValue: emptyLine })}
                  className={buttonClass("secondary")}
                >
                  <Plus aria-hidden className="size-4" />
                  Add Item
                </button>
                {type === "invoice" && documents.length > 0 ? (
                  <button
                    {...form.insert.getButtonProps({ name: itemsField.name, defaultValue: emptyDeduction })}
                    className={buttonClass("secondary")}
                    data-add-deduction
                  >
                    <MinusCircle aria-hidden className="size-4" />
                    Add deduction
                  </button>
                ) : null}
                {offeredPricing.length > 0 ? (
                  <button
                    type="button"
                    className={buttonClass("secondary")}
                    onClick={() => {
                      replaceLines(offeredPricing);
                      setPricingOffer(null);
                    }}
                    data-project-pricing
                  >
                    <ListRestart aria-hidden className="size-4" />
                    Use project pricing
                  </button>
                ) : null}
                {offeredFees.length > 0 ? (
                  // without JavaScript: the new document again, with the fees after the project's lines
                  <a
                    href={`${newInvoiceHref(type, customerId, projectId)}&fees=1`}
                    className={buttonClass("secondary")}
                    onClick={(event) => {
                      event.preventDefault();
                      addFees();
                    }}
                    data-recurring-fees
                  >
                    <Repeat aria-hidden className="size-4" />
                    Add recurring fees ({offeredFees.length})
                  </a>
                ) : null}
              </div>
            </div>
          </Card>

          <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <Card title="Additional Information">
              <TextareaField
                meta={fields.notes}
                label="Notes"
                maxLength={limits.longText}
                placeholder="Notes for the customer"
              />
              <TextareaField meta={fields.terms} label="Terms & Conditions" rows={3} maxLength={limits.longText} />
              {type === "estimate" ? (
                <input type="hidden" name={fields.send_reminders.name} value={defaultValue.send_reminders} />
              ) : (
                <CheckboxField
                  meta={fields.send_reminders}
                  label="Send payment reminders"
                  description="Emails the client before and after the due date, as set in Settings."
                />
              )}
            </Card>

            <Card title="Summary">
              <div className="flex flex-col gap-2 text-sm">
                <div className="flex items-center justify-between gap-3 pb-2">
                  <span className="text-zinc-400">Subtotal</span>
                  <span className="tabular-nums" data-summary="subtotal">
                    {formatMoney(totals.subtotal)}
                  </span>
                </div>
                <NumberField meta={fields.tax_rate} label="Tax Rate (%)" min={0} max={100} step={0.01} />
                <div className="flex items-center justify-between gap-3 pb-2">
                  <span className="text-zinc-400">Tax Amount</span>
                  <span className="tabular-nums" data-summary="tax">
                    {formatMoney(totals.taxAmount)}
                  </span>
                </div>
                <MoneyField meta={fields.discount_amount} label="Discount ($)" />
                {totals.deductionTotal > 0 ? (
                  <div className="flex items-center justify-between gap-3 pb-2">
                    <span className="text-zinc-400">Deductions</span>
                    <span className="tabular-nums" data-summary="deductions">
                      -{formatMoney(totals.deductionTotal)}
                    </span>
                  </div>
                ) : null}
                <div className="flex items-center justify-between gap-3 border-t border-zinc-800 pt-3 text-base font-semibold">
                  <span>Total</span>
                  <span className="tabular-nums" data-summary="total">
                    {formatMoney(totals.total)}
                  </span>
                </div>
              </div>
            </Card>
          </div>
        </fieldset>

        <Dialog.Root open={dialogOpen} onOpenChange={setDialogOpen}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
            <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-zinc-800 bg-zinc-950 p-5 text-zinc-100 shadow-2xl">
              <Dialog.Title className="text-lg font-semibold">{invoiceMessages.unsavedTitle}</Dialog.Title>
              <Dialog.Description className="mt-2 text-sm text-zinc-300">
                {invoiceMessages.unsaved(type)}
              </Dialog.Description>
              <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:justify-end">
                <button
                  type="button"
                  className={buttonClass("ghost")}
                  onClick={() => {
                    setDialogOpen(false);
                    void navigate("/admin/dashboard");
                  }}
                >
                  Don't Save
                </button>
                <button
                  type="button"
                  className={buttonClass("primary")}
                  onClick={() => {
                    setDialogOpen(false);
                    setAttempt((n) => n + 1);
                    const element = document.getElementById(formId);
                    if (element instanceof HTMLFormElement && saveAndContinue.current) {
                      element.requestSubmit(saveAndContinue.current);
                    }
                  }}
                >
                  Save &amp; Continue
                </button>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </AdminForm>
      {clientLink?.live ? <ClientLinkForm action={action} /> : null}
      {/* the contract offer's buttons post these (outside the editor's form: forms do not nest) */}
      {offers.map((contract) => (
        <Form key={contract.id} id={drawFormId(contract.id)} method="post" action={`/admin/contracts/${contract.id}`} />
      ))}
    </>
  );
}

/** The editable values as one comparable string: blank, missing and disabled fields are all "". */
function snapshot(values: Record<string, unknown>): string {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const items = Array.isArray(values.items) ? values.items : [];
  return JSON.stringify([
    ...[
      "customer_id",
      "project_id",
      "issue_date",
      "due_date",
      "tax_rate",
      "discount_amount",
      "notes",
      "terms",
      "send_reminders",
    ].map((name) => text(values[name])),
    items.map((item: Record<string, unknown> | undefined) => [
      text(item?.description),
      text(item?.quantity),
      text(item?.unit_price),
      text(item?.kind),
      text(item?.deducted_id),
    ]),
  ]);
}
