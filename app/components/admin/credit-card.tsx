/**
 * The customer's credit (docs/decisions/0043-contracts-and-customer-credit.md): the balance, the
 * ledger (credit notes in, applied to invoices, refunded) and 'Refund credit' (how much, how, when).
 * Applying it to an invoice is on that invoice's page.
 */
import { Link } from "react-router";
import {
  AdminForm,
  DateField,
  FormError,
  MoneyField,
  SelectField,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { type ActionFailure, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { linkClass } from "#app/components/admin/record-page.tsx";
import { Card, cx } from "#app/components/admin/ui.tsx";
import { type CreditEntryKind, creditEntryLabels, refundCreditSchema } from "#app/domain/customer-credit.ts";
import { displayDate } from "#app/domain/dates.ts";
import { type PaymentMethod, paymentMethodLabels, recordedPaymentMethods } from "#app/domain/enums.ts";
import { limits } from "#app/domain/limits.ts";
import { centsToDecimal, formatMoney } from "#app/domain/money.ts";

export type CreditData = {
  balance: number;
  today: string;
  entries: {
    id: string;
    kind: CreditEntryKind | "deducted";
    amount: number;
    entryDate: string;
    method: PaymentMethod | null;
    note: string | null;
    documentId: string | null;
    documentNumber: string | null;
  }[];
};

export function CreditCard({
  customerId,
  credit,
  failure,
}: {
  customerId: string;
  credit: CreditData;
  failure: ActionFailure | null;
}) {
  if (credit.balance === 0 && credit.entries.length === 0) return null;
  return (
    <Card title="Credit" id="card-credit">
      <p className="text-sm text-zinc-300">
        Credit balance{" "}
        <strong className="text-lg text-zinc-50 tabular-nums" data-credit-balance>
          {formatMoney(credit.balance)}
        </strong>
        {credit.balance > 0 ? ": refund it here, or apply it on an invoice's page." : ""}
      </p>
      <ul className="mt-3 flex flex-col gap-1 text-sm" data-credit-entries>
        {credit.entries.map((entry) => (
          <li key={entry.id} className="flex flex-wrap justify-between gap-2 border-t border-zinc-800 pt-1">
            <span>
              {displayDate(entry.entryDate)} · {creditEntryLabels[entry.kind]}
              {entry.documentId && entry.documentNumber ? (
                <>
                  {" "}
                  <Link to={`/admin/invoices/${entry.documentId}`} className={cx(linkClass, "underline")}>
                    {entry.documentNumber}
                  </Link>
                </>
              ) : null}
              {entry.method ? ` · ${paymentMethodLabels[entry.method]}` : ""}
              {entry.note ? ` · ${entry.note}` : ""}
            </span>
            <span className="tabular-nums">{formatMoney(entry.amount)}</span>
          </li>
        ))}
      </ul>
      {credit.balance > 0 ? (
        <RefundForm key={credit.balance} customerId={customerId} credit={credit} failure={failure} />
      ) : null}
    </Card>
  );
}

function RefundForm({
  customerId,
  credit,
  failure,
}: {
  customerId: string;
  credit: CreditData;
  failure: ActionFailure | null;
}) {
  const action = `/admin/customers/${customerId}`;
  const [form, fields] = useAdminForm({
    id: "refund-credit",
    schema: refundCreditSchema,
    failure,
    defaultValue: {
      intent: "refund-credit",
      amount: centsToDecimal(credit.balance),
      method: "bank_transfer",
      refunded_on: credit.today,
      note: "",
    },
  });
  return (
    <AdminForm form={form} action={action} className="mt-4 border-t border-zinc-800 pt-4" data-refund-credit>
      <h3 className="mb-2 text-sm font-semibold text-zinc-200">Refund credit</h3>
      <FormError form={form} />
      <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
        <MoneyField meta={fields.amount} label="Amount" description={`At most ${formatMoney(credit.balance)}`} />
        <SelectField
          meta={fields.method}
          label="Refunded by"
          options={recordedPaymentMethods.map((method) => ({ value: method, label: paymentMethodLabels[method] }))}
        />
        <DateField meta={fields.refunded_on} label="Refund date" />
        <TextField meta={fields.note} label="Note (optional)" maxLength={limits.paymentNote} />
      </div>
      <SubmitButton intent="refund-credit" action={action}>
        Refund Credit
      </SubmitButton>
    </AdminForm>
  );
}
