/**
 * A list page's state in its address, read and written one way for the five lists (customer-list.ts,
 * project-list.ts, invoice-list.ts, proposal-list.ts, inbox-list.ts): filters, each one of fixed values;
 * the search text; the page. Reading an address never fails: anything unknown falls back to its default.
 * Schema-free, so a list page's links load no schema library.
 */

/** The longest search text a list takes (a longer one searches for nothing). */
const searchMaxLength = 100;
const lastPage = 100_000;

/** One of `values`, or `fallback` for anything else (missing, unknown). */
export function choiceFrom<const Values extends readonly string[], Fallback extends Values[number] | undefined>(
  value: string | null,
  values: Values,
  fallback: Fallback,
): Values[number] | Fallback {
  return value !== null && values.includes(value) ? (value as Values[number]) : fallback;
}

/** The search text, trimmed; a text over the limit is no search. */
export function searchFrom(value: string | null): string {
  const text = (value ?? "").trim();
  return text.length <= searchMaxLength ? text : "";
}

/** The page: a whole number from 1; anything else is the first page. */
export function pageFrom(value: string | null): number {
  const page = Number(value ?? Number.NaN);
  return Number.isInteger(page) && page >= 1 && page <= lastPage ? page : 1;
}

/** One part of a list's address: its name, its value and its default (a default is left out). */
type Part = readonly [name: string, value: string | number | undefined, fallback: string | number];

/** The address of a list view: `path` with the parts that differ from their defaults, in the order given. */
export function listHref(path: string, parts: readonly Part[], extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value, fallback] of parts) {
    if (value !== undefined && value !== "" && value !== fallback) params.set(name, String(value));
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return `${path}${search ? `?${search}` : ""}`;
}

type Filters = Record<string, readonly [string, ...string[]]>;

/** A list's address state: each filter's value, the search text and the page. */
export type ListQueryOf<F extends Filters> = { -readonly [K in keyof F]: F[K][number] } & { q: string; page: number };

/**
 * One list's address, read and written: its path, its filters (each one's first value is its default) and
 * the order of the parts in a link. The inbox's status, whose default follows the search, is read by hand.
 */
export function listAddress<const F extends Filters>(
  path: string,
  filters: F,
  order: readonly ((keyof F & string) | "q" | "page")[],
) {
  const fallback = (name: string) => (name === "q" ? "" : name === "page" ? 1 : (filters[name]?.[0] ?? ""));
  return {
    parse(params: URLSearchParams): ListQueryOf<F> {
      const query: Record<string, string | number> = {
        q: searchFrom(params.get("q")),
        page: pageFrom(params.get("page")),
      };
      for (const [name, values] of Object.entries(filters))
        query[name] = choiceFrom(params.get(name), values, values[0]);
      return query as ListQueryOf<F>;
    },
    href(query: Partial<ListQueryOf<F>>): string {
      const values = query as Partial<Record<string, string | number>>;
      return listHref(
        path,
        order.map((name) => [name, values[name], fallback(name)] as const),
      );
    },
  };
}
