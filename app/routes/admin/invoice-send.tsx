/**
 * /admin/invoices/{id}/send: email a document to the client. The form is prefilled with
 * the customer's email and a default subject and message; sending attaches the PDF, adds a client
 * link, marks a draft sent and records the send. Below: the client links (revoke them all) and
 * the send history with each mail's delivery status, reminders included.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { Link2Off, Send } from "lucide-react";
import { Form, Link, useActionData } from "react-router";
import { InvoiceStatusBadge } from "#app/components/admin/badge.tsx";
import {
  AdminForm,
  EmailField,
  FormError,
  SubmitButton,
  TextareaField,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { linkClass } from "#app/components/admin/record-page.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { invoiceTypeLabels } from "#app/domain/enums.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { invoiceMessages } from "#app/domain/invoice-form.ts";
import { formatMoney, toCents } from "#app/domain/money.ts";
import {
  deliveryLabels,
  removedFromOutbox,
  revokeLinksSchema,
  sendFormSchema,
  sendKindLabel,
  sendMessages,
} from "#app/domain/sending.ts";
import { listSends, liveLinkCount, revokeInvoiceLinks } from "#app/models/invoice-sends.server.ts";
import { getPrintableInvoice } from "#app/models/invoices.server.ts";
import { invalid, notFound, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { sendDefaults, sendDocument } from "#app/services/invoice-sending.server.ts";
import type { Route } from "./+types/invoice-send";
import type { AdminHandle } from "./layout.tsx";

export const handle: AdminHandle = { liveTables: ["invoices"] };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: adminTitle(matches, loaderData ? `Send ${loaderData.invoice.invoiceNumber}` : "Send") },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = getApp(context).database.db;
  const id = parseUuid(params.id);
  const invoice = id ? await getPrintableInvoice(db, id) : null;
  if (!invoice) notFound(invoiceMessages.notFound);
  const [defaults, sends, links] = await Promise.all([
    sendDefaults(db, invoice),
    listSends(db, invoice.id),
    liveLinkCount(db, invoice.id),
  ]);
  return {
    invoice: {
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      invoiceType: invoice.invoiceType,
      status: invoice.status,
      customerName: invoice.customer.name,
      total: toCents(invoice.totalAmount) ?? 0,
      viewedAt: invoice.viewedAt,
    },
    defaultValue: { to: invoice.customer.email, ...defaults },
    sends,
    links,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, logger, mail, ip } = getApp(context);
  const id = parseUuid(params.id);
  if (!id) notFound(invoiceMessages.notFound);
  const formData = await request.formData();
  const back = `/admin/invoices/${id}/send`;
  const actor = { userId: session.userId, email: session.email };

  if (revokeLinksSchema.safeParse(Object.fromEntries(formData)).success) {
    await auditedChange(
      database.db,
      async (tx) => {
        const revoked = await revokeInvoiceLinks(tx, id);
        return revoked > 0 ? revoked : null;
      },
      { actor, ip, event: "invoice_links_revoked", detail: (revoked) => ({ invoice: id, links: revoked }) },
    );
    return redirectWithToast(config, back, { type: "success", message: sendMessages.revoked });
  }

  const submission = parseWithZod(formData, { schema: sendFormSchema });
  if (submission.status !== "success") return invalid(submission);
  const result = await sendDocument(
    { db: database.db, config, logger },
    { invoiceId: id, form: submission.value, actor, ip },
  );
  if (result.status === "not-found") notFound(invoiceMessages.notFound);
  if (result.status === "cancelled") {
    return refuse(409, sendMessages.cannotSend, { submission });
  }
  mail.kick();
  return redirectWithToast(config, back, {
    type: "success",
    message: sendMessages.sent(result.invoiceType, submission.value.to),
    id: "send",
  });
}

export default function InvoiceSend({ loaderData }: Route.ComponentProps) {
  const { invoice, defaultValue, sends, links } = loaderData;
  const failure = useActionData<typeof action>();
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
              <Send aria-hidden className="size-4" />
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
              <Link2Off aria-hidden className="size-4" />
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
