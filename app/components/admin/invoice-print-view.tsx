/**
 * The printable invoice: a white Letter sheet on screen, and exactly the sheet on
 * paper (Letter, no page margins, 20 mm padding, the buttons hidden). Renders the same
 * `InvoiceDocument` as the PDF; every value is text.
 */
import type { InvoiceDocument } from "#app/domain/invoice-document.ts";
import { printTexts } from "#app/domain/invoice-document.ts";

/** Print rules for this page only (the style element lives and dies with the page). */
export const invoicePrintCss = `
@page { size: letter; margin: 0; }
@media print {
  html, body { background: #fff !important; color-scheme: light; }
  .invoice-screen { padding: 0 !important; background: #fff !important; }
  .invoice-sheet { box-shadow: none !important; margin: 0 !important; width: auto !important; min-height: 0 !important; }
  .no-print { display: none !important; }
}
`;

export function InvoiceSheet({ doc, logoSrc }: { doc: InvoiceDocument; logoSrc: string | null }) {
  return (
    <article
      aria-label={`${doc.title} ${doc.number}`}
      className="invoice-sheet mx-auto w-[8.5in] max-w-full bg-white p-[20mm] text-[13px] leading-snug text-zinc-900 shadow-2xl [color-scheme:light] sm:min-h-[11in]"
    >
      <header className="flex items-start justify-between gap-6">
        <div className="min-w-0">
          {logoSrc ? (
            <img src={logoSrc} alt={`${doc.studio.name} logo`} className="mb-2 max-h-16 max-w-40 object-contain" />
          ) : null}
          <p className="text-lg font-bold">{doc.studio.name}</p>
          {doc.studio.lines.map((line) => (
            <p key={line} className="text-xs text-zinc-600">
              {line}
            </p>
          ))}
        </div>
        <div className="text-right">
          <h1 className="text-3xl font-bold tracking-wide">{doc.title}</h1>
          <p className="font-mono text-zinc-600">{doc.number}</p>
        </div>
      </header>

      <div className="mt-8 flex flex-wrap items-start justify-between gap-6">
        <section aria-labelledby="bill-to" className="max-w-[60%] min-w-0">
          <h2 id="bill-to" className="mb-1 text-xs font-bold tracking-wide text-zinc-600 uppercase">
            {doc.billTo.heading}
          </h2>
          {doc.billTo.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed order, never reordered
            <p key={index} className={index === 0 ? "font-bold break-words" : "break-words"}>
              {line}
            </p>
          ))}
        </section>
        <section aria-labelledby="invoice-details" className="text-right">
          <h2 id="invoice-details" className="mb-1 text-xs font-bold tracking-wide text-zinc-600 uppercase">
            {printTexts.details}
          </h2>
          <dl className="grid grid-cols-[auto_auto] justify-end gap-x-3">
            {doc.details.map((detail) => (
              <div key={detail.label} className="contents">
                <dt className="text-zinc-600">{detail.label}:</dt>
                <dd>{detail.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>

      <table className="mt-8 w-full border-collapse text-left">
        <thead>
          <tr className="border-b-2 border-zinc-900">
            <th scope="col" className="py-2 pr-2 font-bold">
              {printTexts.columns[0]}
            </th>
            <th scope="col" className="w-16 py-2 text-right font-bold">
              {printTexts.columns[1]}
            </th>
            <th scope="col" className="w-28 py-2 text-right font-bold">
              {printTexts.columns[2]}
            </th>
            <th scope="col" className="w-28 py-2 text-right font-bold">
              {printTexts.columns[3]}
            </th>
          </tr>
        </thead>
        <tbody>
          {doc.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are in their stored order
            <tr key={index} className="border-b border-zinc-300 break-inside-avoid">
              <td className="py-2 pr-2 break-words whitespace-pre-wrap">{line.description}</td>
              <td className="py-2 text-right tabular-nums">{line.quantity}</td>
              <td className="py-2 text-right tabular-nums">{line.unitPrice}</td>
              <td className="py-2 text-right tabular-nums">{line.total}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="mt-4 ml-auto w-72 break-inside-avoid">
        {doc.totals.map((row) => (
          <div
            key={row.label}
            className={
              row.strong
                ? "mt-1 flex justify-between border-t-2 border-zinc-900 pt-1 text-base font-bold"
                : "flex justify-between py-0.5"
            }
          >
            <dt>{row.label}</dt>
            <dd className="tabular-nums">{row.value}</dd>
          </div>
        ))}
      </dl>

      {doc.terms ? (
        <section className="mt-8 break-inside-avoid">
          <h2 className="mb-1 text-xs font-bold tracking-wide text-zinc-600 uppercase">{printTexts.paymentTerms}</h2>
          <p className="whitespace-pre-wrap">{doc.terms}</p>
        </section>
      ) : null}
      {doc.notes ? (
        <section className="mt-6">
          <h2 className="mb-1 text-xs font-bold tracking-wide text-zinc-600 uppercase">{printTexts.notes}</h2>
          <p className="whitespace-pre-wrap">{doc.notes}</p>
        </section>
      ) : null}

      <footer className="mt-10 border-t border-zinc-300 pt-4 text-center break-inside-avoid">
        <p className="font-bold">{doc.thanks}</p>
        <p className="text-xs text-zinc-600">{doc.contact}</p>
      </footer>
    </article>
  );
}
