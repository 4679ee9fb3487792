import type { ReactNode } from "react";
import {
  type CustomerStatus,
  customerStatusLabels,
  type InvoiceStatus,
  invoiceStatusLabels,
  type ProjectStatus,
  type ProposalState,
  projectStatusLabels,
  proposalStateLabels,
  type ScheduleStatus,
  type SubmissionStatus,
  scheduleStatusLabels,
  submissionStatusLabels,
} from "#app/domain/enums.ts";

/** The tones of a badge, each a `.badge-*` class in app/app.css. */
type BadgeTone = "green" | "amber" | "sky" | "violet" | "red" | "zinc";

/** A small status pill; each list maps its statuses to tones. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
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

const scheduleStatusTones: Record<ScheduleStatus, BadgeTone> = { active: "green", paused: "amber", ended: "zinc" };
export function ScheduleStatusBadge({ status }: { status: ScheduleStatus }) {
  return <Badge tone={scheduleStatusTones[status]}>{scheduleStatusLabels[status]}</Badge>;
}

const proposalStateTones: Record<ProposalState, BadgeTone> = {
  draft: "zinc",
  sent: "sky",
  viewed: "violet",
  signed: "green",
  declined: "red",
  revoked: "zinc",
  expired: "amber",
};
export function ProposalStateBadge({ state }: { state: ProposalState }) {
  return <Badge tone={proposalStateTones[state]}>{proposalStateLabels[state]}</Badge>;
}
