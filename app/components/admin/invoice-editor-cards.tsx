/**
 * The invoice editor's parts: its top bar, the Customer Information, Contract, Line Items,
 * Additional Information and Summary cards, and the dialog that asks before leaving unsaved changes.
 * Each takes the state the editor holds (`invoice-editor-state.ts`) and renders it.
 */
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ClientLinkButton } from "#app/components/admin/client-link.tsx";
import {
  CheckboxField,
  DateField,
  MoneyField,
  NumberField,
  ReloadChoicesButton,
  SelectField,
  TextareaField,
} from "#app/components/admin/form.tsx";
import { SubmitButton } from "#app/components/admin/form-buttons.tsx";
import type {
  EditorCustomer,
  EditorFields,
  EditorForm,
  EditorLines,
  EditorValues,
} from "#app/components/admin/invoice-editor-state.ts";
import { LineItemRows } from "#app/components/admin/line-items.tsx";
import { buttonClass, Card } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import type { InvoiceType } from "#app/domain/enums.ts";
import { wordsFor } from "#app/domain/invoice-document.ts";
import { type EditorLine, emptyLine, type previewTotals } from "#app/domain/invoice-form.ts";
import { invoiceMessages, newInvoiceHref } from "#app/domain/invoice-pages.ts";
import { limits } from "#app/domain/limits.ts";
import { formatMoney } from "#app/domain/money.ts";

export const drawFormId = (contractId: string) => `contract-draw-${contractId}`;
const emptyDeduction: EditorLine = {
  description: "",
  quantity: "1",
  unit_price: "0",
  kind: "deduction",
  deducted_id: "",
};

/** Back, the heading (and the number when the heading lacks it), Preview/PDF, Dashboard and the saves. */
export function EditorTopBar({
  heading,
  invoiceNumber,
  documentId,
  liveLink,
  action,
  closed,
  onDashboard,
  onSave,
}: {
  heading: string;
  invoiceNumber: string | null;
  documentId: string | null;
  liveLink: boolean;
  action: string;
  closed: string | null;
  /** Dashboard pressed: `false` when the editor asks first (unsaved changes) */
  onDashboard: () => boolean;
  onSave: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Link
        to="/admin/invoices"
        reloadDocument
        className={buttonClass("ghost", { size: "icon" })}
        aria-label="Back to invoices"
      >
        <Icon name="arrow-left" aria-hidden className="size-5" />
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
              <Icon name="eye" aria-hidden className="size-4" />
              Preview
            </a>
            <a
              href={`/admin/invoices/${documentId}.pdf`}
              target="_blank"
              rel="noopener"
              className={buttonClass("secondary")}
            >
              <Icon name="file-down" aria-hidden className="size-4" />
              PDF
            </a>
          </>
        ) : null}
        {liveLink ? <ClientLinkButton /> : null}
        <Link
          to="/admin/dashboard"
          onClick={(event) => {
            if (!onDashboard()) event.preventDefault();
          }}
          className={buttonClass("secondary")}
        >
          <Icon name="layout-dashboard" aria-hidden className="size-4" />
          Dashboard
        </Link>
        {closed ? null : (
          <>
            <SubmitButton intent="draft" action={action} variant="secondary" onClick={onSave}>
              Save as Draft
            </SubmitButton>
            <SubmitButton intent="sent" action={action} onClick={onSave}>
              <Icon name="send" aria-hidden className="size-4" />
              Save &amp; Send
            </SubmitButton>
          </>
        )}
      </div>
    </div>
  );
}

/** The customer, the project (its list follows the customer) and the two dates. */
export function CustomerCard({
  form,
  fields,
  type,
  customers,
  customerId,
  lines,
  onCustomerChange,
  onDateChange,
}: {
  form: EditorForm;
  fields: EditorFields;
  type: InvoiceType;
  customers: EditorCustomer[];
  customerId: string;
  lines: EditorLines;
  onCustomerChange: (id: string) => void;
  onDateChange: (name: "issue_date" | "due_date", input: HTMLInputElement) => void;
}) {
  return (
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
            options={lines.projects.map((project) => ({ value: project.id, label: project.projectName }))}
            disabled={!customerId}
            onChange={(event) => lines.onProjectChange(event.target.value)}
          />
          <ReloadChoicesButton form={form} name={fields.customer_id.name}>
            Load projects
          </ReloadChoicesButton>
        </div>
        <DateField
          meta={fields.issue_date}
          label="Issue Date"
          lang="en-US"
          onChange={(event) => onDateChange("issue_date", event.currentTarget)}
        />
        <DateField
          meta={fields.due_date}
          label={wordsFor(type).dueDate}
          lang="en-US"
          onChange={(event) => onDateChange("due_date", event.currentTarget)}
        />
      </div>
    </Card>
  );
}

/** A project under contract: invoice it from the contract's schedule (each button posts its draw form). */
export function ContractOfferCard({ offers }: { offers: EditorLines["offers"] }) {
  return (
    <Card title="Contract" id="card-contract-offer">
      <div className="flex flex-col gap-4 text-sm text-zinc-300" data-contract-offer>
        <p>
          This project is under contract: invoice it from the contract's schedule, so what earlier invoices billed is
          never billed again.
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
                  className={buttonClass("primary", { size: "sm" })}
                  data-draw="next"
                >
                  <Icon name="file-signature" aria-hidden className="size-4" />
                  Next in schedule: {contract.next.label} ({formatMoney(contract.next.amount)})
                </button>
              ) : null}
              {contract.balance !== null ? (
                <button
                  type="submit"
                  form={drawFormId(contract.id)}
                  name="intent"
                  value="invoice-balance"
                  className={buttonClass("secondary", { size: "sm" })}
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
  );
}

