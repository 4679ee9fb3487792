/**
 * The payments section of /admin/settings (ADR 0035): the studio's bank details printed on invoices
 * (client page, PDF, email) with the transfer's reference, and whether clients may pay part of an
 * invoice online. Posts `intent=payment-settings` to the settings page.
 */
import {
  type ActionFailure,
  AdminForm,
  CheckboxField,
  FormError,
  SubmitButton,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { Card } from "#app/components/admin/ui.tsx";
import { formatIban, type PaymentSettings, paymentSettingsSchema } from "#app/domain/online-payments.ts";

export const paymentSettingsFormId = "payment-settings";

export function PaymentSettingsSection({
  data,
  failure,
}: {
  data: { settings: PaymentSettings; onlinePayments: boolean };
  failure?: ActionFailure | null;
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
    </Card>
  );
}
