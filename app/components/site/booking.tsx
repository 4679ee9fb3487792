import type { ReactNode } from "react";
import type { SlotPickerView } from "#app/domain/booking.ts";

export const siteFieldClass =
  "mt-1.5 block w-full rounded-lg border border-white/15 bg-zinc-950 px-3.5 py-2.5 text-base text-zinc-100 placeholder:text-zinc-500 focus:border-[var(--color-accent)] focus:outline-none aria-[invalid=true]:border-red-400";

const dayLinkClass =
  "block rounded-xl border px-3 py-2 text-sm transition-colors hover:border-[var(--color-accent)] focus-visible:outline-2 focus-visible:outline-[var(--color-accent)]";

/** The visitor's zone: a plain GET form (a select of every zone), so it works without JavaScript. */
export function ZoneForm({ zone, zones, path, day }: { zone: string; zones: string[]; path: string; day?: string }) {
  return (
    <form method="get" action={path} className="flex flex-wrap items-end gap-3">
      {day ? <input type="hidden" name="day" value={day} /> : null}
      <div className="min-w-0 flex-1">
        <label htmlFor="tz" className="block text-sm font-medium text-zinc-200">
          Times shown in
        </label>
        <select id="tz" name="tz" defaultValue={zone} className={`${siteFieldClass} h-11.5`}>
          {zones.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="min-h-11.5 rounded-full border border-white/25 px-5 font-semibold text-white hover:border-white"
      >
        Show times
      </button>
    </form>
  );
}

/**
 * The days (links: a plain GET) and the chosen day's times as radio buttons in a fieldset. The
 * radios belong to the form around them (booking or rescheduling).
 */
export function DayLinks({ view, path }: { view: SlotPickerView; path: string }) {
  if (view.days.length === 0) return null;
  return (
    <nav aria-label="Days with free times">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
        {view.days.map((entry) => {
          const current = entry.day === view.selected?.day;
          const query = new URLSearchParams({ day: entry.day, tz: view.zone });
          return (
            <li key={entry.day}>
              <a
                href={`${path}?${query.toString()}`}
                aria-current={current ? "date" : undefined}
                className={`${dayLinkClass} ${
                  current
                    ? "border-[var(--color-accent)] bg-zinc-900 text-white"
                    : "border-white/10 bg-zinc-950 text-zinc-200"
                }`}
              >
                <span className="block font-semibold">{entry.label}</span>
                <span className="block text-zinc-400">
                  {entry.count} {entry.count === 1 ? "time" : "times"}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function SlotChoices({ view, error }: { view: SlotPickerView; error?: string }) {
  if (!view.selected) return null;
  return (
    <fieldset aria-describedby={error ? "slot-error" : undefined}>
      <legend className="text-lg font-semibold text-white">Times on {view.selected.label}</legend>
      <p className="mt-1 text-sm text-zinc-400">
        In {view.zone}
        {view.zone === view.studioZone
          ? " (the studio's time zone)"
          : `; the studio's time (${view.studioZone}) in brackets`}
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {view.selected.slots.map((slot, index) => (
          <li key={slot.value}>
            <input type="radio" name="slot" id={`slot-${index}`} value={slot.value} required className="peer sr-only" />
            <label
              htmlFor={`slot-${index}`}
              className="block cursor-pointer rounded-xl border border-white/15 px-3 py-2.5 text-center text-zinc-100 peer-checked:border-[var(--color-accent)] peer-checked:bg-[var(--color-accent)] peer-checked:text-black peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-[var(--color-accent)]"
            >
              {slot.time}
              {slot.studioTime ? <span className="block text-xs opacity-80">({slot.studioTime})</span> : null}
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p id="slot-error" className="mt-2 text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function Notice({ children, tone = "info" }: { children: ReactNode; tone?: "info" | "error" }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-2xl border p-5 ${
        tone === "error"
          ? "border-red-400/60 bg-red-950/40 text-red-100"
          : "border-emerald-400/50 bg-emerald-950/30 text-zinc-100"
      }`}
    >
      {children}
    </div>
  );
}
