/**
 * /admin/invoices/{id}/pdf: the printable view, without the back-office chrome.
 * Back, 'Print / Save as PDF' (the browser's print dialog) and Download PDF (the server-rendered
 * file) sit above the sheet and are hidden when printing.
 */

import { Link, useNavigation } from "react-router";
import { InvoiceSheet, invoicePrintCss } from "#app/components/admin/invoice-print-view.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { getApp } from "#app/context.server.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { invoiceDocument, printTexts } from "#app/domain/invoice-document.ts";
import { getStudioIdentity } from "#app/models/business-settings.server.ts";
import { getPrintableInvoice } from "#app/models/invoices.server.ts";
import { getStudioLogoVersion } from "#app/models/studio-logo.server.ts";
import { notFound } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/invoice-print-view";
import type { AdminHandle } from "./layout.tsx";

export const handle: AdminHandle = { chrome: false };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.doc.title} ${loaderData.doc.number}` : printTexts.notFound },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const id = parseUuid(params.id);
  const invoice = id ? await getPrintableInvoice(database.db, id) : null;
  if (!invoice) notFound(printTexts.notFound);
  const [studio, logoVersion] = await Promise.all([getStudioIdentity(database.db), getStudioLogoVersion(database.db)]);
  return {
    id: invoice.id,
    doc: invoiceDocument(invoice, studio),
    logoSrc: logoVersion ? `/admin/settings/logo?v=${logoVersion}` : null,
  };
}

function Toolbar({ children }: { children: React.ReactNode }) {
  return <div className="no-print mx-auto mb-4 flex w-[8.5in] max-w-full flex-wrap items-center gap-2">{children}</div>;
}

export default function InvoicePrint({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <main className="invoice-screen min-h-screen bg-zinc-800 px-2 py-4 sm:px-6 sm:py-8">
      <style>{invoicePrintCss}</style>
      <Toolbar>
        <Link to="/admin/invoices" className={buttonClass("secondary")}>
          <Icon name="arrow-left" aria-hidden className="size-4" />
          Back
        </Link>
        <span className="flex-1" />
        <a href={`/admin/invoices/${loaderData.id}.pdf`} download className={buttonClass("secondary")}>
          <Icon name="download" aria-hidden className="size-4" />
          Download PDF
        </a>
        <button type="button" onClick={() => window.print()} className={buttonClass("primary")}>
          <Icon name="printer" aria-hidden className="size-4" />
          Print / Save as PDF
        </button>
      </Toolbar>
      {navigation.state === "loading" ? (
        <div role="status" className="no-print flex justify-center py-24 text-zinc-300">
          <Icon name="loader-2" aria-hidden className="size-8 animate-spin" />
          <span className="sr-only">Loading invoice…</span>
        </div>
      ) : (
        <InvoiceSheet doc={loaderData.doc} logoSrc={loaderData.logoSrc} />
      )}
    </main>
  );
}
