/**
 * Reading a whole filtered list in batches, newest first, without OFFSET: each batch starts
 * after the last row of the one before (keyset on created_at, id). The cursor keeps the
 * timestamp to the microsecond as text, so no row is skipped or read twice.
 */
import { type AnyColumn, asc, count, desc, type SQL, sql } from "drizzle-orm";
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
 * The ids of one list page, as a subquery to join the page's rows to: read from the
 * `(created_at DESC, id DESC)` index alone, so a deep page skips index entries, not rows, and a
 * page past the middle is read from the oldest end (app/domain/pages.ts).
 */
export function pageIdsQuery<Table extends PgTable & { id: PgColumn; createdAt: PgColumn }>(
  db: Queryable,
  table: Table,
  where: SQL | undefined,
  window: PageWindow,
) {
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
 * there are more; the pager then says "1000+"). `knownTotal`: a count the caller already has.
 */
export async function listWindow<Table extends PgTable & { id: PgColumn; createdAt: PgColumn }>(
  db: Queryable,
  table: Table,
  where: SQL | undefined,
  query: { page: number; pageSize: number; q?: string; knownTotal?: number },
): Promise<{ window: PageWindow; total: number; capped: boolean }> {
  let total: number;
  let capped = false;
  if (query.knownTotal !== undefined) {
    total = query.knownTotal;
  } else if (isShortSearch(query.q)) {
    const matches = db
      .select({ id: table.id as Table["id"] })
      .from(table as PgTable)
      .where(where)
      .limit(shortSearchCountCap + 1)
      .as("matches");
    const found = Number((await db.select({ n: count() }).from(matches))[0]?.n ?? 0);
    capped = found > shortSearchCountCap;
    total = Math.min(found, shortSearchCountCap);
  } else {
    total = Number(
      (
        await db
          .select({ n: count() })
          .from(table as PgTable)
          .where(where)
      )[0]?.n ?? 0,
    );
  }
  return { window: pageWindow(query.page, query.pageSize, total, capped), total, capped };
}
