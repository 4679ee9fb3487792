/**
 * /admin/spam: posts of the inquiry form kept as suspected spam (honeypot filled, sent too fast,
 * a forged or replayed form), out of the inbox and its counts. The owner restores one (it becomes
 * a new submission in the inbox) or deletes it for good, after confirming in a dialog addressed by the
 * URL (?delete=id, so it works without JavaScript); the rest go after 30 days.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useActionData } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { type Column, DataTable, rowActionClass } from "#app/components/admin/data-table.tsx";
import { FailureNotice, RowActionForm } from "#app/components/admin/form-buttons.tsx";
import { ListPage } from "#app/components/admin/list.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { type SpamReason, spamReasonLabels } from "#app/domain/enums.ts";
import { spamFormId, spamMessages } from "#app/domain/spam.ts";
import { spamActionSchema } from "#app/domain/spam-form.ts";
import { listSpam } from "#app/models/suspected-spam.server.ts";
import { badRequest, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { deleteSpamForGood, restoreSpam } from "#app/services/spam.server.ts";
import type { Route } from "./+types/spam";

const spamPageSize = 25;

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Spam") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const requested = Number(params.get("page") ?? "1");
  const page = Number.isInteger(requested) && requested > 0 && requested < 100_000 ? requested : 1;
  const { rows, total } = await listSpam(getApp(context).database.db, {
    limit: spamPageSize,
    offset: (page - 1) * spamPageSize,
  });
  return data(
    {
      confirmDelete: params.get("delete"),
      page,
      total,
      pageCount: Math.max(1, Math.ceil(total / spamPageSize)),
      items: rows.map((row) => ({
        id: row.id,
        reason: row.reason as SpamReason,
        createdAt: row.createdAt,
        name: [row.fields.first_name, row.fields.last_name].filter(Boolean).join(" "),
        email: row.fields.email ?? "",
        message: row.fields.message ?? "",
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema: spamActionSchema });
  const answer = { form: spamFormId, submission };
  if (submission.status !== "success") {
    if (submission.error?.intent) badRequest("Unknown action");
    return refuse(404, spamMessages.gone, answer);
  }
  const { intent, id } = submission.value;
  if (intent === "delete") {
    const deleted = await auditedChange(database.db, (tx) => deleteSpamForGood(tx, id), {
      actor: session,
      ip,
      event: "spam_deleted",
      detail: { message: id },
    });
    if (!deleted) return refuse(404, spamMessages.gone, answer);
    return redirectWithToast(config, "/admin/spam", { type: "success", message: spamMessages.deleted });
  }
  // the restore and its audit entry in one transaction; a refused restore writes no entry
  const restored = await auditedChange(database.db, (tx) => restoreSpam(tx, id), {
    actor: session,
    ip,
    event: "spam_restored",
    when: (done) => done.ok,
    detail: (done) => ({ submission: done.ok ? done.submissionId : null }),
  });
  if (!restored.ok) return refuse(restored.reason === "gone" ? 404 : 409, restored.message, answer);
  return redirectWithToast(config, `/admin/dashboard?submission=${restored.submissionId}`, {
    type: "success",
    message: spamMessages.restored,
  });
}

type Item = Route.ComponentProps["loaderData"]["items"][number];

const columns: readonly Column<Item>[] = [
  {
    header: "Sender",
    primary: true,
    cell: (item) => (
      <>
        <span className="block break-words">{item.name || "(no name)"}</span>
        <span className="block text-sm font-normal break-all text-zinc-400">{item.email || "(no email)"}</span>
      </>
    ),
    className: "md:max-w-56",
  },
  { header: "Reason", cell: (item) => spamReasonLabels[item.reason] ?? item.reason },
  {
    header: "Received",
    lowPriority: true,
    cell: (item) => formatDateTime(new Date(item.createdAt)),
    className: "md:whitespace-nowrap",
  },
  {
    header: "Message",
    cell: (item) => <span className="line-clamp-4 whitespace-pre-wrap break-words">{item.message || "—"}</span>,
    className: "md:max-w-72",
  },
];

export default function Spam({ loaderData }: Route.ComponentProps) {
  const { items, page, pageCount, total, confirmDelete } = loaderData;
  const failure = useActionData<typeof action>();
  const pageHref = page > 1 ? `/admin/spam?page=${page}` : "/admin/spam";
  const deleting = items.find((item) => item.id === confirmDelete);
  return (
    <ListPage
      title="Spam"
      description="Messages that looked automated. They are kept 30 days: restore a real one to the inbox, or delete it for good."
      filters={<FailureNotice failure={failure} form={spamFormId} />}
      listTitle={{ id: "spam-list-title", text: "Suspected spam", hidden: true }}
      list={{ rows: items, page, pageCount, total }}
      pageSize={spamPageSize}
      pageHref={(target) => `/admin/spam?page=${target}`}
      after={
        deleting ? (
          <ConfirmDialog
            title="Delete for good?"
            description={`The message from ${deleting.name || deleting.email || "an unknown sender"} will be deleted and cannot be restored.`}
            closeHref={pageHref}
            intent="delete"
            fields={{ id: deleting.id }}
            confirm="Delete for good"
            pendingLabel="Deleting..."
          />
        ) : null
      }
    >
      <DataTable
        label="Suspected spam"
        columns={columns}
        rows={items}
        rowKey={(item) => item.id}
        rowAttributes={(item) => ({ "data-spam-row": item.id })}
        empty="No suspected spam."
        actions={(item) => (
          <>
            <RowActionForm intent="restore" fields={{ id: item.id }} className={rowActionClass} data-row-action>
              Restore
            </RowActionForm>
            <Link
              to={`/admin/spam?${new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), delete: item.id })}`}
              preventScrollReset
              className={rowActionClass}
              data-row-action
            >
              Delete for good
            </Link>
          </>
        )}
      />
    </ListPage>
  );
}