/** The lines with their totals, and the buttons that add to them. */
export function LinesCard({
  form,
  type,
  customerId,
  lines,
  lineTotals,
}: {
  form: EditorForm;
  type: InvoiceType;
  customerId: string;
  lines: EditorLines;
  lineTotals: readonly number[];
}) {
  const { itemsField, documents, offeredPricing, offeredFees } = lines;
  return (
    <Card title="Line Items">
      <div className="flex flex-col gap-3">
        <LineItemRows
          field={itemsField}
          lineTotals={lineTotals}
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
                  onPick: lines.onDeductionPick,
                }
              : undefined
          }
        />
        <div className="flex flex-wrap items-center gap-2">
          <button
            {...form.insert.getButtonProps({ name: itemsField.name, defaultValue: emptyLine })}
            className={buttonClass("secondary")}
          >
            <Icon name="plus" aria-hidden className="size-4" />
            Add Item
          </button>
          {type === "invoice" && documents.length > 0 ? (
            <button
              {...form.insert.getButtonProps({ name: itemsField.name, defaultValue: emptyDeduction })}
              className={buttonClass("secondary")}
              data-add-deduction
            >
              <Icon name="minus-circle" aria-hidden className="size-4" />
              Add deduction
            </button>
          ) : null}
          {offeredPricing.length > 0 ? (
            <button type="button" className={buttonClass("secondary")} onClick={lines.takePricing} data-project-pricing>
              <Icon name="list-restart" aria-hidden className="size-4" />
              Use project pricing
            </button>
          ) : null}
          {offeredFees.length > 0 ? (
            // without JavaScript: the new document again, with the fees after the project's lines
            <a
              href={`${newInvoiceHref(type, customerId, lines.projectId)}&fees=1`}
              className={buttonClass("secondary")}
              onClick={(event) => {
                event.preventDefault();
                lines.addFees();
              }}
              data-recurring-fees
            >
              <Icon name="repeat" aria-hidden className="size-4" />
              Add recurring fees ({offeredFees.length})
            </a>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

/** Notes, terms and (an invoice's) payment reminders. */
export function OptionsCard({
  fields,
  type,
  sendReminders,
}: {
  fields: EditorFields;
  type: InvoiceType;
  sendReminders: EditorValues["send_reminders"];
}) {
  return (
    <Card title="Additional Information">
      <TextareaField
        meta={fields.notes}
        label="Notes"
        maxLength={limits.longText}
        placeholder="Notes for the customer"
      />
      <TextareaField meta={fields.terms} label="Terms & Conditions" rows={3} maxLength={limits.longText} />
      {type === "estimate" ? (
        <input type="hidden" name={fields.send_reminders.name} value={sendReminders} />
      ) : (
        <CheckboxField
          meta={fields.send_reminders}
          label="Send payment reminders"
          description="Emails the client before and after the due date, as set in Settings."
        />
      )}
    </Card>
  );
}

function SummaryRow({ label, name, children }: { label: string; name: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 pb-2">
      <span className="text-zinc-400">{label}</span>
      <span className="tabular-nums" data-summary={name}>
        {children}
      </span>
    </div>
  );
}

/** The totals as typed, with the tax rate and the discount. */
export function TotalsCard({ fields, totals }: { fields: EditorFields; totals: ReturnType<typeof previewTotals> }) {
  return (
    <Card title="Summary">
      <div className="flex flex-col gap-2 text-sm">
        <SummaryRow label="Subtotal" name="subtotal">
          {formatMoney(totals.subtotal)}
        </SummaryRow>
        <NumberField meta={fields.tax_rate} label="Tax Rate (%)" min={0} max={100} step={0.01} />
        <SummaryRow label="Tax Amount" name="tax">
          {formatMoney(totals.taxAmount)}
        </SummaryRow>
        <MoneyField meta={fields.discount_amount} label="Discount ($)" />
        {totals.deductionTotal > 0 ? (
          <SummaryRow label="Deductions" name="deductions">
            -{formatMoney(totals.deductionTotal)}
          </SummaryRow>
        ) : null}
        <div className="flex items-center justify-between gap-3 border-t border-zinc-800 pt-3 text-base font-semibold">
          <span>Total</span>
          <span className="tabular-nums" data-summary="total">
            {formatMoney(totals.total)}
          </span>
        </div>
      </div>
    </Card>
  );
}

/** Dashboard pressed with unsaved changes: leave without saving, or save the draft and go. */
export function UnsavedDialog({
  open,
  onOpenChange,
  type,
  onLeave,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  type: InvoiceType;
  onLeave: () => void;
  onSave: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-zinc-800 bg-zinc-950 p-5 text-zinc-100 shadow-2xl">
          <Dialog.Title className="text-lg font-semibold">{invoiceMessages.unsavedTitle}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-zinc-300">
            {invoiceMessages.unsaved(type)}
          </Dialog.Description>
          <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={buttonClass("ghost")} onClick={onLeave}>
              Don't Save
            </button>
            <button type="button" className={buttonClass("primary")} onClick={onSave}>
              Save &amp; Continue
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
