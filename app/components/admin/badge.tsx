import type { ReactNode } from "react";
import { cx } from "#app/components/admin/ui.tsx";
import {
  type CustomerStatus,
  customerStatusLabels,
  type InvoiceStatus,
  invoiceStatusLabels,
  type ProjectStatus,
  projectStatusLabels,
  type SubmissionStatus,
  submissionStatusLabels,
} from "#app/domain/enums.ts";

const tones = {
  green: "border-emerald-700/60 bg-emerald-950 text-emerald-200",
  amber: "border-amber-700/60 bg-amber-950 text-amber-200",
  sky: "border-sky-700/60 bg-sky-950 text-sky-200",
  violet: "border-violet-700/60 bg-violet-950 text-violet-200",
  red: "border-red-700/60 bg-red-950 text-red-200",
  zinc: "border-zinc-700 bg-zinc-900 text-zinc-300",
} as const;
export type BadgeTone = keyof typeof tones;

/** A small status pill; each list maps its statuses to tones. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

// ------------------------------------------------------------ status badges, one per record kind

const submissionStatusTones: Record<SubmissionStatus, BadgeTone> = {
  new: "green",
  "in-progress": "amber",
  completed: "sky",
  archived: "zinc",
};
export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  return <Badge tone={submissionStatusTones[status]}>{submissionStatusLabels[status]}</Badge>;
}

const customerStatusTones: Record<CustomerStatus, BadgeTone> = {
  prospect: "sky",
  active: "green",
  inactive: "amber",
  archived: "zinc",
};
export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  return <Badge tone={customerStatusTones[status]}>{customerStatusLabels[status]}</Badge>;
}

const projectStatusTones: Record<ProjectStatus, BadgeTone> = {
  quoted: "sky",
  approved: "violet",
  in_progress: "amber",
  completed: "green",
  on_hold: "red",
  cancelled: "zinc",
};
export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <Badge tone={projectStatusTones[status]}>{projectStatusLabels[status]}</Badge>;
}

const invoiceStatusTones: Record<InvoiceStatus, BadgeTone> = {
  draft: "zinc",
  sent: "sky",
  viewed: "violet",
  paid: "green",
  partial: "amber",
  overdue: "red",
  cancelled: "zinc",
  accepted: "green",
  declined: "red",
};
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={invoiceStatusTones[status]}>{invoiceStatusLabels[status]}</Badge>;
}
