/**
 * Which rows a page of a newest-first list shows, and from which end to read them. A page past
 * the middle is read from the oldest end (ascending, with a small offset) and shown newest first,
 * so the last pages of 100,000 rows cost what the first pages cost: the database skips at most
 * half the list, never all of it.
 */
export type PageWindow = {
  /** the page shown (the one asked for, within 1..pageCount) */
  page: number;
  pageCount: number;
  /** read order: "newest" (created_at desc, id desc) or "oldest" (the reverse) */
  from: "newest" | "oldest";
  /** rows to skip in that order, and how many to read */
  offset: number;
  limit: number;
};

/**
 * `capped`: `total` is a lower bound (a short search counted up to `shortSearchCountCap`), so the
 * list's oldest end is unknown and every page is read from the newest end.
 */
export function pageWindow(requested: number, pageSize: number, total: number, capped = false): PageWindow {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(requested) || 1), pageCount);
  const start = (page - 1) * pageSize;
  const end = Math.min(start + pageSize, total);
  const limit = Math.max(0, end - start);
  if (!capped && start > total - end) return { page, pageCount, from: "oldest", offset: total - end, limit };
  return { page, pageCount, from: "newest", offset: start, limit };
}

/**
 * Searches shorter than this are not served by the trigram indexes (a trigram needs three
 * characters): every candidate row is read, and an exact count of a common pair ("an": 11,544 of
 * 43,734 archived leads) costs more than the page itself. Their lists count at most
 * `shortSearchCountCap` matches and say "1000+" (docs/benchmarks.md, "Short searches").
 */
const shortSearchLength = 3;
export const shortSearchCountCap = 1_000;

export function isShortSearch(q: string | undefined): boolean {
  const length = q?.trim().length ?? 0;
  return length > 0 && length < shortSearchLength;
}
