/**
 * /admin/dashboard: Contact Forms. The inbox itself (table, search, detail dialog) is a later
 * issue; this page shows the status chosen in the sidebar and the counts.
 */
import { Link, useRouteLoaderData } from "react-router";
import { cx } from "#app/components/admin/ui.tsx";
import { type SubmissionStatus, submissionStatuses } from "#app/domain/enums.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/dashboard";
import type { loader as layoutLoader } from "./layout.tsx";

const labels: Record<SubmissionStatus, string> = {
  new: "New",
  "in-progress": "In Progress",
  completed: "Completed",
  archived: "Archived",
};

export const meta: Route.MetaFunction = () => [{ title: "Contact Forms | Studio back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const requested = new URL(request.url).searchParams.get("status");
  const status = submissionStatuses.find((value) => value === requested) ?? "new";
  return { status };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const counts = useRouteLoaderData<typeof layoutLoader>("routes/admin/layout")?.counts;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Contact Forms</h1>
        <p className="mt-1 text-sm text-zinc-400">Inquiries sent through the website's contact form.</p>
      </div>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {submissionStatuses.map((status) => (
          <li key={status}>
            <Link
              to={`?status=${status}`}
              aria-current={loaderData.status === status ? "true" : undefined}
              className={cx(
                "flex flex-col gap-1 rounded-lg border p-4 hover:border-zinc-600",
                loaderData.status === status ? "border-[var(--color-accent)] bg-zinc-900" : "border-zinc-800",
              )}
            >
              <span className="text-sm text-zinc-400">{labels[status]}</span>
              <span className="font-mono text-2xl tabular-nums">{counts?.[status] ?? 0}</span>
            </Link>
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="inbox-title"
        className="rounded-lg border border-dashed border-zinc-800 p-8 text-center text-sm text-zinc-400"
      >
        <h2 id="inbox-title" className="text-base font-medium text-zinc-200">
          {labels[loaderData.status]} submissions
        </h2>
        <p className="mt-2">The submissions inbox arrives with the leads release.</p>
      </section>
    </div>
  );
}
