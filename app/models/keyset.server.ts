/**
 * Reading a whole filtered list in batches, newest first, without OFFSET: each batch starts
 * after the last row of the one before (keyset on created_at, id). The cursor keeps the
 * timestamp to the microsecond as text, so no row is skipped or read twice.
 */
import { type AnyColumn, asc, count, desc, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Queryable } from "#app/db/client.server.ts";
import { isShortSearch, type PageWindow, pageWindow, shortSearchCountCap } from "#app/domain/pages.ts";

export type Cursor = { at: string; id: string };

/** created_at as UTC text with microseconds, to carry in a cursor. */
export function cursorTime(createdAt: AnyColumn): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Rows after the cursor in (created_at desc, id desc) order. */
export function after(createdAt: AnyColumn, id: AnyColumn, cursor: Cursor): SQL {
  return sql`(${createdAt}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** Yields every row, fetching `size` at a time until a batch comes back short. */
export async function* inBatches<Row extends { cursorAt: string; id: string }>(
  fetchBatch: (cursor: Cursor | null, size: number) => Promise<Row[]>,
  size = 500,
): AsyncGenerator<Row> {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await fetchBatch(cursor, size);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    cursor = { at: last.cursorAt, id: last.id };
  }
}

/**
 * The order a list page's ids are read in (app/domain/pages.ts): newest first, or for a page past
 * the middle its exact reverse, which the same `(created_at DESC, id DESC)` index serves backwards.
 */
function pageOrder(window: PageWindow, createdAt: AnyColumn, id: AnyColumn): SQL[] {
  return window.from === "newest" ? [desc(createdAt), desc(id)] : [asc(createdAt), asc(id)];
}

/**
 * A page's window; for a short search also the page's ids, taken from the one read of every match
 * (at most `shortSearchCountCap + 1`, in list order) that counted them.
 */
export type ListWindow = PageWindow & { ids?: string[] };

/**
 * The condition that a short search's term (one or two characters) is one of a row's pieces (a
 * `short_grams` column, GIN-indexed): a rare pair is an index lookup. It only narrows: the list's own
 * LIKE stays beside it and decides, so the term is lower-cased as that LIKE lower-cases it (`"sql"`:
 * by the database's lower(), `"js"`: before it is sent). Undefined for any other term.
 */
export function shortGramsCondition(
  grams: AnyColumn | SQL,
  q: string | undefined,
  lowered: "js" | "sql",
): SQL | undefined {
  if (!q || q.length > 2 || !isShortSearch(q)) return undefined;
  const term = lowered === "sql" ? sql`lower(${q})` : sql`${q.toLowerCase()}`;
  return sql`${grams} @> array[${term}]::text[]`;
}

/**
 * The ids of one list page, as a subquery to join the page's rows to: read from the
 * `(created_at DESC, id DESC)` index alone, so a deep page skips index entries, not rows, and a
 * page past the middle is read from the oldest end (app/domain/pages.ts). A short search's page
 * has its ids already (`listWindow`).
 */
export function pageIdsQuery<Table extends PgTable & { id: PgColumn; createdAt: PgColumn }>(
  db: Queryable,
  table: Table,
  where: SQL | undefined,
  window: ListWindow,
) {
  if (window.ids) {
    return db
      .select({ id: table.id as Table["id"] })
      .from(table as PgTable)
      .where(inArray(table.id, window.ids))
      .as("page_ids");
  }
  return db
    .select({ id: table.id as Table["id"] })
    .from(table as PgTable)
    .where(where)
    .orderBy(...pageOrder(window, table.createdAt, table.id))
    .limit(window.limit)
    .offset(window.offset)
    .as("page_ids");
}

/**
 * A list page's window and the total for its pager: the rows `where` selects, counted exactly, or
 * for a search shorter than three characters at most `shortSearchCountCap` of them (`capped` when
 * there are more; the pager then says "1000+"). A short search reads its matches' ids once, in list
 * order and at most `shortSearchCountCap + 1`: their number is the total and the page is a slice of
 * them, so a common pair stops after 1,001 index entries and a rare one (with its `short_grams`
 * condition) reads only its few rows. `knownTotal`: a count the caller already has.
 */
export async function listWindow<Table extends PgTable & { id: PgColumn; createdAt: PgColumn }>(
  db: Queryable,
  table: Table,
  where: SQL | undefined,
  query: { page: number; pageSize: number; q?: string; knownTotal?: number },
): Promise<{ window: ListWindow; total: number; capped: boolean }> {
  if (query.knownTotal === undefined && isShortSearch(query.q)) {
    const matches = await db
      .select({ id: table.id as Table["id"] })
      .from(table as PgTable)
      .where(where)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(shortSearchCountCap + 1);
    const capped = matches.length > shortSearchCountCap;
    const total = Math.min(matches.length, shortSearchCountCap);
    const window = pageWindow(query.page, query.pageSize, total, true);
    const ids = matches.slice(window.offset, window.offset + window.limit).map((row) => String(row.id));
    return { window: { ...window, ids }, total, capped };
  }
  const total =
    query.knownTotal ??
    Number(
      (
        await db
          .select({ n: count() })
          .from(table as PgTable)
          .where(where)
      )[0]?.n ?? 0,
    );
  return { window: pageWindow(query.page, query.pageSize, total), total, capped: false };
}
