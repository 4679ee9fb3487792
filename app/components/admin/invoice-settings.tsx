/**
 * The invoice section of /admin/settings, self-contained: number prefixes and next numbers (a
 * form posting `intent=invoice-settings` to the settings page, answered by
 * `invoiceSettingsAction`), and the logo (its own multipart form to /admin/settings/logo, sent by
 * a fetcher so a refused file's message shows under the file input).
 * Usage in the settings route: `<InvoiceSettings data={loaderData.invoiceSettings} failure={…} />`.
 */

import { useState } from "react";
import { Form, useFetcher } from "react-router";
import { AdminForm, FormError, NumberField, TextField, useAdminForm } from "#app/components/admin/form.tsx";
import { type ActionFailure, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { buttonClass, Card, cx } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { failureMessage } from "#app/domain/action-answer.ts";
import type { InvoiceNumbering } from "#app/domain/invoice-settings.ts";
import { invoiceSettingsSchema } from "#app/domain/invoice-settings.ts";
import { maxLogoBytes } from "#app/domain/logo.ts";
import { formatDocumentNumber } from "#app/domain/numbering.ts";
import { formatReminderOffsets } from "#app/domain/sending.ts";

export const invoiceSettingsFormId = "invoice-settings";

export function InvoiceSettings({
  data,
  failure,
  action = "/admin/settings",
}: {
  data: { numbering: InvoiceNumbering; logoVersion: string | null };
  /** the settings action's answer, when it was for this form (intent invoice-settings) */
  failure?: ActionFailure | null;
  action?: string;
}) {
  const { numbering, logoVersion } = data;
  const logoUpload = useFetcher();
  // a refused file's message stays until another file is chosen
  const [seenAnswer, setSeenAnswer] = useState<unknown>(null);
  const logoError =
    logoUpload.state === "idle" && logoUpload.data !== seenAnswer
      ? failureMessage(logoUpload.data, { field: "logo" })
      : undefined;
  const [form, fields] = useAdminForm({
    id: invoiceSettingsFormId,
    schema: invoiceSettingsSchema,
    failure,
    defaultValue: {
      invoice_prefix: numbering.invoicePrefix,
      estimate_prefix: numbering.estimatePrefix,
      next_invoice_number: String(numbering.nextInvoiceNumber),
      next_estimate_number: String(numbering.nextEstimateNumber),
      payment_reminders: formatReminderOffsets(numbering.reminderOffsets),
    },
  });
  return (
    <Card id="invoice-settings-title" title="Invoices & Estimates" bodyClassName="flex flex-col gap-6 p-5">
      <AdminForm form={form} action={action} className="flex flex-col gap-2">
        <FormError form={form} />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField
            meta={fields.invoice_prefix}
            label="Invoice Number Prefix"
            maxLength={10}
            autoComplete="off"
            description={`Next: ${formatDocumentNumber(numbering.invoicePrefix, numbering.nextInvoiceNumber)}`}
          />
          <NumberField
            meta={fields.next_invoice_number}
            label="Next Invoice Number"
            min={numbering.nextInvoiceNumber}
            step={1}
          />
          <TextField
            meta={fields.estimate_prefix}
            label="Estimate Number Prefix"
            maxLength={10}
            autoComplete="off"
            description={`Next: ${formatDocumentNumber(numbering.estimatePrefix, numbering.nextEstimateNumber)}`}
          />
          <NumberField
            meta={fields.next_estimate_number}
            label="Next Estimate Number"
            min={numbering.nextEstimateNumber}
            step={1}
          />
          <TextField
            meta={fields.payment_reminders}
            label="Payment Reminders"
            autoComplete="off"
            description="Days from the due date, e.g. -3, 0, 7 (3 days before, on the day, a week after). Leave empty for none."
          />
        </div>
        <div>
          <SubmitButton intent="invoice-settings" action={action}>
            Save Numbering
          </SubmitButton>
        </div>
      </AdminForm>

      <div className="flex flex-col gap-3 border-t border-zinc-800 pt-5">
        <h3 className="text-sm font-medium text-zinc-200">Invoice Logo</h3>
        {logoVersion ? (
          <img
            src={`/admin/settings/logo?v=${logoVersion}`}
            alt="Current invoice logo"
            className="max-h-20 max-w-60 self-start rounded bg-white object-contain p-2"
          />
        ) : (
          <p className="text-sm text-zinc-400">No logo yet: invoices show the business name only.</p>
        )}
        <logoUpload.Form
          method="post"
          action="/admin/settings/logo"
          encType="multipart/form-data"
          className="flex flex-col gap-2 sm:flex-row sm:items-start"
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor="invoice-logo" className="text-sm text-zinc-300">
              PNG or JPEG, at most {maxLogoBytes / 1024 / 1024} MB
            </label>
            <input
              id="invoice-logo"
              name="logo"
              type="file"
              accept="image/png,image/jpeg"
              required
              onChange={() => setSeenAnswer(logoUpload.data)}
              aria-invalid={logoError ? true : undefined}
              aria-describedby={logoError ? "invoice-logo-error" : undefined}
              className="text-sm text-zinc-300 file:mr-3 file:rounded-md file:border file:border-zinc-700 file:bg-zinc-900 file:px-3 file:py-2 file:text-zinc-100"
            />
            <p id="invoice-logo-error" className="min-h-4 text-xs text-red-400" aria-live="polite">
              {logoError ?? ""}
            </p>
          </div>
          <button
            type="submit"
            className={cx(buttonClass("secondary"), "sm:mt-6")}
            disabled={logoUpload.state !== "idle"}
          >
            <Icon name="image-up" aria-hidden className="size-4" />
            {logoUpload.state !== "idle" ? "Uploading..." : "Upload Logo"}
          </button>
        </logoUpload.Form>
        {logoVersion ? (
          <Form method="post" action="/admin/settings/logo" reloadDocument>
            <input type="hidden" name="intent" value="remove" />
            <button type="submit" className={buttonClass("ghost", { className: "text-zinc-300" })}>
              <Icon name="trash-2" aria-hidden className="size-4" />
              Remove Logo
            </button>
          </Form>
        ) : null}
      </div>
    </Card>
  );
}
