/**
 * The inbox's state in its address (/admin/dashboard?status=&type=&q=&page=), as list-query.ts reads and
 * writes it. The status filter is one status, or "all" (every status of the Inbox tab: all but Archived).
 * The default is New; a search without a status looks across the whole tab, so a lead that was worked is
 * still found ("bluebird" in In Progress), and the status a list is narrowed to shows as a removable chip.
 */
import { type SubmissionStatus, submissionStatuses } from "#app/domain/enums.ts";
import { choiceFrom, listHref, pageFrom, searchFrom } from "#app/domain/list-query.ts";

export const inboxPageSize = 25;
/**
 * The admin type filter: the list of types plus Free Consultation, which the public form sends
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
const inboxStatusFilters = [...submissionStatuses, "all"] as const;
export type InboxStatusFilter = SubmissionStatus | "all";
export type InboxListQuery = {
  status: InboxStatusFilter;
  type: (typeof inboxTypeFilters)[number];
  q: string;
  page: number;
};

/** The status a view has when its address names none: New (the default), or the whole tab for a search. */
export function defaultInboxStatus(q: string): InboxStatusFilter {
  return q ? "all" : "new";
}

export function parseInboxListQuery(params: URLSearchParams): InboxListQuery {
  const q = searchFrom(params.get("q"));
  return {
    status: choiceFrom(params.get("status"), inboxStatusFilters, undefined) ?? defaultInboxStatus(q),
    type: choiceFrom(params.get("type"), inboxTypeFilters, "all"),
    q,
    page: pageFrom(params.get("page")),
  };
}

/** The address of an inbox view; defaults are left out so links stay short. */
export function inboxListHref(query: Partial<InboxListQuery>, extra: Record<string, string> = {}): string {
  return listHref(
    "/admin/dashboard",
    [
      ["status", query.status, defaultInboxStatus(query.q ?? "")],
      ["type", query.type, "all"],
      ["q", query.q, ""],
      ["page", query.page, 1],
    ],
    extra,
  );
}
