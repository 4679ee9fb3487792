/**
 * /admin/invoices/{id}/send: email a document to the client. The form is prefilled with
 * the customer's email and a default subject and message; sending attaches the PDF, adds a client
 * link, marks a draft sent and records the send. Below: the client links (revoke them all) and
 * the send history with each mail's delivery status, reminders included.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { invoiceMessages } from "#app/domain/invoice-pages.ts";
import { toCents } from "#app/domain/money.ts";
import { revokeLinksSchema, sendFormSchema, sendMessages } from "#app/domain/sending.ts";
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
  const { config, database, logger, ip } = getApp(context);
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
  if (!result.ok) {
    if (result.reason === "not-found") notFound(invoiceMessages.notFound);
    return refuse(409, sendMessages.cannotSend, { submission });
  }
  return redirectWithToast(config, back, {
    type: "success",
    message: sendMessages.sent(result.invoiceType, submission.value.to),
    id: "send",
  });
}

// The page (its forms, Conform and their schemas) loads as a chunk of its own: the server renders it in
// place, and its forms post without JavaScript until the chunk is there.
const InvoiceSendPage = splitComponent(() => import("./invoice-send-page.tsx").then((module) => module.InvoiceSend));

export default function InvoiceSendRoute(props: Route.ComponentProps) {
  return <InvoiceSendPage {...props} />;
}
