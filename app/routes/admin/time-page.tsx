/** The page of `time.tsx`, a chunk loaded on demand (its forms, Conform and their schemas). */
import { PageHeader } from "#app/components/admin/list.tsx";
import { EditEntryDialog, EntryTable, LogTimeForm, TimerCard } from "#app/components/admin/time-forms.tsx";
import type { Route } from "./+types/time";

export function TimePage({ loaderData, actionData }: Route.ComponentProps) {
  const { timer, choices, entries, editing, today } = loaderData;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader title="Time" description="Your timer and the time you logged" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <TimerCard timer={timer} choices={choices} failure={actionData} />
        {/* a logged entry (a new id in the list) starts a blank form; a refusal keeps what was typed */}
        <LogTimeForm
          key={entries.map((entry) => entry.id).join()}
          choices={choices}
          today={today}
          failure={actionData}
        />
      </div>
      <section aria-labelledby="my-entries" className="flex flex-col gap-3">
        <h2 id="my-entries" className="text-lg font-semibold">
          Your recent time
        </h2>
        <EntryTable
          label="Your recent time entries"
          entries={entries}
          editHref={(entry) => `/admin/time?edit=${entry.id}`}
          returnTo="/admin/time"
          show={{ project: true }}
        />
      </section>
      {editing ? (
        <EditEntryDialog entry={editing} choices={choices} failure={actionData} closeHref="/admin/time" />
      ) : null}
    </div>
  );
}
