/**
 * The tables whose changes the back office hears about live (ADR 0010), shared by the
 * server's change feed and the browser's subscription. An event carries a table and an id only.
 * `site_content` is not a table: it says the public site's content (identity, portfolio, pricing)
 * changed, so every instance drops what it rendered of the public pages; its id names the part.
 */
const changeTables = [
  "contact_submissions",
  "customers",
  "projects",
  "invoices",
  "bookings",
  "site_content",
  "owner_notices",
  "time_entries",
] as const;
export type ChangeTable = (typeof changeTables)[number];
export type ChangeEvent = { table: ChangeTable; id: string };

/** The server-sent-events endpoint of the back office. */
export const changeStreamPath = "/admin/events";
/** How long the browser waits before reconnecting after a drop (the stream's `retry:` line). */
export const changeStreamRetryMs = 2000;
/** A comment line this often keeps proxies from closing an idle stream. */
export const changeStreamHeartbeatMs = 25_000;
/** Events arriving closer together than this cause one re-fetch. */
export const changeRevalidateDebounceMs = 250;

/** Parses one event; anything that is not a known table with a string id is ignored. */
export function parseChangeEvent(payload: string): ChangeEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<ChangeEvent> | null;
    if (value && typeof value.id === "string" && changeTables.includes(value.table as ChangeTable)) {
      return { table: value.table as ChangeTable, id: value.id };
    }
  } catch {
    // not ours
  }
  return null;
}

/** One event as the stream sends it (`event: change`). */
export function formatChangeEvent(event: ChangeEvent): string {
  return `event: change\ndata: ${JSON.stringify({ table: event.table, id: event.id })}\n\n`;
}
