/** Small shared pieces of the invoice pages. */
import { Badge, type BadgeTone } from "#app/components/admin/badge.tsx";
import { type InvoiceStatus, invoiceStatusLabels } from "#app/domain/enums.ts";

const statusTones: Record<InvoiceStatus, BadgeTone> = {
  draft: "zinc",
  sent: "sky",
  viewed: "violet",
  paid: "green",
  partial: "amber",
  overdue: "red",
  cancelled: "zinc",
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={statusTones[status]}>{invoiceStatusLabels[status]}</Badge>;
}
