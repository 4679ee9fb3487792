/**
 * The printable invoice: a white Letter sheet on screen (one column on a phone), and exactly the
 * sheet on paper (Letter, no page margins, 20 mm padding, the buttons hidden). Renders the same
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
  .invoice-sheet { box-shadow: none !important; margin: 0 !important; width: auto !important; min-height: 0 !important; padding: 20mm !important; }
  .no-print { display: none !important; }
}
`;

const blockTitle = "mb-1 text-xs font-bold tracking-wide text-zinc-600 uppercase";
/** a line value's name on a phone (screen readers have the column header instead) */
const lineLabel = "mr-auto pr-4 text-left font-normal text-zinc-600 sm:hidden";

/**
 * A Letter sheet from 640 px and on paper; on a phone the same sheet in one column: the header
 * and the two blocks stacked, each line a small card (its description, then Qty, Unit Price and
 * Total, each named), the totals the full width. Long words wrap anywhere: nothing scrolls sideways.
 */
export function InvoiceSheet({ doc, logoSrc }: { doc: InvoiceDocument; logoSrc: string | null }) {
  const [descriptionHeader, quantityHeader, priceHeader, totalHeader] = printTexts.columns;
  return (
    <article
      aria-label={`${doc.title} ${doc.number}`}
      className="invoice-sheet mx-auto w-[8.5in] max-w-full bg-white p-5 text-[13px] leading-snug text-zinc-900 shadow-2xl [overflow-wrap:anywhere] [color-scheme:light] sm:min-h-[11in] sm:p-[20mm]"
    >
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
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
        <div className="shrink-0 sm:text-right">
          <h1 className="text-2xl font-bold tracking-wide sm:text-3xl">{doc.title}</h1>
          <p className="font-mono text-zinc-600">{doc.number}</p>
        </div>
      </header>

      {doc.voidNotice ? (
        <p
          data-void-notice
          className="mt-4 rounded border-2 border-red-700 px-3 py-2 text-center text-lg font-bold tracking-widest text-red-700"
        >
          {doc.voidNotice}
        </p>
      ) : null}

      <div className="mt-6 flex flex-col gap-6 sm:mt-8 sm:flex-row sm:items-start sm:justify-between">
        <section aria-labelledby="bill-to" className="min-w-0 sm:max-w-[60%]">
          <h2 id="bill-to" className={blockTitle}>
            {doc.billTo.heading}
          </h2>
          {doc.billTo.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed order, never reordered
            <p key={index} className={index === 0 ? "font-bold" : undefined}>
              {line}
            </p>
          ))}
        </section>
        <section aria-labelledby="invoice-details" className="sm:text-right">
          <h2 id="invoice-details" className={blockTitle}>
            {doc.detailsHeading}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 sm:grid-cols-[auto_auto] sm:justify-end">
            {doc.details.map((detail) => (
              <div key={detail.label} className="contents">
                <dt className="text-zinc-600">{detail.label}:</dt>
                <dd>{detail.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>

      <table className="invoice-lines mt-6 w-full border-collapse text-left sm:mt-8">
        <thead>
          <tr className="border-b-2 border-zinc-900">
            <th scope="col" className="py-2 pr-2 font-bold">
              {descriptionHeader}
            </th>
            <th scope="col" className="w-16 py-2 text-right font-bold">
              {quantityHeader}
            </th>
            <th scope="col" className="w-28 py-2 text-right font-bold">
              {priceHeader}
            </th>
            <th scope="col" className="w-28 py-2 text-right font-bold">
              {totalHeader}
            </th>
          </tr>
        </thead>
        <tbody>
          {doc.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are in their stored order
            <tr key={index} className="border-b border-zinc-300 break-inside-avoid">
              <td data-line-description className="whitespace-pre-wrap sm:py-2 sm:pr-2">
                {line.description}
              </td>
              <td className="text-right tabular-nums sm:py-2">
                <span aria-hidden className={lineLabel}>
                  {quantityHeader}
                </span>
                {line.quantity}
              </td>
              <td className="text-right tabular-nums sm:py-2">
                <span aria-hidden className={lineLabel}>
                  {priceHeader}
                </span>
                {line.unitPrice}
              </td>
              <td className="text-right font-bold tabular-nums sm:py-2 sm:font-normal">
                <span aria-hidden className={lineLabel}>
                  {totalHeader}
                </span>
                {line.total}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="mt-4 w-full break-inside-avoid sm:ml-auto sm:w-72">
        {doc.totals.map((row) => (
          <div
            key={row.label}
            className={
              row.strong
                ? "mt-1 flex justify-between gap-4 border-t-2 border-zinc-900 pt-1 text-base font-bold"
                : "flex justify-between gap-4 py-0.5"
            }
          >
            <dt>{row.label}</dt>
            <dd className="text-right tabular-nums">{row.value}</dd>
          </div>
        ))}
      </dl>

      {doc.contract ? (
        <section
          aria-labelledby="invoice-contract"
          className="mt-6 w-full break-inside-avoid sm:ml-auto sm:w-72"
          data-contract-standing
        >
          <h2 id="invoice-contract" className={blockTitle}>
            {doc.contract.heading}
          </h2>
          <dl>
            {doc.contract.rows.map((row) => (
              <div key={row.label} className="flex justify-between gap-4 py-0.5">
                <dt>{row.label}</dt>
                <dd className="text-right tabular-nums">{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      {doc.terms ? (
        <section className="mt-8 break-inside-avoid">
          <h2 className={blockTitle}>{doc.termsHeading}</h2>
          <p className="whitespace-pre-wrap">{doc.terms}</p>
        </section>
      ) : null}
      {doc.notes ? (
        <section className="mt-6">
          <h2 className={blockTitle}>{printTexts.notes}</h2>
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
