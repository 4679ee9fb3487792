/**
 * The page of `invoice-send.tsx`, a chunk loaded on demand (its forms, Conform and their schemas): the route
 * renders it through `splitComponent`, so the server renders it in place and it works without JavaScript.
 */
import { Form, Link, useActionData } from "react-router";
import { InvoiceStatusBadge } from "#app/components/admin/badge.tsx";
import {
  AdminForm,
  EmailField,
  FormError,
  TextareaField,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { linkClass } from "#app/components/admin/record-page.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { formatDateTime } from "#app/domain/dates.ts";
import { invoiceTypeLabels } from "#app/domain/enums.ts";
import { formatMoney } from "#app/domain/money.ts";
import { deliveryLabels, removedFromOutbox, sendFormSchema, sendKindLabel } from "#app/domain/sending.ts";
import type { Route } from "./+types/invoice-send";

export function InvoiceSend({ loaderData }: Route.ComponentProps) {
  const { invoice, defaultValue, sends, links } = loaderData;
  const failure = useActionData() as Route.ComponentProps["actionData"];
  const [form, fields] = useAdminForm({ id: "send", schema: sendFormSchema, failure, defaultValue });
  const label = invoiceTypeLabels[invoice.invoiceType];
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader
        title={`Send ${label.toLowerCase()} ${invoice.invoiceNumber}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {invoice.customerName} · {formatMoney(invoice.total)} <InvoiceStatusBadge status={invoice.status} />
          </span>
        }
        back={{ href: `/admin/invoices/${invoice.id}`, label: `Back to ${label.toLowerCase()}` }}
      />

      <section aria-labelledby="send-title" className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-4">
        <h2 id="send-title" className="mb-3 text-base font-semibold">
          Email to the client
        </h2>
        <AdminForm form={form} className="flex flex-col gap-3">
          <FormError form={form} />
          <EmailField meta={fields.to} label="To" />
          <TextField meta={fields.subject} label="Subject" />
          <TextareaField
            meta={fields.message}
            label="Message"
            rows={9}
            description={`The PDF is attached and a link to view${invoice.invoiceType === "estimate" ? ", accept or decline" : ""} it online is added below your message.`}
          />
          <div className="flex flex-wrap gap-2">
            <SubmitButton intent="send" pendingLabel="Sending...">
              <Icon name="send" aria-hidden className="size-4" />
              Send Email
            </SubmitButton>
            <Link to={`/admin/invoices/${invoice.id}/pdf`} className={buttonClass("secondary")}>
              Preview
            </Link>
          </div>
        </AdminForm>
      </section>

      <section aria-labelledby="links-title" className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-4">
        <h2 id="links-title" className="text-base font-semibold">
          Client links
        </h2>
        <p className="mt-1 text-sm text-zinc-300">
          {links === 0
            ? "No live link: the next email creates one."
            : `${links} live ${links === 1 ? "link" : "links"} from emails sent.`}{" "}
          {invoice.viewedAt
            ? `First viewed by the client ${formatDateTime(new Date(invoice.viewedAt))}.`
            : "Not viewed by the client yet."}
        </p>
        {links > 0 ? (
          <Form method="post" className="mt-3">
            <SubmitButton intent="revoke" variant="secondary" pendingLabel="Revoking...">
              <Icon name="link-2-off" aria-hidden className="size-4" />
              Revoke links
            </SubmitButton>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="history-title" className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-4">
        <h2 id="history-title" className="text-base font-semibold">
          Send history
        </h2>
        {sends.length === 0 ? (
          <p className="mt-1 text-sm text-zinc-400">Nothing sent yet.</p>
        ) : (
          <ul className="mt-2 flex flex-col divide-y divide-zinc-800">
            {sends.map((send) => (
              <li key={send.id} className="flex flex-col gap-0.5 py-2 text-sm">
                <span className="font-medium text-zinc-100">
                  {sendKindLabel(send.kind, send.reminderOffset)} to {send.recipient}
                </span>
                <span className="text-zinc-300">{send.subject}</span>
                <span className="text-xs text-zinc-400">
                  {formatDateTime(new Date(send.createdAt))} ·{" "}
                  {deliveryLabels[send.delivery ?? ""] ?? removedFromOutbox}
                  {send.pdfAttached ? " · with the PDF" : " · without the PDF"}
                </span>
                {send.pdfError ? (
                  <span className="text-xs text-amber-300">The PDF could not be made: {send.pdfError}</span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 text-xs text-zinc-400">
          Reminders follow the schedule in{" "}
          <Link to="/admin/settings" className={`${linkClass} underline`}>
            Settings
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
