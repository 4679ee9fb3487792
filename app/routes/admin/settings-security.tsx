/**
 * /admin/settings/security: the signed-in admin's active sessions (browser, address, started, last
 * seen; this one marked) with Sign out for one, for all others, or for all: the spec's local,
 * others and global scopes (issue 15). Plain POST forms: all of it works without JavaScript.
 */
import { LogOut } from "lucide-react";
import { data, Form, redirect } from "react-router";
import { formatDateTime } from "#app/components/admin/format.ts";
import { PageHeader } from "#app/components/admin/list.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { describeUserAgent } from "#app/domain/user-agent.ts";
import { deleteSessionOfUser, listUserSessions } from "#app/models/sessions.server.ts";
import { redirectWithToast } from "#app/services/action-result.server.ts";
import { auditAction } from "#app/services/audit.server.ts";
import { sessionClearCookie } from "#app/services/auth/sessions.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/settings-security";

export const meta: Route.MetaFunction = () => [{ title: "Security | Studio back office" }];

const page = "/admin/settings/security";

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context);
  const rows = await listUserSessions(getApp(context).database.db, session.userId);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      current: row.id === session.sessionId,
      browser: describeUserAgent(row.userAgent),
      ipAddress: row.ipAddress,
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const form = await request.formData();
  const id = String(form.get("session_id") ?? "");
  if (!/^[0-9a-f]{64}$/.test(id)) throw data("Session not found", { status: 404 });
  const ended = await deleteSessionOfUser(database.db, session.userId, id);
  if (!ended) throw data("Session not found", { status: 404 });
  await auditAction(database.db, session, ip, "session_revoked", { current: id === session.sessionId });
  if (id === session.sessionId) {
    return redirect("/admin/login", { headers: { "Set-Cookie": await sessionClearCookie(config) } });
  }
  return redirectWithToast(config, page, { type: "success", message: "The session is signed out" });
}

export default function SettingsSecurity({ loaderData }: Route.ComponentProps) {
  const { sessions } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader title="Security" description="Where you are signed in. Sign out any session you do not recognise." />
      <section aria-labelledby="sessions-title" className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-4">
        <h2 id="sessions-title" className="text-base font-semibold">
          Active sessions
        </h2>
        <ul className="mt-2 flex flex-col divide-y divide-zinc-800">
          {sessions.map((row) => (
            <li key={row.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-zinc-100">
                  {row.browser}
                  {row.current ? (
                    <span className="ml-2 rounded bg-emerald-950 px-1.5 py-0.5 text-xs text-emerald-200">
                      This session
                    </span>
                  ) : null}
                </p>
                <p className="text-xs break-words text-zinc-400">
                  {row.ipAddress ?? "Unknown address"} · started {formatDateTime(new Date(row.createdAt))} · last seen{" "}
                  {formatDateTime(new Date(row.lastSeenAt))}
                </p>
              </div>
              <Form method="post" action={page}>
                <input type="hidden" name="session_id" value={row.id} />
                <button
                  type="submit"
                  className={buttonClass("secondary", undefined, "sm")}
                  aria-label={
                    row.current
                      ? "Sign out this session"
                      : `Sign out ${row.browser}, last seen ${formatDateTime(new Date(row.lastSeenAt))}`
                  }
                  data-row-action
                >
                  <LogOut aria-hidden className="size-4" />
                  Sign out
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <div className="mt-3 flex flex-wrap gap-2 border-t border-zinc-800 pt-3">
          <Form method="post" action="/admin/logout">
            <input type="hidden" name="scope" value="others" />
            <button type="submit" className={buttonClass("secondary", undefined, "sm")} disabled={sessions.length < 2}>
              Sign out all other sessions
            </button>
          </Form>
          <Form method="post" action="/admin/logout">
            <input type="hidden" name="scope" value="global" />
            <button type="submit" className={buttonClass("secondary", undefined, "sm")}>
              Sign out everywhere
            </button>
          </Form>
        </div>
      </section>
    </div>
  );
}
