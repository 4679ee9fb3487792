/**
 * /admin/notices (ADR 0041): what asks for the owner's attention, newest first (a disputed online
 * payment, one that could not be recorded), each with where to act on it. The header shows the
 * unread count; here the owner marks one read, or all of them. Admin-only through the layout's guard.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useActionData } from "react-router";
import { Badge } from "#app/components/admin/badge.tsx";
import { type Column, DataTable, rowActionClass } from "#app/components/admin/data-table.tsx";
import { FailureNotice, RowActionForm } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { noticeFormSchema } from "#app/domain/owner-notice-form.ts";
import { noticeKindLabel, noticeMessages, noticesPath } from "#app/domain/owner-notices.ts";
import { listOwnerNotices, markAllNoticesRead, markNoticeRead } from "#app/models/owner-notices.server.ts";
import { badRequest, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/notices";
import type { AdminHandle } from "./layout.tsx";

const formId = "notices";

export const handle: AdminHandle = { liveTables: ["owner_notices"] };

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Notices") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const notices = await listOwnerNotices(getApp(context).database.db);
  return {
    notices: notices.map((notice) => ({
      id: notice.id,
      kind: noticeKindLabel(notice.kind),
      message: notice.message,
      link: notice.link,
      createdAt: notice.createdAt.toISOString(),
      read: notice.readAt !== null,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const { config, database } = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema: noticeFormSchema });
  if (submission.status !== "success") {
    if (submission.error?.intent) badRequest("Unknown action");
    return refuse(404, noticeMessages.notFound, { form: formId, submission });
  }
  if (submission.value.intent === "read-all") {
    await markAllNoticesRead(database.db);
    return redirectWithToast(config, noticesPath, { type: "success", message: noticeMessages.allMarkedRead });
  }
  // a notice read meanwhile (another tab, another owner) is no failure: the page shows it read
  if (!(await markNoticeRead(database.db, submission.value.notice_id))) {
    return refuse(404, noticeMessages.notFound, { form: formId, submission });
  }
  return redirectWithToast(config, noticesPath, { type: "success", message: noticeMessages.markedRead });
}

type Notice = Route.ComponentProps["loaderData"]["notices"][number];

const columns: readonly Column<Notice>[] = [
  {
    header: "Notice",
    primary: true,
    cell: (notice) => (
      <>
        <span className="block text-xs font-normal text-zinc-400">{notice.kind}</span>
        <span className={notice.read ? "block break-words font-normal text-zinc-300" : "block break-words"}>
          {notice.message}
        </span>
      </>
    ),
    className: "md:max-w-xl",
  },
  {
    header: "Received",
    lowPriority: true,
    cell: (notice) => formatDateTime(new Date(notice.createdAt)),
    className: "md:whitespace-nowrap",
  },
  {
    header: "Status",
    cell: (notice) => (notice.read ? <Badge tone="zinc">Read</Badge> : <Badge tone="amber">Unread</Badge>),
  },
];

export default function Notices({ loaderData }: Route.ComponentProps) {
  const { notices } = loaderData;
  const failure = useActionData<typeof action>();
  const unread = notices.filter((notice) => !notice.read).length;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <PageHeader
        title={noticeMessages.title}
        description="What needs your attention: disputed online payments, and payments that could not be recorded."
      >
        {unread > 0 ? (
          <RowActionForm intent="read-all" fields={{}} className={buttonClass("secondary")}>
            Mark all read
          </RowActionForm>
        ) : null}
      </PageHeader>
      <FailureNotice failure={failure} form={formId} />
      <DataTable
        label={noticeMessages.title}
        columns={columns}
        rows={notices}
        rowKey={(notice) => notice.id}
        rowAttributes={(notice) => ({ "data-notice": notice.id, "data-read": String(notice.read) })}
        empty={noticeMessages.empty}
        actions={(notice) => (
          <>
            {notice.link ? (
              <Link
                to={notice.link}
                className={rowActionClass}
                data-row-action
                aria-label={`Open: ${notice.message.slice(0, 80)}`}
              >
                Open
              </Link>
            ) : null}
            {notice.read ? null : (
              <RowActionForm
                intent="read"
                fields={{ notice_id: notice.id }}
                className={rowActionClass}
                data-row-action
                aria-label={`Mark read: ${notice.message.slice(0, 80)}`}
              >
                Mark read
              </RowActionForm>
            )}
          </>
        )}
      />
    </div>
  );
}
