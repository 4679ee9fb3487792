/**
 * The contact submissions inbox: its URL state (?status=&type=&q=&page=), the type filter's
 * values, its messages and the counts the sidebar and tabs show. No schemas here (the list page
 * loads this module without the schema library); the URL's parser is in submission-forms.ts.
 */
import { type BudgetRange, budgetNotSpecified, budgetRangeLabels, type SubmissionStatus } from "#app/domain/enums.ts";

export const inboxPageSize = 25;
/**
 * The admin type filter: the spec's list plus Free Consultation, which the public form sends
 * (without it those submissions could not be filtered).
 */
export const inboxTypeFilters = [
  "all",
  "quote",
  "contact",
  "consultation",
  "demo",
  "website",
  "webapp",
  "redesign",
] as const;

type InboxTypeFilter = (typeof inboxTypeFilters)[number];
/**
 * The status filter: one status, or "all" (every status of the Inbox tab: all but Archived). The spec's
 * default is New; a search without a status looks across the whole tab, so a lead that was worked is
 * still found ("bluebird" in In Progress), and the status a list is narrowed to shows as a removable chip.
 */
export type InboxStatusFilter = SubmissionStatus | "all";
/** The inbox's URL state; `parseInboxQuery` (submission-forms.ts) reads it from an address. */
export type InboxQuery = { status: InboxStatusFilter; type: InboxTypeFilter; q: string; page: number };

/** The status a view has when its address names none: New (the spec's default), or the whole tab for a search. */
export function defaultInboxStatus(q: string): InboxStatusFilter {
  return q ? "all" : "new";
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

/** The URL of an inbox view; defaults are left out so links stay short. */
export function inboxHref(query: Partial<InboxQuery>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (query.status && query.status !== defaultInboxStatus(query.q ?? "")) params.set("status", query.status);
  if (query.type && query.type !== "all") params.set("type", query.type);
  if (query.q) params.set("q", query.q);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return `/admin/dashboard${search ? `?${search}` : ""}`;
}

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
