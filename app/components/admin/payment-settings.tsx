/**
 * The payments section of /admin/settings (ADR 0035): the studio's bank details printed on invoices
 * (client page, PDF, email) with the transfer's reference, and whether clients may pay part of an
 * invoice online. Posts `intent=payment-settings` to the settings page.
 */

import { Form } from "react-router";
import { AdminForm, CheckboxField, FormError, TextField, useAdminForm } from "#app/components/admin/form.tsx";
import { type ActionFailure, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { Card } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { paymentSettingsSchema } from "#app/domain/online-payment-forms.ts";
import { type ConnectionCheck, formatIban, type PaymentSettings } from "#app/domain/online-payments.ts";

export const paymentSettingsFormId = "payment-settings";
export const checkPaymentsIntent = "check-payments";

export function PaymentSettingsSection({
  data,
  failure,
  check,
}: {
  data: { settings: PaymentSettings; onlinePayments: boolean };
  failure?: ActionFailure | null;
  /** the answer of Check Connection, when it was pressed */
  check?: ConnectionCheck | null;
}) {
  const { settings } = data;
  const [form, fields] = useAdminForm({
    id: paymentSettingsFormId,
    schema: paymentSettingsSchema,
    failure,
    defaultValue: {
      account_holder: settings.accountHolder ?? "",
      bank_name: settings.bankName ?? "",
      iban: settings.iban ? formatIban(settings.iban) : "",
      bic: settings.bic ?? "",
      account_number: settings.accountNumber ?? "",
      routing_number: settings.routingNumber ?? "",
      reference_format: settings.referenceFormat,
      allow_partial_payments: settings.allowPartialPayments ? "on" : undefined,
    },
  });
  return (
    <Card id="payment-settings-title" title="Payments" bodyClassName="flex flex-col gap-2 p-5">
      <p className="text-sm text-zinc-400">
        {data.onlinePayments
          ? "Online payments are on: invoices show a Pay Online button (Stripe)."
          : "Online payments are off: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to offer a Pay Online button."}{" "}
        Bank details entered here are printed on invoices, with the invoice number as the reference.
      </p>
      <AdminForm form={form} className="flex flex-col gap-2">
        <FormError form={form} />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField meta={fields.account_holder} label="Account Holder" autoComplete="off" maxLength={200} />
          <TextField meta={fields.bank_name} label="Bank Name" autoComplete="off" maxLength={200} />
          <TextField meta={fields.iban} label="IBAN" autoComplete="off" maxLength={42} />
          <TextField meta={fields.bic} label="BIC" autoComplete="off" maxLength={11} />
          <TextField
            meta={fields.account_number}
            label="Account Number"
            autoComplete="off"
            maxLength={34}
            description="Instead of an IBAN (for example in the US)."
          />
          <TextField meta={fields.routing_number} label="Routing Number" autoComplete="off" maxLength={20} />
          <TextField
            meta={fields.reference_format}
            label="Transfer Reference"
            autoComplete="off"
            maxLength={100}
            description="{number} stands for the invoice number, e.g. Invoice {number}."
          />
        </div>
        <CheckboxField
          meta={fields.allow_partial_payments}
          label="Let clients pay part of an invoice online"
          description="Otherwise the Pay Online button asks for the whole balance due."
        />
        <div>
          <SubmitButton intent="payment-settings">Save Payments</SubmitButton>
        </div>
      </AdminForm>
      <div className="mt-2 flex flex-col gap-3 border-t border-zinc-800 pt-5">
        <h3 className="text-sm font-medium text-zinc-200">Stripe Connection</h3>
        <p className="text-sm text-zinc-400">
          Asks Stripe with the server's keys whether they work, in test or live mode, and whether payment events reach
          this site.
        </p>
        <Form method="post" action="/admin/settings#payment-settings-title">
          <SubmitButton intent={checkPaymentsIntent} variant="secondary" pendingLabel="Checking...">
            Check Connection
          </SubmitButton>
        </Form>
        {check ? (
          <div role="status" data-connection-check={check.ok ? "ok" : "problem"}>
            <ul className="flex flex-col gap-2 text-sm">
              {check.lines.map((line) => (
                <li key={line.text} className="flex gap-2">
                  {line.ok ? (
                    <Icon name="circle-check" aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-400" />
                  ) : (
                    <Icon name="circle-alert" aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-400" />
                  )}
                  <span className={line.ok ? "text-zinc-200" : "text-amber-200"}>
                    <span className="sr-only">{line.ok ? "Works: " : "Problem: "}</span>
                    {line.text}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
