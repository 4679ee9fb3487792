/**
 * The pieces every back-office list page is made of, and `ListPage`, the shell they go in: the page
 * header, the Refresh button, the search-and-filter bar (a GET form, so the state is in the URL and
 * works without JavaScript; choosing a filter submits it), the titled list with its pager, and the
 * empty state.
 */
import { type ReactNode, useRef } from "react";
import { Form, Link, useLocation, useRevalidator } from "react-router";
import { Pager } from "#app/components/admin/pager.tsx";
import { buttonClass, cx } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";

/** One page of a list as the models give it (`listWindow`): its rows, where it is, how many in all. */
type ListWindowPage = {
  rows: readonly unknown[];
  page: number;
  pageCount: number;
  total: number;
  /** a short search's count stopped at its cap */
  capped?: boolean;
};

/**
 * A list page: the header with its actions, what narrows the list (tabs, filters, chips, notices), then
 * the list under its title (`listTitle.id` is the focus target after a row moves away) and the pager
 * when there is anything to page through.
 */
export function ListPage({
  title,
  description,
  actions,
  filters,
  listTitle,
  list,
  pageSize,
  pageHref,
  children,
  after,
}: {
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  filters?: ReactNode;
  listTitle: { id: string; text: ReactNode; hidden?: boolean; focusable?: boolean };
  list: ListWindowPage;
  pageSize: number;
  pageHref: (page: number) => string;
  /** the table */
  children: ReactNode;
  /** after the list: a dialog the address opens over it */
  after?: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <PageHeader title={title} description={description}>
        {actions}
      </PageHeader>
      {filters}
      <section aria-labelledby={listTitle.id} className="flex flex-col gap-3">
        <h2
          id={listTitle.id}
          tabIndex={listTitle.focusable ? -1 : undefined}
          className={listTitle.hidden ? "sr-only" : "text-sm font-medium text-zinc-300 outline-none"}
        >
          {listTitle.text}
        </h2>
        {children}
        {list.total > 0 ? (
          <Pager
            page={list.page}
            pageCount={list.pageCount}
            total={list.total}
            capped={list.capped ?? false}
            pageSize={pageSize}
            shown={list.rows.length}
            href={pageHref}
          />
        ) : null}
      </section>
      {after}
    </div>
  );
}

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
          <Link
            to={back.href}
            className={buttonClass("ghost", { size: "icon", className: "-ml-2" })}
            aria-label={back.label}
          >
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

/**
 * A list's title by its status filter: "All customers", "Active customers", then what the search asked
 * for ("matching “ada”") and anything more the list is narrowed by (`children`).
 */
export function StatusListTitle<Status extends string>({
  status,
  labels,
  noun,
  q,
  children,
}: {
  status: "all" | Status;
  labels: Record<Status, string>;
  noun: string;
  q: string;
  children?: ReactNode;
}) {
  return (
    <>
      {status === "all" ? "All" : labels[status]} {noun}
      {q ? <span className="text-zinc-400"> matching “{q}”</span> : null}
      {children}
    </>
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
      className={buttonClass("secondary", { size: "sm" })}
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

/**
 * A filter of the search bar on the list's address choices: "all" first, shown as `allLabel` ("All
 * Statuses"), then each value by its label.
 */
export function choiceFilter<Value extends string>(filter: {
  name: string;
  label: string;
  value: string;
  choices: readonly ("all" | Value)[];
  labels: Record<Value, string>;
  allLabel: string;
}): ListFilterSelect {
  return {
    name: filter.name,
    label: filter.label,
    value: filter.value,
    options: filter.choices.map((choice) => ({
      value: choice,
      label: choice === "all" ? filter.allLabel : filter.labels[choice],
    })),
  };
}

/** The status filter of the search bar ("All Statuses", then each status by its label). */
export function statusFilter<Status extends string>(
  value: string,
  choices: readonly ("all" | Status)[],
  labels: Record<Status, string>,
): ListFilterSelect {
  return choiceFilter({ name: "status", label: "Status", value, choices, labels, allLabel: "All Statuses" });
}

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
    <a href={href} download className={buttonClass("secondary", { size: "sm" })}>
      <Icon name="download" />
      Export CSV
    </a>
  );
}
