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
/** The inbox's URL state; `parseInboxQuery` (submission-forms.ts) reads it from an address. */
export type InboxQuery = { status: SubmissionStatus; type: InboxTypeFilter; q: string; page: number };

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
  if (query.status && query.status !== "new") params.set("status", query.status);
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

export function budgetLabel(budget: BudgetRange | null): string {
  return budget ? budgetRangeLabels[budget] : budgetNotSpecified;
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
