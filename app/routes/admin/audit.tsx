/**
 * /admin/audit (ADR 0027): the audit log, newest first: who (email), when, what (the event's label
 * and a summary of its detail), from where (IP). Filtered by event and by user (?event=&user=),
 * paged by keyset (?before=<time>_<id>), so a page deep in a long log costs what the first does.
 * Read-only: the app only ever appends to the log.
 */

import { data, Form, Link } from "react-router";
import { type Column, DataTable } from "#app/components/admin/data-table.tsx";
import { inputClass } from "#app/components/admin/form-buttons.tsx";
import { PageHeader, RefreshButton } from "#app/components/admin/list.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass, cx } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import {
  auditCursor,
  auditDetailSummary,
  auditEventLabel,
  auditEventLabels,
  auditHref,
  auditPageSize,
  parseAuditQuery,
} from "#app/domain/audit.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { listAuditEventNames, listAuditPage } from "#app/models/audit-log.server.ts";
import { listTeam } from "#app/models/users.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Audit log") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const query = parseAuditQuery(new URL(request.url).searchParams);
  const [page, eventNames, team] = await Promise.all([
    listAuditPage(database.db, { ...query, limit: auditPageSize }),
    listAuditEventNames(database.db),
    listTeam(database.db),
  ]);
  const last = page.rows.at(-1);
  const events = [...new Set([...Object.keys(auditEventLabels), ...eventNames])]
    .map((event) => ({ value: event, label: auditEventLabel(event) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return data(
    {
      query: { event: query.event, userId: query.userId, paged: query.before !== null },
      events,
      users: team.map((member) => ({ value: member.id, label: member.email })),
      entries: page.rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt,
        event: row.event,
        label: auditEventLabel(row.event),
        detail: auditDetailSummary(row.detail),
        email: row.email,
        ip: row.ipAddress,
      })),
      olderHref: page.hasOlder && last ? auditHref({ ...query, before: auditCursor(last) }) : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type Entry = Route.ComponentProps["loaderData"]["entries"][number];

const columns: readonly Column<Entry>[] = [
  {
    header: "Event",
    primary: true,
    cell: (entry) => (
      <>
        <span className="block break-words">{entry.label}</span>
        {entry.detail ? (
          <span className="block text-sm font-normal [overflow-wrap:anywhere] text-zinc-300">{entry.detail}</span>
        ) : null}
      </>
    ),
    className: "md:min-w-56",
  },
  {
    header: "When",
    cell: (entry) => (
      <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(new Date(entry.createdAt))}</time>
    ),
    className: "xl:whitespace-nowrap",
  },
  {
    header: "User",
    cell: (entry) => entry.email ?? "anonymous",
    truncate: true,
    className: "[overflow-wrap:anywhere] md:max-w-40 md:min-w-32 2xl:max-w-56",
  },
  { header: "From", cell: (entry) => entry.ip ?? "—", className: "md:whitespace-nowrap" },
];

const selectClass = cx(inputClass(), "sm:w-60");

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { query, events, users, entries, olderHref } = loaderData;
  const filtered = Boolean(query.event || query.userId);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <PageHeader
        title="Audit log"
        description="Sign-ins, settings changes, sends, deletions and conversions: who, when, what and from where. Newest first; entries are never changed or removed."
      >
        <RefreshButton />
      </PageHeader>
      <Form method="get" action="/admin/audit" role="search" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1">
          <label htmlFor="audit-event" className="text-xs font-medium text-zinc-300">
            Event
          </label>
          <select
            id="audit-event"
            name="event"
            defaultValue={query.event ?? ""}
            key={query.event}
            className={selectClass}
          >
            <option value="">All events</option>
            {events.map((event) => (
              <option key={event.value} value={event.value}>
                {event.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="audit-user" className="text-xs font-medium text-zinc-300">
            User
          </label>
          <select
            id="audit-user"
            name="user"
            defaultValue={query.userId ?? ""}
            key={query.userId}
            className={selectClass}
          >
            <option value="">All users</option>
            {users.map((user) => (
              <option key={user.value} value={user.value}>
                {user.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <button type="submit" className={buttonClass("secondary")}>
            Filter
          </button>
          {filtered ? (
            <Link to="/admin/audit" className={buttonClass("ghost")}>
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
      <DataTable
        label="Audit entries"
        columns={columns}
        rows={entries}
        rowKey={(entry) => entry.id}
        rowAttributes={(entry) => ({ "data-audit-entry": entry.event })}
        empty={filtered ? "No entries match these filters." : "The audit log is empty."}
      />
      <nav aria-label="Audit log pages" className="flex justify-end gap-2">
        {query.paged ? (
          <Link
            to={auditHref({ event: query.event, userId: query.userId })}
            className={buttonClass("secondary", { size: "sm" })}
          >
            Newest
          </Link>
        ) : null}
        {olderHref ? (
          <Link to={olderHref} rel="next" className={buttonClass("secondary", { size: "sm" })}>
            Older
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
