/**
 * Below the document editor: the status as shown, payments (list, record, delete with a
 * URL-addressed confirmation), for an estimate its answer (mark accepted or declined for a
 * client who answered by phone) and 'Convert to Invoice', and the record's lifecycle (ADR 0030):
 * revise, void, delete a draft, credit note, duplicate (each shown only when the state allows
 * it, the reasons asked in URL-addressed dialogs), the credit notes and the history of versions;
 * an invoice drawn from a contract, its place in the contract, and the customer's credit to apply
 * (ADR 0043). Every button is a plain POST form.
 */

import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Badge, InvoiceStatusBadge } from "#app/components/admin/badge.tsx";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import {
  AdminForm,
  CheckboxField,
  DateField,
  FormError,
  MoneyField,
  SelectField,
  TextareaField,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { type ActionFailure, FailureNotice, RowActionForm, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { linkClass } from "#app/components/admin/record-page.tsx";
import { buttonClass, Card, cx } from "#app/components/admin/ui.tsx";
import { DialogBody, DialogFooter, dialogFormClass, UrlDialog } from "#app/components/admin/url-dialog.tsx";
import { Icon } from "#app/components/icons.tsx";
import { type ContractStanding, standingRows } from "#app/domain/contracts.ts";
import { applyCreditSchema } from "#app/domain/customer-credit.ts";
import { displayDate, formatDateTime } from "#app/domain/dates.ts";
import { asSentence, type DocumentAction } from "#app/domain/document-lifecycle.ts";
import { creditNoteFormSchema, reviseFormSchema, voidFormSchema } from "#app/domain/document-lifecycle-forms.ts";
import {
  type InvoiceStatus,
  type InvoiceType,
  type PaymentMethod,
  paymentMethodLabels,
  recordedPaymentMethods,
} from "#app/domain/enums.ts";
import { limits } from "#app/domain/limits.ts";
import { centsToDecimal, formatMoney } from "#app/domain/money.ts";
import { defaultPaymentMethod, paymentFormSchema, paymentMessages } from "#app/domain/payments.ts";
import { anomalyHeading, disputeStatusLabel, refundLine } from "#app/domain/provider-payments.ts";

export type DocumentActionsData = {
  id: string;
  invoiceNumber: string;
  invoiceType: InvoiceType;
  /** the status as shown (overdue derived) */
  status: InvoiceStatus;
  totalAmount: number;
  amountPaid: number;
  balanceDue: number;
  today: string;
  payments: {
    id: string;
    paidOn: string;
    amount: number;
    method: PaymentMethod;
    note: string | null;
    /** money given back on it (ADR 0041): refunds, and a lost dispute */
    refunds: { id: string; amount: number; on: string; kind: "refund" | "dispute" }[];
    /** the client disputed it: the provider's status and the amount */
    dispute: { status: string; amount: number } | null;
  }[];
  /** an online payment of it is disputed and the dispute is open */
  disputed: boolean;
  /** what an online payment could not do, for the owner to act on */
  anomalies: { id: string; message: string }[];
  /** null: payments can be recorded; else why not */
  paymentBlocked: string | null;
  deletingPayment: { id: string; paidOn: string; amount: number } | null;
  estimate: {
    canAccept: boolean;
    canDecline: boolean;
    canConvert: boolean;
    acceptedAt: string | null;
    acceptedByName: string | null;
    declinedAt: string | null;
    convertedTo: { id: string; invoiceNumber: string } | null;
  } | null;
  sourceEstimate: { id: string; invoiceNumber: string } | null;
  /** the customer's credit balance, when this invoice has something left to pay (else 0) */
  customerCredit: number;
  /** drawn from a contract's schedule: the contract and this invoice's place in it */
  contract: { id: string; title: string; standing: ContractStanding | null } | null;
  lifecycle: {
    allowed: DocumentAction[];
    locked: string | null;
    revision: number;
    voided: { at: string; reason: string } | null;
    owed: number;
    /** what a credit note may credit now */
    creditable: number;
    amountCredited: number;
    creditNotes: { id: string; invoiceNumber: string; amount: number; reason: string | null; issueDate: string }[];
    creditedInvoice: { id: string; invoiceNumber: string } | null;
    history: {
      revision: number;
      reason: string;
      replacedAt: string;
      sentAt: string | null;
      answer: { kind: "accepted" | "declined"; at: string; by: string | null } | null;
      total: number;
      changes: string[];
    }[];
  };
  /** the lifecycle dialog the URL opens (`?dialog=`) */
  dialog: "revise" | "void" | "delete-draft" | "credit-note" | null;
};

/** a link inside a sentence: underlined always (not only on hover), so it is not told apart by colour alone */
const inTextLink = cx(linkClass, "underline");

export function DocumentActions({
  doc,
  failure,
  action,
}: {
  doc: DocumentActionsData;
  failure: ActionFailure | null;
  action: string;
}) {
  const page = `/admin/invoices/${doc.id}`;
  return (
    <div className="mx-auto mt-5 flex max-w-5xl flex-col gap-5" data-document-actions>
      <div className="flex flex-wrap items-center gap-3 text-sm text-zinc-300">
        <span>Status</span>
        <span data-invoice-status>
          <InvoiceStatusBadge status={doc.status} />
        </span>
        {doc.disputed ? (
          <span data-disputed>
            <Badge tone="red">Disputed</Badge>
          </span>
        ) : null}
        {doc.sourceEstimate ? (
          <span data-source-estimate>
            From estimate{" "}
            <Link to={`/admin/invoices/${doc.sourceEstimate.id}`} className={inTextLink}>
              {doc.sourceEstimate.invoiceNumber}
            </Link>
          </span>
        ) : null}
        {doc.lifecycle.creditedInvoice ? (
          <span data-credited-invoice>
            Credits{" "}
            <Link to={`/admin/invoices/${doc.lifecycle.creditedInvoice.id}`} className={inTextLink}>
              {doc.lifecycle.creditedInvoice.invoiceNumber}
            </Link>
          </span>
        ) : null}
        {doc.lifecycle.allowed.includes("send") ? (
          <Link to={`${page}/send`} className={buttonClass("secondary", { size: "sm", className: "sm:ml-auto" })}>
            <Icon name="send" aria-hidden className="size-4" />
            Send by Email
          </Link>
        ) : null}
      </div>
      {doc.lifecycle.voided ? (
        <p
          role="status"
          data-void-notice
          className="rounded-md border border-red-900 bg-red-950/60 px-4 py-3 text-sm text-red-100"
        >
          Void since {formatDateTime(new Date(doc.lifecycle.voided.at))}: {asSentence(doc.lifecycle.voided.reason)} The
          number and the content are kept.
        </p>
      ) : null}
      {doc.contract ? <ContractStandingCard contract={doc.contract} /> : null}
      {doc.estimate ? <EstimateCard doc={doc} estimate={doc.estimate} failure={failure} action={action} /> : null}
      {doc.invoiceType === "invoice" ? <PaymentsCard doc={doc} failure={failure} action={action} /> : null}
      <LifecycleCard doc={doc} failure={failure} action={action} />
      <LifecycleDialog doc={doc} failure={failure} action={action} />
      {doc.deletingPayment ? (
        <ConfirmDialog
          title={paymentMessages.deleteTitle}
          description={paymentMessages.deleteQuestion(
            formatMoney(doc.deletingPayment.amount),
            displayDate(doc.deletingPayment.paidOn),
          )}
          closeHref={page}
          action={action}
          intent="delete-payment"
          fields={{ payment_id: doc.deletingPayment.id }}
          confirm="Delete payment"
          pendingLabel="Deleting..."
        />
      ) : null}
    </div>
  );
}

/** An invoice drawn from a contract: the contract, what its earlier invoices billed and what is left after this one. */
function ContractStandingCard({ contract }: { contract: NonNullable<DocumentActionsData["contract"]> }) {
  return (
    <Card id="card-contract" title="Contract">
      <p className="text-sm text-zinc-300">
        Drawn from{" "}
        <Link to={`/admin/contracts/${contract.id}`} className={inTextLink} data-contract-link>
          {contract.title}
        </Link>
      </p>
      {contract.standing ? (
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-contract-standing>
          {standingRows(contract.standing).map((row) => (
            <div key={row.label}>
              <dt className="text-xs text-zinc-400 uppercase">{row.label}</dt>
              <dd className="mt-1 font-semibold tabular-nums">{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </Card>
  );
}

function EstimateCard({
  doc,
  estimate,
  failure,
  action,
}: {
  doc: DocumentActionsData;
  estimate: NonNullable<DocumentActionsData["estimate"]>;
  failure: ActionFailure | null;
  action: string;
}) {
  return (
    <Card id="card-estimate" title="Client's answer">
      <div className="flex flex-col gap-3 text-sm text-zinc-300">
        <FailureNotice failure={failure} form="estimate" />
        {estimate.acceptedAt ? (
          <p data-estimate-answer>
            Accepted {formatDateTime(new Date(estimate.acceptedAt))}
            {estimate.acceptedByName
              ? ` by ${estimate.acceptedByName} (signed on the client link)`
              : " (recorded by the studio)"}
          </p>
        ) : null}
        {estimate.declinedAt ? (
          <p data-estimate-answer>Declined {formatDateTime(new Date(estimate.declinedAt))}</p>
        ) : null}
        {estimate.convertedTo ? (
          <p data-converted-to>
            Converted to{" "}
            <Link to={`/admin/invoices/${estimate.convertedTo.id}`} className={inTextLink}>
              {estimate.convertedTo.invoiceNumber}
            </Link>
          </p>
        ) : null}
        {estimate.canAccept || estimate.canDecline ? (
          <>
            <p>If the client answered by phone or email, record their answer here.</p>
            <Form method="post" action={action} className="flex flex-wrap gap-2">
              {estimate.canAccept ? (
                <SubmitButton intent="accept-estimate" action={action} variant="secondary" pendingLabel="Saving...">
                  <Icon name="check-circle-2" aria-hidden className="size-4" />
                  Mark as Accepted
                </SubmitButton>
              ) : null}
              {estimate.canDecline ? (
                <SubmitButton intent="decline-estimate" action={action} variant="secondary" pendingLabel="Saving...">
                  <Icon name="xcircle" aria-hidden className="size-4" />
                  Mark as Declined
                </SubmitButton>
              ) : null}
            </Form>
          </>
        ) : null}
        {!estimate.canAccept && !estimate.acceptedAt && !estimate.declinedAt ? (
          <p>
            {doc.status === "draft"
              ? "Send the estimate first: a draft cannot be accepted or declined."
              : "This estimate has no answer to record."}
          </p>
        ) : null}
        <p className="text-xs text-zinc-400" data-payment-blocked>
          {paymentMessages.estimate}
        </p>
        {estimate.canConvert && !estimate.convertedTo ? (
          <Form method="post" action={action}>
            <SubmitButton intent="convert-estimate" action={action} pendingLabel="Converting...">
              <Icon name="file-output" aria-hidden className="size-4" />
              Convert to Invoice
            </SubmitButton>
          </Form>
        ) : null}
      </div>
    </Card>
  );
}

function PaymentsCard({
  doc,
  failure,
  action,
}: {
  doc: DocumentActionsData;
  failure: ActionFailure | null;
  action: string;
}) {
  const page = `/admin/invoices/${doc.id}`;
  return (
    <Card id="card-payments" title="Payments">
      <FailureNotice failure={failure} form="delete-payment" />
      {doc.anomalies.map((anomaly) => (
        <p
          key={anomaly.id}
          data-payment-anomaly
          className="mb-4 rounded-md border border-amber-800 bg-amber-950/60 px-4 py-3 text-sm text-amber-100"
        >
          <strong className="font-semibold">{anomalyHeading}:</strong> {anomaly.message}
        </p>
      ))}
      <dl
        className={cx(
          "grid gap-3 text-sm",
          doc.lifecycle.amountCredited > 0 ? "grid-cols-2 sm:grid-cols-4" : "grid-cols-3",
        )}
      >
        <div>
          <dt className="text-xs text-zinc-400 uppercase">Total</dt>
          <dd className="mt-1 font-semibold tabular-nums" data-figure="total">
            {formatMoney(doc.totalAmount)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-400 uppercase">Amount paid</dt>
          <dd className="mt-1 font-semibold tabular-nums" data-figure="paid">
            {formatMoney(doc.amountPaid)}
          </dd>
        </div>
        {doc.lifecycle.amountCredited > 0 ? (
          <div>
            <dt className="text-xs text-zinc-400 uppercase">Credited</dt>
            <dd className="mt-1 font-semibold tabular-nums" data-figure="credited">
              {formatMoney(doc.lifecycle.amountCredited)}
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="text-xs text-zinc-400 uppercase">Balance due</dt>
          <dd className="mt-1 font-semibold tabular-nums" data-figure="balance">
            {formatMoney(doc.balanceDue)}
          </dd>
        </div>
      </dl>

      {doc.payments.length ? (
        <table className="mt-5 w-full text-left text-sm">
          <caption className="sr-only">Payments of {doc.invoiceNumber}</caption>
          <thead className="text-xs text-zinc-400 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Date
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Amount
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Method
              </th>
              <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                Note
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {doc.payments.map((payment) => [
              <tr key={payment.id} className="border-t border-zinc-800" data-payment-row>
                <td className="py-2 pr-3 whitespace-nowrap">{displayDate(payment.paidOn)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{formatMoney(payment.amount)}</td>
                <td className="py-2 pr-3">{paymentMethodLabels[payment.method] ?? payment.method}</td>
                <td className="hidden py-2 pr-3 break-words text-zinc-400 sm:table-cell">{payment.note ?? ""}</td>
                <td className="py-2 text-right">
                  <Link
                    to={`${page}?delete-payment=${payment.id}`}
                    preventScrollReset
                    data-row-action
                    className={buttonClass("ghost", { size: "sm", className: "text-zinc-300 hover:text-red-300" })}
                    aria-label={`Delete the payment of ${formatMoney(payment.amount)} on ${displayDate(payment.paidOn)}`}
                  >
                    <Icon name="trash-2" aria-hidden className="size-4" />
                    <span className="hidden sm:inline">Delete</span>
                  </Link>
                </td>
              </tr>,
              ...payment.refunds.map((refund) => (
                <tr key={refund.id} data-refund-row>
                  <td colSpan={5} className="pb-2 pl-4 text-zinc-300">
                    {refundLine(refund, displayDate(refund.on))}
                  </td>
                </tr>
              )),
              payment.dispute ? (
                <tr key={`${payment.id}-dispute`} data-dispute-row>
                  <td colSpan={5} className="pb-2 pl-4 text-red-200">
                    Disputed by the client: {formatMoney(payment.dispute.amount)} ·{" "}
                    {disputeStatusLabel(payment.dispute.status)}
                  </td>
                </tr>
              ) : null,
            ])}
          </tbody>
        </table>
      ) : (
        <p className="mt-4 text-sm text-zinc-400">{paymentMessages.empty}</p>
      )}

      {doc.paymentBlocked ? (
        <p
          className="mt-4 rounded-md border border-zinc-800 bg-zinc-950 px-3 py-2 text-sm text-zinc-300"
          data-payment-blocked
        >
          {doc.paymentBlocked}
        </p>
      ) : doc.balanceDue > 0 ? (
        <>
          {doc.customerCredit > 0 ? (
            <ApplyCreditForm
              key={`credit-${doc.amountPaid}-${doc.customerCredit}`}
              doc={doc}
              failure={failure}
              action={action}
            />
          ) : null}
          {/* keyed by what was paid: after a payment the form starts again at the new balance */}
          <RecordPaymentForm
            key={`${doc.amountPaid}-${doc.payments.length}-${doc.lifecycle.amountCredited}`}
            doc={doc}
            failure={failure}
            action={action}
          />
        </>
      ) : (
        <p className="mt-4 text-sm text-zinc-300">Paid in full.</p>
      )}
    </Card>
  );
}

/** The customer's credit (ADR 0043) applied to this invoice: a payment of "Customer credit". */
function ApplyCreditForm({
  doc,
  failure,
  action,
}: {
  doc: DocumentActionsData;
  failure: ActionFailure | null;
  action: string;
}) {
  const [form, fields] = useAdminForm({
    id: "apply-credit",
    schema: applyCreditSchema,
    failure: failure?.form === "apply-credit" ? failure : null,
    defaultValue: { amount: centsToDecimal(Math.min(doc.balanceDue, doc.customerCredit)) },
  });
  return (
    <AdminForm form={form} action={action} className="mt-5 border-t border-zinc-800 pt-5" data-apply-credit>
      <h3 className="mb-1 text-sm font-semibold text-zinc-200">Apply customer credit</h3>
      <p className="mb-3 text-sm text-zinc-400">
        The customer has {formatMoney(doc.customerCredit)} of credit from earlier credit notes.
      </p>
      <FormError form={form} />
      <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
        <MoneyField meta={fields.amount} label="Credit to apply" />
      </div>
      <SubmitButton intent="apply-credit" action={action} variant="secondary">
        Apply Credit
      </SubmitButton>
    </AdminForm>
  );
}

function RecordPaymentForm({
  doc,
  failure,
  action,
}: {
  doc: DocumentActionsData;
  failure: ActionFailure | null;
  action: string;
}) {
  const [form, fields] = useAdminForm({
    id: "record-payment",
    schema: paymentFormSchema,
    failure: failure?.form === "payment" ? failure : null,
    defaultValue: {
      paid_on: doc.today,
      amount: centsToDecimal(doc.balanceDue),
      method: defaultPaymentMethod,
      note: "",
      email_receipt: true,
    },
  });
  return (
    <AdminForm form={form} action={action} className={cx("mt-5 border-t border-zinc-800 pt-5")}>
      <h3 className="mb-3 text-sm font-semibold text-zinc-200">Record a payment</h3>
      <FormError form={form} />
      <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
        <DateField meta={fields.paid_on} label="Payment date" />
        <MoneyField meta={fields.amount} label="Amount" description={`Balance due ${formatMoney(doc.balanceDue)}`} />
        <SelectField
          meta={fields.method}
          label="Method"
          options={recordedPaymentMethods.map((method) => ({ value: method, label: paymentMethodLabels[method] }))}
        />
        <TextField meta={fields.note} label="Note (optional)" maxLength={limits.paymentNote} />
      </div>
      <CheckboxField
        meta={fields.email_receipt}
        label={paymentMessages.emailReceipt}
        description={paymentMessages.emailReceiptDescription}
      />
      <SubmitButton intent="record-payment" action={action}>
        Record Payment
      </SubmitButton>
    </AdminForm>
  );
}

// ---------------------------------------------------------------- lifecycle (ADR 0030)

const dialogWords = {
  revise: {
    title: "Revise",
    description:
      "The version sent stays in the history (with the client's answer, if any). This becomes a draft of the next revision under the same number: edit it, then send it again.",
    submit: "Revise",
  },
  void: {
    title: "Void",
    description:
      "The document is cancelled for good: it keeps its number and its content, and its PDF is marked VOID. It no longer counts in any total. A client who received it is emailed a notice with the VOID PDF.",
    submit: "Void",
  },
  "delete-draft": {
    title: "Delete draft",
    description:
      "This draft was never sent and holds the newest number, so it is deleted and the number is given to the next document.",
    submit: "Delete draft",
  },
  "credit-note": {
    title: "Issue a credit note",
    description:
      "A credit note with its own number lowers what the client owes on this invoice; on a paid invoice it becomes the customer's credit. It is final: it cannot be changed later.",
    submit: "Issue credit note",
  },
} as const;

function LifecycleCard({
  doc,
  failure,
  action,
}: {
  doc: DocumentActionsData;
  failure: ActionFailure | null;
  action: string;
}) {
  const { lifecycle } = doc;
  const page = `/admin/invoices/${doc.id}`;
  const can = (what: DocumentAction) => lifecycle.allowed.includes(what);
  const dialogLink = (dialog: keyof typeof dialogWords, icon: ReactNode, label: string) => (
    <Link
      to={`${page}?dialog=${dialog}`}
      preventScrollReset
      className={buttonClass("secondary", { size: "sm" })}
      data-lifecycle-action={dialog}
    >
      {icon}
      {label}
    </Link>
  );
  return (
    <Card id="card-lifecycle" title={lifecycle.revision > 1 ? `Record · revision ${lifecycle.revision}` : "Record"}>
      <div className="flex flex-col gap-4 text-sm text-zinc-300">
        <FailureNotice failure={failure} form="lifecycle" />
        <p>{recordSentence(doc)}</p>
        <div className="flex flex-wrap gap-2">
          {can("revise")
            ? dialogLink("revise", <Icon name="file-pen" aria-hidden className="size-4" />, "Revise")
            : null}
          {can("credit")
            ? dialogLink("credit-note", <Icon name="file-minus" aria-hidden className="size-4" />, "Credit Note")
            : null}
          {can("void") ? dialogLink("void", <Icon name="ban" aria-hidden className="size-4" />, "Void") : null}
          {can("delete")
            ? dialogLink("delete-draft", <Icon name="trash-2" aria-hidden className="size-4" />, "Delete Draft")
            : null}
          {can("duplicate") ? (
            <RowActionForm
              intent="duplicate"
              fields={{}}
              action={action}
              className={buttonClass("secondary", { size: "sm" })}
            >
              <Icon name="copy" aria-hidden className="size-4" />
              Duplicate
            </RowActionForm>
          ) : null}
        </div>
        {lifecycle.creditNotes.length ? (
          <div>
            <h3 className="mb-1 text-sm font-semibold text-zinc-200">Credit notes</h3>
            <ul className="flex flex-col gap-1" data-credit-notes>
              {lifecycle.creditNotes.map((note) => (
                <li key={note.id}>
                  <Link to={`/admin/invoices/${note.id}`} className={inTextLink}>
                    {note.invoiceNumber}
                  </Link>{" "}
                  {displayDate(note.issueDate)} · <span className="tabular-nums">{formatMoney(note.amount)}</span>
                  {note.reason ? ` · ${note.reason}` : ""}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {lifecycle.history.length ? (
          <div>
            <h3 className="mb-1 text-sm font-semibold text-zinc-200">History</h3>
            <ol className="flex flex-col gap-2" data-history>
              {lifecycle.history.map((version) => (
                <li key={version.revision} className="rounded-md border border-zinc-800 px-3 py-2">
                  <p className="font-medium text-zinc-100">
                    Revision {version.revision} · {formatMoney(version.total)}
                    {version.sentAt ? ` · sent ${formatDateTime(new Date(version.sentAt))}` : ""}
                  </p>
                  {version.answer ? (
                    <p data-history-answer>
                      {version.answer.kind === "accepted" ? "Accepted" : "Declined"}{" "}
                      {formatDateTime(new Date(version.answer.at))}
                      {version.answer.by ? ` by ${version.answer.by} (signed on the client link)` : ""}
                    </p>
                  ) : null}
                  <p>
                    Revised {formatDateTime(new Date(version.replacedAt))}: {version.reason}
                  </p>
                  <p className="text-zinc-400">
                    {version.changes.length ? `Changed since: ${version.changes.join("; ")}` : "No change since."}
                  </p>
                </li>
              ))}
            </ol>
          </div>
        ) : null}
      </div>
    </Card>
  );
}

/** One sentence on what the owner may do with the record now. */
function recordSentence(doc: DocumentActionsData): string {
  const { lifecycle } = doc;
  if (doc.invoiceType === "credit_note") return "A credit note is final: it is never changed, voided or deleted.";
  if (lifecycle.voided) return "Void: kept as it was, counted in no total. Duplicate it to start again.";
  if (doc.status === "draft") {
    return lifecycle.allowed.includes("delete")
      ? "A draft: edit it freely, send it, or delete it (it holds the newest number)."
      : "A draft: edit it freely and send it. Void it if it is not needed: it keeps its number, so numbering has no gaps.";
  }
  if (lifecycle.allowed.includes("revise")) {
    return "Sent, so locked: revise it to change it (the sent version stays in the history), or void it.";
  }
  if (lifecycle.allowed.includes("credit")) {
    return doc.balanceDue > 0
      ? "Payments or credits are recorded, so it is locked: issue a credit note to lower what is owed."
      : "Paid, so it is locked: issue a credit note to correct it; what it credits becomes the customer's credit.";
  }
  return "Closed: nothing more changes it.";
}

function LifecycleDialog({
  doc,
  failure,
  action,
}: {
  doc: DocumentActionsData;
  failure: ActionFailure | null;
  action: string;
}) {
  const page = `/admin/invoices/${doc.id}`;
  const dialog = doc.dialog;
  if (!dialog) return null;
  const allowedNow: Record<NonNullable<DocumentActionsData["dialog"]>, DocumentAction> = {
    revise: "revise",
    void: "void",
    "delete-draft": "delete",
    "credit-note": "credit",
  };
  if (!doc.lifecycle.allowed.includes(allowedNow[dialog])) return null;
  const words = dialogWords[dialog];
  if (dialog === "delete-draft") {
    return (
      <ConfirmDialog
        title={`${words.title} ${doc.invoiceNumber}`}
        description={words.description}
        closeHref={page}
        action={action}
        intent="delete-draft"
        confirm={words.submit}
        pendingLabel="Deleting..."
      />
    );
  }
  return (
    <UrlDialog title={`${words.title} ${doc.invoiceNumber}`} description={words.description} closeHref={page}>
      {dialog === "credit-note" ? (
        <CreditNoteForm doc={doc} failure={failure} action={action} />
      ) : (
        <ReasonForm intent={dialog} submit={words.submit} page={page} failure={failure} action={action} />
      )}
    </UrlDialog>
  );
}

function ReasonForm({
  intent,
  submit,
  page,
  failure,
  action,
}: {
  intent: "revise" | "void";
  submit: string;
  page: string;
  failure: ActionFailure | null;
  action: string;
}) {
  const [form, fields] = useAdminForm({
    id: intent,
    schema: intent === "void" ? voidFormSchema : reviseFormSchema,
    failure: failure?.form === intent ? failure : null,
  });
  return (
    <AdminForm form={form} action={action} className={dialogFormClass}>
      <DialogBody className="flex flex-col gap-2">
        <FormError form={form} />
        <TextareaField
          meta={fields.reason}
          label={intent === "void" ? "Why is it void?" : "What changes in this revision?"}
          maxLength={limits.changeReason}
          rows={3}
        />
      </DialogBody>
      <DialogFooter>
        <Link to={page} preventScrollReset className={buttonClass("ghost")}>
          Cancel
        </Link>
        <SubmitButton intent={intent} action={action}>
          {submit}
        </SubmitButton>
      </DialogFooter>
    </AdminForm>
  );
}

function CreditNoteForm({
  doc,
  failure,
  action,
}: {
  doc: DocumentActionsData;
  failure: ActionFailure | null;
  action: string;
}) {
  const page = `/admin/invoices/${doc.id}`;
  const [form, fields] = useAdminForm({
    id: "credit-note",
    schema: creditNoteFormSchema,
    failure: failure?.form === "credit-note" ? failure : null,
    defaultValue: {
      amount: centsToDecimal(doc.lifecycle.owed > 0 ? doc.lifecycle.owed : doc.lifecycle.creditable),
      reason: "",
    },
  });
  return (
    <AdminForm form={form} action={action} className={dialogFormClass}>
      <DialogBody className="flex flex-col gap-2">
        <FormError form={form} />
        <MoneyField
          meta={fields.amount}
          label="Amount to credit"
          description={
            doc.lifecycle.creditable > doc.lifecycle.owed
              ? `At most ${formatMoney(doc.lifecycle.creditable)} (the total less earlier credit notes). What goes beyond what is still owed (${formatMoney(doc.lifecycle.owed)}) becomes the customer's credit, to refund or apply to a later invoice.`
              : `At most what is still owed: ${formatMoney(doc.lifecycle.owed)}`
          }
        />
        <TextareaField meta={fields.reason} label="Reason" maxLength={limits.changeReason} rows={3} />
      </DialogBody>
      <DialogFooter>
        <Link to={page} preventScrollReset className={buttonClass("ghost")}>
          Cancel
        </Link>
        <SubmitButton intent="credit-note" action={action}>
          Issue credit note
        </SubmitButton>
      </DialogFooter>
    </AdminForm>
  );
}
