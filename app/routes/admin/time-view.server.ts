/**
 * What the time pages (routes/admin/time.tsx, projects/time.tsx) show of the running timer and of an
 * entry's start, read the same way on both (ADR 0058).
 */
import { formatMomentIn, wallClockIn } from "#app/domain/dates.ts";
import type { EntryStanding } from "#app/domain/time-tracking.ts";
import type { runningTimer } from "#app/models/time-entries.server.ts";

type Running = NonNullable<Awaited<ReturnType<typeof runningTimer>>>;

/** The timer card's data: its project, phase, note and start, with the server's now for the running time. */
export function timerView(timer: Running | null, timeZone: string, now: Date, today: string) {
  if (!timer) return null;
  return {
    id: timer.id,
    projectId: timer.projectId,
    projectName: timer.projectName,
    phaseName: timer.phaseName,
    note: timer.note,
    startedAt: timer.startedAt.toISOString(),
    startedLabel: formatMomentIn(timer.startedAt, timeZone),
    now: now.toISOString(),
    today,
  };
}

/** An entry as the time pages' list and its edit dialog show it (components/admin/time-forms.tsx `EntryRow`). */
export function entryRowView(
  entry: {
    id: string;
    projectId: string;
    phaseId: string | null;
    phaseName: string | null;
    workDate: string;
    minutes: number | null;
    startedAt: Date | null;
    note: string | null;
    billable: boolean;
    version: number;
    standing: EntryStanding;
    invoiceId: string | null;
    invoiceNumber: string | null;
    personName?: string;
  },
  timeZone: string,
) {
  return {
    id: entry.id,
    projectId: entry.projectId,
    personName: entry.personName,
    phaseId: entry.phaseId,
    phaseName: entry.phaseName,
    workDate: entry.workDate,
    minutes: entry.minutes ?? 0,
    startedAt: entry.startedAt?.toISOString() ?? null,
    startClock: entry.startedAt ? clockOf(entry.startedAt, timeZone) : null,
    note: entry.note,
    billable: entry.billable,
    version: entry.version,
    standing: entry.standing,
    invoiceId: entry.invoiceId,
    invoiceNumber: entry.invoiceNumber,
  };
}

/** "09:30": an entry's start on the studio's clock, for the edit form's time field. */
function clockOf(moment: Date, timeZone: string): string {
  const minutes = wallClockIn(moment, timeZone).minutes;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
