/**
 * /admin/time: the signed-in person's time (ADR 0058). The timer (kept on the server: it survives
 * reloads, other tabs and restarts; a long one asks to be confirmed or corrected when stopped), logging
 * time on a project or phase, and the person's recent entries with Edit (?edit={id}) and Delete while
 * unbilled. The header's Stop posts here and goes back to its page.
 */
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { todayIn } from "#app/domain/dates.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { entryStanding } from "#app/domain/time-tracking.ts";
import { studioTimeZone } from "#app/models/business-settings.server.ts";
import { recentEntries, runningTimer, workChoices } from "#app/models/time-entries.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/time";
import type { AdminHandle } from "./layout.tsx";
import { timeAction } from "./time-actions.server.ts";
import { entryRowView, timerView } from "./time-view.server.ts";

export const handle: AdminHandle = { liveTables: ["time_entries", "projects"] };

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Time") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context);
  const { database } = getApp(context);
  const [timer, choices, entries, timeZone] = await Promise.all([
    runningTimer(database.db, session.userId),
    workChoices(database.db),
    recentEntries(database.db, session.userId),
    studioTimeZone(database.db),
  ]);
  const now = new Date();
  const today = todayIn(timeZone, now);
  const rows = entries.map((entry) => ({
    ...entryRowView(
      { ...entry, standing: entryStanding(entry.invoiceStatus ? { status: entry.invoiceStatus } : null) },
      timeZone,
    ),
    projectName: entry.projectName,
  }));
  const editId = parseUuid(new URL(request.url).searchParams.get("edit"));
  return {
    timer: timerView(timer, timeZone, now, today),
    choices,
    entries: rows,
    editing: rows.find((row) => row.id === editId && row.standing === "unbilled") ?? null,
    today,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const formData = await request.formData();
  return timeAction({ context, session, formData, page: "/admin/time" });
}

// The page (its forms, Conform and their schemas) loads as a chunk of its own.
const TimePage = splitComponent(() => import("./time-page.tsx").then((module) => module.TimePage));

export default function TimeRoute(props: Route.ComponentProps) {
  return <TimePage {...props} />;
}
