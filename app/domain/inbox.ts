/**
 * The contact submissions inbox: its URL state (?status=&type=&q=&page=), the type filter's
 * values, and the counts the sidebar and tabs show.
 */
import { z } from "zod";
import {
  type BudgetRange,
  budgetNotSpecified,
  budgetRangeLabels,
  type SubmissionStatus,
  submissionStatuses,
} from "#app/domain/enums.ts";

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

const fallback = <T extends z.ZodType>(schema: T, value: z.output<T>) => schema.catch(value);

/** Parses the inbox URL; anything unknown falls back to the defaults instead of failing. */
const inboxQuerySchema = z.object({
  status: fallback(z.enum(submissionStatuses), "new"),
  type: fallback(z.enum(inboxTypeFilters), "all"),
  q: fallback(
    z
      .string()
      .trim()
      .max(100)
      .transform((value) => value),
    "",
  ),
  page: fallback(z.coerce.number().int().min(1).max(100_000), 1),
});
export type InboxQuery = z.output<typeof inboxQuerySchema>;

export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  return inboxQuerySchema.parse(Object.fromEntries(params));
}

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
