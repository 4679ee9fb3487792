/**
 * The leads inbox's list: a table from 768 px up (Business and Budget from 1280 px, the
 * Actions column pinned to the right edge so the way to a lead is never scrolled away),
 * one card per lead below.
 */

import { Eye } from "lucide-react";
import { Link } from "react-router";
import { SubmissionStatusBadge } from "#app/components/admin/badge.tsx";
import { buttonClass, cx } from "#app/components/admin/ui.tsx";
import { formatDate } from "#app/domain/dates.ts";
import {
  type BudgetRange,
  type CustomerType,
  type ProjectType,
  projectTypeLabels,
  type SubmissionStatus,
} from "#app/domain/enums.ts";
import { budgetLabel } from "#app/domain/inbox.ts";
import { inboxMessages } from "#app/domain/submission-forms.ts";

export type InboxRow = {
  id: string;
  name: string;
  email: string;
  businessName: string | null;
  projectType: ProjectType;
  budgetRange: BudgetRange | null;
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
};

/** Keeps a table's last column in view when the table is wider than its box. */
export const stickyEnd = "sticky right-0 shadow-[-8px_0_8px_-8px_rgba(0,0,0,0.6)]";

const columns = [
  { heading: "Name" },
  { heading: "Email" },
  { heading: "Business", className: "hidden xl:table-cell" },
  { heading: "Type" },
  { heading: "Budget", className: "hidden xl:table-cell" },
  { heading: "Status" },
  { heading: "Date" },
];

export function InboxTable({ rows, viewHref }: { rows: InboxRow[]; viewHref: (id: string) => string }) {
  if (rows.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-zinc-800 px-6 py-12 text-center text-sm text-zinc-400">
        {inboxMessages.empty}
      </p>
    );
  }
  return (
    <>
      {/* small screens: one card per lead */}
      <ul className="flex flex-col gap-2 md:hidden">
        {rows.map((row) => (
          <li
            key={row.id}
            data-submission-card={row.id}
            className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-3"
          >
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate font-medium text-zinc-100">{row.name}</p>
                <p className="truncate text-sm text-zinc-400">{row.email}</p>
              </div>
              <SubmissionStatusBadge status={row.status} />
            </div>
            <p className="mt-2 text-sm text-zinc-300">
              {row.businessName ? `${row.businessName} · ` : ""}
              {projectTypeLabels[row.projectType]} · {budgetLabel(row.budgetRange)}
            </p>
            <div className="mt-2 flex items-center justify-between gap-2">
              <time dateTime={row.createdAt.toISOString()} suppressHydrationWarning className="text-xs text-zinc-400">
                {formatDate(row.createdAt)}
              </time>
              <Link
                to={viewHref(row.id)}
                preventScrollReset
                className={buttonClass("secondary", undefined, "sm")}
                data-row-action
                aria-label={`View submission from ${row.name}`}
              >
                <Eye aria-hidden className="size-4" />
                View
              </Link>
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-lg border border-zinc-800 md:block">
        <table className="w-full border-collapse text-left text-sm">
          <thead className="bg-zinc-900 text-xs tracking-wide text-zinc-400 uppercase">
            <tr>
              {columns.map((column) => (
                <th key={column.heading} scope="col" className={cx("px-3 py-2.5 font-medium", column.className)}>
                  {column.heading}
                </th>
              ))}
              <th scope="col" className={cx("px-3 py-2.5 text-right font-medium", stickyEnd, "bg-zinc-900")}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-800">
            {rows.map((row) => (
              <tr key={row.id} data-submission-row={row.id} className="group hover:bg-zinc-900">
                <td className="max-w-36 truncate px-3 py-2.5 font-medium text-zinc-100 xl:max-w-44">{row.name}</td>
                <td className="max-w-44 truncate px-3 py-2.5 text-zinc-300 xl:max-w-56">{row.email}</td>
                <td className="hidden max-w-40 truncate px-3 py-2.5 text-zinc-300 xl:table-cell">
                  {row.businessName ?? "—"}
                </td>
                <td className="px-3 py-2.5 text-zinc-300">{projectTypeLabels[row.projectType]}</td>
                <td className="hidden px-3 py-2.5 text-zinc-300 xl:table-cell">{budgetLabel(row.budgetRange)}</td>
                <td className="px-3 py-2.5">
                  <SubmissionStatusBadge status={row.status} />
                </td>
                <td className="px-3 py-2.5 whitespace-nowrap text-zinc-400">
                  <time dateTime={row.createdAt.toISOString()} suppressHydrationWarning>
                    {formatDate(row.createdAt)}
                  </time>
                </td>
                <td className={cx("px-3 py-2 text-right", stickyEnd, "bg-zinc-950 group-hover:bg-zinc-900")}>
                  <Link
                    to={viewHref(row.id)}
                    preventScrollReset
                    className={buttonClass("ghost", undefined, "sm")}
                    data-row-action
                    aria-label={`View submission from ${row.name}`}
                  >
                    <Eye aria-hidden className="size-4" />
                    View
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
