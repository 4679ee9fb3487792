/** Small shared pieces of the invoice pages. */
import { cx } from "#app/components/admin/ui.tsx";
import type { InvoiceStatus } from "#app/domain/enums.ts";
import { invoiceStatusLabels } from "#app/domain/invoice-form.ts";

const statusStyles: Record<InvoiceStatus, string> = {
  draft: "border-zinc-700 bg-zinc-900 text-zinc-300",
  sent: "border-sky-700/60 bg-sky-950 text-sky-200",
  viewed: "border-violet-700/60 bg-violet-950 text-violet-200",
  paid: "border-emerald-700/60 bg-emerald-950 text-emerald-200",
  partial: "border-amber-700/60 bg-amber-950 text-amber-200",
  overdue: "border-red-700/60 bg-red-950 text-red-200",
  cancelled: "border-zinc-700 bg-zinc-900 text-zinc-400 line-through",
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        statusStyles[status],
      )}
    >
      {invoiceStatusLabels[status]}
    </span>
  );
}
