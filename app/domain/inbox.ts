/**
 * The contact submissions inbox: its messages and the counts the sidebar and tabs show (the list's
 * address is inbox-list.ts). No schemas here: the list page loads this module without the schema library.
 */
import { type BudgetRange, budgetNotSpecified, budgetRangeLabels, type SubmissionStatus } from "#app/domain/enums.ts";
import type { InboxStatusFilter } from "#app/domain/inbox-list.ts";

/** The inbox's line about today's suspected spam: "2 inquiries held as suspected spam today". */
export function spamHeldTodayText(count: number): string {
  return `${count} ${count === 1 ? "inquiry" : "inquiries"} held as suspected spam today`;
}

export const inboxMessages = {
  empty: "No submissions found",
  loadFailed: "Failed to fetch submissions",
  updated: "Submission updated successfully",
  updateFailed: "Failed to update submission",
  converted: "Success: Contact converted to customer successfully",
  errorTitle: "Error",
  notFound: "This submission no longer exists.",
  searchPlaceholder: "Search by name, email, or business...",
} as const;

export type StatusCounts = Record<SubmissionStatus, number>;

/** Tabs and sidebar: Inbox = everything not archived; attention = new + in progress. */
export function inboxTotals(counts: StatusCounts) {
  return {
    inbox: counts.new + counts["in-progress"] + counts.completed,
    archived: counts.archived,
    attention: counts.new + counts["in-progress"],
  };
}

/** Whether a submission of `status` is listed under the status filter. */
export function inStatusFilter(status: SubmissionStatus, filter: InboxStatusFilter): boolean {
  return filter === "all" ? status !== "archived" : status === filter;
}

/** How many submissions a status filter holds, from the per-status counts. */
export function statusTotal(counts: StatusCounts, status: InboxStatusFilter): number {
  return status === "all" ? inboxTotals(counts).inbox : counts[status];
}

export function budgetLabel(budget: BudgetRange | null): string {
  return budget ? budgetRangeLabels[budget] : budgetNotSpecified;
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
