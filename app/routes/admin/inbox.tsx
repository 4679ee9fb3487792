/**
 * /admin/dashboard: the contact submissions inbox. Its whole state is in the URL
 * (?status=&type=&q=&page=, and ?submission=id[&convert=1] for the dialogs), so a view can be
 * linked, survives a reload and works without JavaScript. Rows and counts update live
 * (the layout's event stream re-runs this loader when a submission changes).
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { Archive, Inbox } from "lucide-react";
import { useEffect } from "react";
import { Link, useActionData } from "react-router";
import { InboxTable } from "#app/components/admin/inbox-table.tsx";
import { ExportCsvLink, FilterChips, ListFilters, PageHeader, RefreshButton } from "#app/components/admin/list.tsx";
import { Pager } from "#app/components/admin/pager.tsx";
import type { ErrorHandle } from "#app/components/admin/route-error.tsx";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { showToast } from "#app/components/admin/toaster.tsx";
import { cx } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { csvExportHref } from "#app/domain/csv.ts";
import { customerPageFormSchema, withJoinedAddress } from "#app/domain/customers.ts";
import { formatMomentIn } from "#app/domain/dates.ts";
import { projectTypeLabels, submissionStatusLabels } from "#app/domain/enums.ts";
import {
  inboxHref,
  inboxMessages,
  inboxPageSize,
  inboxTotals,
  inboxTypeFilters,
  inStatusFilter,
} from "#app/domain/inbox.ts";
import {
  parseInboxQuery,
  parseSubmissionId,
  submissionActionSchema,
  submissionUpdateSchema,
  toSubmissionChanges,
} from "#app/domain/submission-forms.ts";
import { listBookings } from "#app/models/bookings.server.ts";
import {
  AlreadyConvertedError,
  convertSubmission,
  countSubmissionsByStatus,
  getSubmission,
  listSubmissions,
  updateSubmission,
} from "#app/models/contact-submissions.server.ts";
import { badRequest, invalid, redirectWithToast, refuse, serverError } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { loadAvailability } from "#app/services/booking.server.ts";
import type { Route } from "./+types/inbox";
import type { AdminHandle } from "./layout.tsx";

/** A load failure: the spec's 'Failed to fetch submissions' toast (shown by the shared error boundary). */
export const handle: AdminHandle & ErrorHandle = {
  liveTables: ["contact_submissions"],
  loadFailed: { type: "error", message: inboxMessages.loadFailed },
};

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Contact Forms") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const params = new URL(request.url).searchParams;
  const query = parseInboxQuery(params);
  const counts = await countSubmissionsByStatus(database.db);
  const list = await listSubmissions(database.db, query, counts);
  const requested = params.get("submission");
  const id = parseSubmissionId(requested);
  const submission = id ? await getSubmission(database.db, id) : null;
  // a lead just updated that no longer matches the filter: where it went
  const movedId = parseSubmissionId(params.get("moved"));
  const moved = movedId ? await getSubmission(database.db, movedId) : null;
  // the next free consultations booked on the site (ADR 0032), in the studio's time zone
  const [upcoming, availability] = await Promise.all([
    listBookings(database.db, "upcoming"),
    loadAvailability(database.db),
  ]);
  return {
    query,
    counts,
    list,
    nextBookings: upcoming.slice(0, 3).map((booking) => ({
      id: booking.id,
      name: booking.name,
      when: formatMomentIn(booking.startsAt, availability.timeZone),
    })),
    submission,
    moved:
      moved && !inStatusFilter(moved.status, query.status)
        ? { id: moved.id, name: moved.name, status: moved.status }
        : null,
    missing: Boolean(requested) && !submission,
    convert: params.get("convert") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, logger } = getApp(context);
  const query = parseInboxQuery(new URL(request.url).searchParams);
  const formData = await request.formData();
  const sent = parseWithZod(formData, { schema: submissionActionSchema });
  if (sent.status !== "success") badRequest("Unknown submission or action");
  const { intent, id } = sent.value;

  if (intent === "update") {
    const submission = parseWithZod(formData, { schema: submissionUpdateSchema });
    if (submission.status !== "success") return invalid(submission);
    try {
      const updated = await updateSubmission(database.db, id, toSubmissionChanges(submission.value));
      if (!updated) return refuse(404, inboxMessages.updateFailed, { submission, form: `update-${id}` });
    } catch (error) {
      logger.error({ err: error, submission: id }, "submission update failed");
      return serverError(submission, { type: "error", message: inboxMessages.updateFailed });
    }
    // the list says where the lead went when it left the filter (`moved`)
    return redirectWithToast(config, inboxHref(query, { moved: id }), {
      type: "success",
      message: inboxMessages.updated,
      id: `update-${id}`,
    });
  }

  const submission = parseWithZod(formData, { schema: customerPageFormSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    const customer = await auditedChange(
      database.db,
      (tx) => convertSubmission(tx, id, withJoinedAddress(submission.value)),
      {
        actor: session,
        ip: getApp(context).ip,
        event: "submission_converted",
        detail: { submission: id, customer: submission.value.name },
      },
    );
    if (!customer) {
      return refuse(404, inboxMessages.notFound, {
        submission,
        form: `convert-${id}`,
        toast: { type: "error", message: inboxMessages.errorTitle, description: inboxMessages.notFound },
      });
    }
    // the owner lands on the new customer (the submission's dialog links to it from now on)
    return redirectWithToast(config, `/admin/customers/${customer.id}`, {
      type: "success",
      message: inboxMessages.converted,
      id: `convert-${id}`,
    });
  } catch (error) {
    if (error instanceof AlreadyConvertedError) {
      return refuse(409, error.message, {
        submission,
        form: `convert-${id}`,
        toast: { type: "error", message: inboxMessages.errorTitle, description: error.message },
      });
    }
    logger.error({ err: error, submission: id }, "conversion failed");
    return serverError(submission, {
      type: "error",
      message: inboxMessages.errorTitle,
      description: "The customer could not be created. Please try again.",
    });
  }
}

