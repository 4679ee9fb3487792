/**
 * Pieces shared by the customer and project pages: page header, the list's search bar
 * (a GET form, so the state is in the URL and works without JavaScript), status badges,
 * summary cards, empty states, the not-found view and date formatting.
 */
import { ArrowLeft, RefreshCw, Search } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { Form, isRouteErrorResponse, Link, useLocation, useRevalidator } from "react-router";
import { Badge, type BadgeTone } from "#app/components/admin/badge.tsx";
import { formatCalendarDate, formatDate } from "#app/components/admin/format.ts";
import { buttonClass, cx } from "#app/components/admin/ui.tsx";
import {
  type CustomerStatus,
  customerStatusLabels,
  type InvoiceStatus,
  invoiceStatusLabels,
  type ProjectStatus,
  projectStatusLabels,
} from "#app/domain/enums.ts";

/** A Date as 'Jan 5, 2026'; a calendar date column ('2026-01-05') as the spec's MM/dd/yyyy. */
export function formatDay(value: Date | string): string {
  return typeof value === "string" ? formatCalendarDate(value) : formatDate(value);
}

const customerStatusTones: Record<CustomerStatus, BadgeTone> = {
  prospect: "sky",
  active: "green",
  inactive: "amber",
  archived: "zinc",
};
export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  return <Badge tone={customerStatusTones[status]}>{customerStatusLabels[status]}</Badge>;
}

const projectStatusTones: Record<ProjectStatus, BadgeTone> = {
  quoted: "sky",
  approved: "violet",
  in_progress: "amber",
  completed: "green",
  on_hold: "red",
  cancelled: "zinc",
};
export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <Badge tone={projectStatusTones[status]}>{projectStatusLabels[status]}</Badge>;
}

const invoiceStatusTones: Record<InvoiceStatus, BadgeTone> = {
  draft: "zinc",
  sent: "sky",
  viewed: "violet",
  paid: "green",
  partial: "amber",
  overdue: "red",
  cancelled: "zinc",
};
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={invoiceStatusTones[status]}>{invoiceStatusLabels[status]}</Badge>;
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
          <Link to={back.href} className={buttonClass("ghost", "-ml-2", "icon")} aria-label={back.label}>
            <ArrowLeft aria-hidden className="size-4" />
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
      <RefreshCw aria-hidden className={cx("size-4", state === "loading" && "animate-spin")} />
      Refresh
    </a>
  );
}

const inputClass =
  "h-10 w-full rounded-md border border-zinc-700 bg-zinc-950 text-sm text-zinc-100 placeholder:text-zinc-500 focus-visible:border-[var(--color-accent)]";

/** Search box and status filter of a list: a GET form, so the URL carries the state. */
export function ListFilters({
  action,
  q,
  status,
  statuses,
  placeholder,
  searchLabel,
}: {
  action: string;
  q: string;
  status: string;
  statuses: { value: string; label: string }[];
  placeholder: string;
  searchLabel: string;
}) {
  const form = useRef<HTMLFormElement>(null);
  return (
    <Form method="get" action={action} ref={form} role="search" className="flex flex-col gap-2 sm:flex-row">
      <div className="relative flex-1">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500"
        />
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
        <label htmlFor="list-status" className="sr-only">
          Status
        </label>
        <select
          id="list-status"
          name="status"
          defaultValue={status}
          key={status}
          onChange={() => form.current?.requestSubmit()}
          className={cx(inputClass, "min-w-0 flex-1 px-3 sm:w-44 sm:flex-none")}
        >
          {statuses.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <button type="submit" className={buttonClass("secondary")}>
          Search
        </button>
      </div>
    </Form>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-zinc-800 px-6 py-12 text-center text-sm text-zinc-400">
      {children}
    </p>
  );
}

export function SummaryCard({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border border-zinc-800 bg-zinc-900/40 p-4">
      <dt className="text-xs font-medium tracking-wide text-zinc-400 uppercase">{label}</dt>
      <dd className="mt-1.5 text-xl font-semibold break-words text-zinc-50 tabular-nums">{value}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-zinc-400">{hint}</dd> : null}
    </div>
  );
}

/** A record that is not there (missing or malformed id): the spec's message and a way back. */
export function NotFoundView({
  message,
  backHref,
  backLabel,
}: {
  message: string;
  backHref: string;
  backLabel: string;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <p className="font-mono text-sm text-zinc-500">404</p>
      <h1 className="text-2xl font-semibold tracking-tight">{message}</h1>
      <Link to={backHref} className={buttonClass("secondary")}>
        <ArrowLeft aria-hidden className="size-4" />
        {backLabel}
      </Link>
    </div>
  );
}

export const linkClass = "text-[var(--color-accent)] underline-offset-2 hover:underline";

/**
 * The CRM routes' error boundary: a record that vanished between page and post (a 404 thrown
 * by an action) shows the spec's not-found message inside the shell; anything else, a short
 * failure note with the way back.
 */
export function CrmErrorView({ error, backHref, backLabel }: { error: unknown; backHref: string; backLabel: string }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundView
        message={typeof error.data === "string" ? error.data : "Not found"}
        backHref={backHref}
        backLabel={backLabel}
      />
    );
  }
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <p className="font-mono text-sm text-zinc-500">{isRouteErrorResponse(error) ? error.status : 500}</p>
      <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
      <p role="alert" className="text-zinc-300">
        Please try again. If it keeps happening, check the server log.
      </p>
      <Link to={backHref} className={buttonClass("secondary")}>
        <ArrowLeft aria-hidden className="size-4" />
        {backLabel}
      </Link>
    </div>
  );
}
