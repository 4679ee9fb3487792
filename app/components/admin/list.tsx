/**
 * The pieces every back-office list page is made of: the page header, the Refresh button, the
 * search-and-filter bar (a GET form, so the state is in the URL and works without JavaScript;
 * choosing a filter submits it) and the empty state. `Pager` is beside it in pager.tsx.
 */
import { type ReactNode, useRef } from "react";
import { Form, Link, useLocation, useRevalidator } from "react-router";
import { Icon } from "#app/components/admin/icons.tsx";
import { buttonClass, cx } from "#app/components/admin/ui.tsx";

export function PageHeader({
  title,
  description,
  back,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  back?: { href: string; label: string };
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 items-start gap-2">
        {back ? (
          <Link to={back.href} className={buttonClass("ghost", "-ml-2", "icon")} aria-label={back.label}>
            <Icon name="arrow-left" />
          </Link>
        ) : null}
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{title}</h1>
          {description ? <div className="mt-1 text-sm text-zinc-400">{description}</div> : null}
        </div>
      </div>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}

/** Re-runs the page's loaders; a plain link to the same page without JavaScript. */
export function RefreshButton() {
  const location = useLocation();
  const { revalidate, state } = useRevalidator();
  return (
    <a
      href={`${location.pathname}${location.search}`}
      onClick={(event) => {
        event.preventDefault();
        void revalidate();
      }}
      className={buttonClass("secondary", undefined, "sm")}
    >
      <Icon name="refresh-cw" className={state === "loading" ? "animate-spin" : undefined} />
      Refresh
    </a>
  );
}

const inputClass =
  "h-10 w-full rounded-md border border-zinc-700 bg-zinc-950 text-sm text-zinc-100 placeholder:text-zinc-500 focus-visible:border-[var(--color-accent)]";

export type ListFilterSelect = {
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
};

/** Search box and filters of a list. `hidden` keeps other URL state (a view's tab) when searching. */
export function ListFilters({
  action,
  q,
  placeholder,
  searchLabel,
  selects,
  hidden = {},
}: {
  action: string;
  q: string;
  placeholder: string;
  searchLabel: string;
  selects: readonly ListFilterSelect[];
  hidden?: Record<string, string>;
}) {
  const form = useRef<HTMLFormElement>(null);
  return (
    <Form method="get" action={action} ref={form} role="search" className="flex flex-col gap-2 lg:flex-row">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="relative flex-1">
        <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-zinc-500" />
        <input
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          maxLength={100}
          placeholder={placeholder}
          aria-label={searchLabel}
          className={cx(inputClass, "pr-3 pl-9")}
        />
      </div>
      <div className="flex gap-2">
        {selects.map((select) => (
          <div key={select.name} className="min-w-0 flex-1 sm:flex-none">
            <label htmlFor={`list-${select.name}`} className="sr-only">
              {select.label}
            </label>
            <select
              id={`list-${select.name}`}
              name={select.name}
              defaultValue={select.value}
              key={select.value}
              onChange={() => form.current?.requestSubmit()}
              className={cx(inputClass, "px-3 sm:w-44")}
            >
              {select.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <button type="submit" className={buttonClass("secondary")}>
          Search
        </button>
      </div>
    </Form>
  );
}

/**
 * The filters a list is narrowed by that the search bar does not show (a status picked in the
 * sidebar), each a chip whose × link removes it. A plain link: works without JavaScript.
 */
export function FilterChips({ chips }: { chips: readonly { label: string; value: string; removeHref: string }[] }) {
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Filters" className="flex flex-wrap gap-2" data-filter-chips>
      {chips.map((chip) => (
        <li
          key={chip.label}
          className="flex items-center gap-1 rounded-full border border-zinc-700 bg-zinc-900 py-0.5 pr-1 pl-3 text-sm"
        >
          <span className="text-zinc-400">{chip.label}:</span>
          <span className="text-zinc-100">{chip.value}</span>
          <Link
            to={chip.removeHref}
            aria-label={`Remove filter ${chip.label}: ${chip.value}`}
            className="ml-1 grid size-6 place-items-center rounded-full text-zinc-400 hover:bg-zinc-800 hover:text-zinc-50"
          >
            <Icon name="x" className="size-3.5" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-zinc-800 px-6 py-12 text-center text-sm text-zinc-400">
      {children}
    </p>
  );
}

/** 'Export CSV': a download of the list with its current filters (a plain link, works without JavaScript). */
export function ExportCsvLink({ href }: { href: string }) {
  return (
    <a href={href} download className={buttonClass("secondary", undefined, "sm")}>
      <Icon name="download" />
      Export CSV
    </a>
  );
}
