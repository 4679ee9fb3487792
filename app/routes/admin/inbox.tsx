/**
 * /admin/dashboard: the contact submissions inbox. Its whole state is in the URL
 * (?status=&type=&q=&page=, and ?submission=id[&convert=1] for the dialogs), so a view can be
 * linked, survives a reload and works without JavaScript. Rows and counts update live
 * (the layout's event stream re-runs this loader when a submission changes).
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Link, useActionData } from "react-router";
import { InboxTable } from "#app/components/admin/inbox-table.tsx";
import {
  choiceFilter,
  ExportCsvLink,
  FilterChips,
  ListFilters,
  ListPage,
  RefreshButton,
  StatusListTitle,
} from "#app/components/admin/list.tsx";
import type { ErrorHandle } from "#app/components/admin/route-error.tsx";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { showToast } from "#app/components/admin/toaster.tsx";
import { cx } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { getApp } from "#app/context.server.ts";
import { csvExportHref } from "#app/domain/csv.ts";
import { customerPageFormSchema, withJoinedAddress } from "#app/domain/customer-form.ts";
import { formatMomentIn, startOfTodayIn } from "#app/domain/dates.ts";
import { projectTypeLabels, submissionStatusLabels } from "#app/domain/enums.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { inboxMessages, inboxTotals, inStatusFilter, spamHeldTodayText } from "#app/domain/inbox.ts";
import { inboxListHref, inboxPageSize, inboxTypeFilters, parseInboxListQuery } from "#app/domain/inbox-list.ts";
import { submissionActionSchema, submissionUpdateSchema, toSubmissionChanges } from "#app/domain/submission-forms.ts";
import { listBookings } from "#app/models/bookings.server.ts";
import {
  AlreadyConvertedError,
  convertSubmission,
  countSubmissionsByStatus,
  getSubmission,
  listSubmissions,
  updateSubmission,
} from "#app/models/contact-submissions.server.ts";
import { countSpam } from "#app/models/suspected-spam.server.ts";
import { badRequest, invalid, redirectWithToast, refuse, serverError } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { loadAvailability } from "#app/services/booking.server.ts";
import type { Route } from "./+types/inbox";
import type { AdminHandle } from "./layout.tsx";

/** A load failure: the 'Failed to fetch submissions' toast (shown by the shared error boundary). */
export const handle: AdminHandle & ErrorHandle = {
  liveTables: ["contact_submissions"],
  loadFailed: { type: "error", message: inboxMessages.loadFailed },
};

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Contact Forms") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database } = getApp(context);
  const params = new URL(request.url).searchParams;
  const query = parseInboxListQuery(params);
  const counts = await countSubmissionsByStatus(database.db);
  const list = await listSubmissions(database.db, query, counts);
  const requested = params.get("submission");
  const id = parseUuid(requested);
  const submission = id ? await getSubmission(database.db, id) : null;
  // a lead just updated that no longer matches the filter: where it went
  const movedId = parseUuid(params.get("moved"));
  const moved = movedId ? await getSubmission(database.db, movedId) : null;
  // the next free consultations booked on the site (ADR 0032), in the studio's time zone
  const [upcoming, availability] = await Promise.all([
    listBookings(database.db, "upcoming"),
    loadAvailability(database.db),
  ]);
  // inquiries held as suspected spam since midnight in the studio's time zone
  const spamToday = await countSpam(database.db, startOfTodayIn(availability.timeZone));
  return {
    spamToday,
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
  const query = parseInboxListQuery(new URL(request.url).searchParams);
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
    return redirectWithToast(config, inboxListHref(query, { moved: id }), {
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

type InboxData = Route.ComponentProps["loaderData"];

export default function InboxPage({ loaderData }: Route.ComponentProps) {
  const { query, counts, list, submission, missing, convert } = loaderData;
  const actionData = useActionData<typeof action>();
  const current = { ...query, page: list.page };
  const listHref = inboxListHref(current);
  const detailHref = (id: string) => inboxListHref(current, { submission: id });

  useEffect(() => {
    if (missing) showToast({ type: "error", message: inboxMessages.errorTitle, description: inboxMessages.notFound });
  }, [missing]);

  return (
    <ListPage
      title="Contact Forms"
      description="Inquiries sent through the website's contact form."
      actions={
        <>
          <RefreshButton />
          <ExportCsvLink href={csvExportHref(listHref, "/admin/dashboard/export.csv")} />
        </>
      }
      filters={
        <>
          <InboxNotices spamToday={loaderData.spamToday} nextBookings={loaderData.nextBookings} />
          <InboxTabs query={query} counts={counts} />
          <InboxFilters query={query} />
          <MovedNotice moved={loaderData.moved} />
        </>
      }
      listTitle={{
        id: "inbox-list-title",
        focusable: true,
        text: (
          <StatusListTitle status={query.status} labels={submissionStatusLabels} noun="submissions" q={query.q}>
            {query.type !== "all" ? <span className="text-zinc-400"> · {projectTypeLabels[query.type]}</span> : null}
          </StatusListTitle>
        ),
      }}
      list={list}
      pageSize={inboxPageSize}
      pageHref={(page) => inboxListHref({ ...query, page })}
      after={
        submission && convert && !submission.customerId ? (
          <ConvertDialog
            key={`convert-${submission.id}`}
            submission={submission}
            action={inboxListHref(current, { submission: submission.id, convert: "1" })}
            closeHref={detailHref(submission.id)}
            failure={actionData}
          />
        ) : submission ? (
          <SubmissionDialog
            key={`detail-${submission.id}`}
            submission={submission}
            action={detailHref(submission.id)}
            closeHref={listHref}
            convertHref={inboxListHref(current, { submission: submission.id, convert: "1" })}
            failure={actionData}
          />
        ) : null
      }
    >
      <InboxTable rows={list.rows} viewHref={detailHref} />
    </ListPage>
  );
}

/** Above the tabs: today's held spam, and the next consultations booked. */
function InboxNotices({ spamToday, nextBookings }: Pick<InboxData, "spamToday" | "nextBookings">) {
  return (
    <>
      {spamToday > 0 ? (
        <p className="rounded-lg border border-zinc-800 bg-zinc-900/40 px-4 py-3 text-sm text-zinc-300" data-spam-today>
          <Link to="/admin/spam" className="text-[var(--color-accent)] underline">
            {spamHeldTodayText(spamToday)}
          </Link>
        </p>
      ) : null}

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
    </>
  );
}

/** Inbox and Archived, each with its count. */
function InboxTabs({ query, counts }: Pick<InboxData, "query" | "counts">) {
  const totals = inboxTotals(counts);
  const archivedView = query.status === "archived";
  const tabs = [
    {
      label: "Inbox",
      count: totals.inbox,
      href: inboxListHref({ status: "new" }),
      active: !archivedView,
      icon: "inbox" as const,
    },
    {
      label: "Archived",
      count: totals.archived,
      href: inboxListHref({ status: "archived" }),
      active: archivedView,
      icon: "archive" as const,
    },
  ];
  return (
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
          <Icon name={tab.icon} aria-hidden className="size-4" />
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
  );
}

/** The search and type filter; a status picked in the sidebar shows as a chip. */
function InboxFilters({ query }: Pick<InboxData, "query">) {
  const archivedView = query.status === "archived";
  return (
    <>
      <ListFilters
        action="/admin/dashboard"
        q={query.q}
        placeholder={inboxMessages.searchPlaceholder}
        searchLabel="Search submissions"
        hidden={archivedView ? { status: "archived" } : {}}
        selects={[
          choiceFilter({
            name: "type",
            label: "Type",
            value: query.type,
            choices: inboxTypeFilters,
            labels: projectTypeLabels,
            allLabel: "All Types",
          }),
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
                  removeHref: inboxListHref({ ...query, status: "all", page: 1 }),
                },
              ]
        }
      />
    </>
  );
}

/** A submission moved out of the view: where it went, with a link there. */
function MovedNotice({ moved }: Pick<InboxData, "moved">) {
  if (!moved) return null;
  return (
    <p role="status" data-moved={moved.id} className="text-sm text-zinc-300">
      {moved.name} moved to {submissionStatusLabels[moved.status]}.{" "}
      <Link
        to={inboxListHref({ status: moved.status }, { submission: moved.id })}
        className="text-[var(--color-accent)] underline underline-offset-2"
      >
        Show it in {submissionStatusLabels[moved.status]}
      </Link>
    </p>
  );
}
