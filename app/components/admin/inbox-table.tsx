/** The contact submissions inbox's list, on the shared table (Business and Budget in the table from 1280 px). */
import { Link } from "react-router";
import { SubmissionStatusBadge } from "#app/components/admin/badge.tsx";
import { type Column, DataTable, rowActionClass } from "#app/components/admin/data-table.tsx";
import { Icon } from "#app/components/icons.tsx";
import type { SourceCorrection, Touches } from "#app/domain/attribution.ts";
import { formatDate } from "#app/domain/dates.ts";
import {
  type BudgetRange,
  type CustomerType,
  type ProjectType,
  projectTypeLabels,
  type SubmissionStatus,
} from "#app/domain/enums.ts";
import { budgetLabel, inboxMessages } from "#app/domain/inbox.ts";

export type InboxRow = {
  id: string;
  name: string;
  email: string;
  businessName: string | null;
  projectType: ProjectType;
  budgetRange: BudgetRange | null;
  /** the pricing package chosen on the form */
  packageName: string | null;
  status: SubmissionStatus;
  createdAt: Date;
};

export type SubmissionDetail = InboxRow & {
  phoneNumber: string | null;
  customerType: CustomerType | null;
  existingWebsiteUrl: string | null;
  message: string;
  notes: string | null;
  customerId: string | null;
  /** where the visitor came from, measured, and the owner's correction (ADR 0060) */
  touches?: Touches | null;
  sourceCorrection?: SourceCorrection | null;
};

const columns: readonly Column<InboxRow>[] = [
  { header: "Name", primary: true, cell: (row) => row.name, truncate: true, className: "md:max-w-32 2xl:max-w-44" },
  { header: "Email", cell: (row) => row.email, truncate: true, className: "md:max-w-36 2xl:max-w-56" },
  {
    header: "Business",
    lowPriority: true,
    cell: (row) => row.businessName ?? "—",
    truncate: true,
    className: "md:max-w-40",
  },
  {
    header: "Type",
    cell: (row) => (
      <>
        {projectTypeLabels[row.projectType]}
        {row.packageName ? (
          <span className="block text-xs text-zinc-400" data-package>
            {row.packageName}
          </span>
        ) : null}
      </>
    ),
  },
  { header: "Budget", lowPriority: true, cell: (row) => budgetLabel(row.budgetRange) },
  { header: "Status", cell: (row) => <SubmissionStatusBadge status={row.status} /> },
  {
    header: "Date",
    className: "md:whitespace-nowrap",
    cell: (row) => (
      <time dateTime={row.createdAt.toISOString()} suppressHydrationWarning>
        {formatDate(row.createdAt)}
      </time>
    ),
  },
];

export function InboxTable({ rows, viewHref }: { rows: InboxRow[]; viewHref: (id: string) => string }) {
  return (
    <DataTable
      label="Submissions"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowAttributes={(row) => ({ "data-submission-row": row.id })}
      empty={inboxMessages.empty}
      actions={(row) => (
        <Link
          to={viewHref(row.id)}
          preventScrollReset
          className={rowActionClass}
          data-row-action
          aria-label={`View submission from ${row.name}`}
        >
          <Icon name="eye" />
          View
        </Link>
      )}
    />
  );
}