// the dialogs and their forms (the form kit, zod) load when one is opened, not with the list
const SubmissionDialog = splitComponent(() =>
  import("#app/components/admin/submission-dialogs.tsx").then((module) => module.SubmissionDialog),
);
const ConvertDialog = splitComponent(() =>
  import("#app/components/admin/submission-dialogs.tsx").then((module) => module.ConvertDialog),
);

export default function InboxPage({ loaderData }: Route.ComponentProps) {
  const { query, counts, list, nextBookings, submission, moved, missing, convert } = loaderData;
  const actionData = useActionData<typeof action>();
  const totals = inboxTotals(counts);
  const current = { ...query, page: list.page };
  const listHref = inboxHref(current);
  const detailHref = (id: string) => inboxHref(current, { submission: id });

  useEffect(() => {
    if (missing) showToast({ type: "error", message: inboxMessages.errorTitle, description: inboxMessages.notFound });
  }, [missing]);

  const archivedView = query.status === "archived";
  const tabs = [
    { label: "Inbox", count: totals.inbox, href: inboxHref({ status: "new" }), active: !archivedView, icon: Inbox },
    {
      label: "Archived",
      count: totals.archived,
      href: inboxHref({ status: "archived" }),
      active: archivedView,
      icon: Archive,
    },
  ];

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <PageHeader title="Contact Forms" description="Inquiries sent through the website's contact form.">
        <RefreshButton />
        <ExportCsvLink href={csvExportHref(listHref, "/admin/dashboard/export.csv")} />
      </PageHeader>

      {nextBookings.length ? (
        <section
          aria-labelledby="next-bookings"
          className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-lg border border-zinc-800 bg-zinc-900/40 px-4 py-3 text-sm"
          data-next-bookings
        >
          <h2 id="next-bookings" className="font-semibold text-zinc-100">
            Next consultations
          </h2>
          <ul className="flex min-w-0 flex-wrap gap-x-4 gap-y-1 [overflow-wrap:anywhere] text-zinc-300">
            {nextBookings.map((booking) => (
              <li key={booking.id}>
                {booking.when} · {booking.name}
              </li>
            ))}
          </ul>
          <Link to="/admin/bookings" className="text-[var(--color-accent)] underline sm:ml-auto">
            All bookings
          </Link>
        </section>
      ) : null}

      <nav aria-label="Submission views" className="flex gap-1 border-b border-zinc-800">
        {tabs.map((tab) => (
          <Link
            key={tab.label}
            to={tab.href}
            aria-current={tab.active ? "page" : undefined}
            className={cx(
              "-mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium",
              tab.active
                ? "border-[var(--color-accent)] text-zinc-50"
                : "border-transparent text-zinc-400 hover:text-zinc-100",
            )}
          >
            <tab.icon aria-hidden className="size-4" />
            {tab.label}
            <span
              data-count={tab.label.toLowerCase()}
              className="rounded-full bg-zinc-800 px-2 py-0.5 font-mono text-xs text-zinc-300 tabular-nums"
            >
              {tab.count}
            </span>
          </Link>
        ))}
      </nav>

      <ListFilters
        action="/admin/dashboard"
        q={query.q}
        placeholder={inboxMessages.searchPlaceholder}
        searchLabel="Search submissions"
        hidden={archivedView ? { status: "archived" } : {}}
        selects={[
          {
            name: "type",
            label: "Type",
            value: query.type,
            options: inboxTypeFilters.map((type) => ({
              value: type,
              label: type === "all" ? "All Types" : projectTypeLabels[type],
            })),
          },
        ]}
      />

      <FilterChips
        chips={
          archivedView || query.status === "all"
            ? []
            : [
                {
                  label: "Status",
                  value: submissionStatusLabels[query.status],
                  removeHref: inboxHref({ ...query, status: "all", page: 1 }),
                },
              ]
        }
      />

      {moved ? (
        <p role="status" data-moved={moved.id} className="text-sm text-zinc-300">
          {moved.name} moved to {submissionStatusLabels[moved.status]}.{" "}
          <Link
            to={inboxHref({ status: moved.status }, { submission: moved.id })}
            className="text-[var(--color-accent)] underline underline-offset-2"
          >
            Show it in {submissionStatusLabels[moved.status]}
          </Link>
        </p>
      ) : null}

      <section aria-labelledby="inbox-list-title" className="flex flex-col gap-3">
        <h2 id="inbox-list-title" tabIndex={-1} className="text-sm font-medium text-zinc-300 outline-none">
          {query.status === "all" ? "All" : submissionStatusLabels[query.status]} submissions
          {query.q ? <span className="text-zinc-400"> matching “{query.q}”</span> : null}
          {query.type !== "all" ? <span className="text-zinc-400"> · {projectTypeLabels[query.type]}</span> : null}
        </h2>
        <InboxTable rows={list.rows} viewHref={detailHref} />
        {list.total > 0 ? (
          <Pager
            page={list.page}
            pageCount={list.pageCount}
            total={list.total}
            capped={list.capped}
            pageSize={inboxPageSize}
            shown={list.rows.length}
            href={(page) => inboxHref({ ...query, page })}
          />
        ) : null}
      </section>

      {submission && convert && !submission.customerId ? (
        <ConvertDialog
          key={`convert-${submission.id}`}
          submission={submission}
          action={inboxHref(current, { submission: submission.id, convert: "1" })}
          closeHref={detailHref(submission.id)}
          failure={actionData}
        />
      ) : submission ? (
        <SubmissionDialog
          key={`detail-${submission.id}`}
          submission={submission}
          action={detailHref(submission.id)}
          closeHref={listHref}
          convertHref={inboxHref(current, { submission: submission.id, convert: "1" })}
          failure={actionData}
        />
      ) : null}
    </div>
  );
}
