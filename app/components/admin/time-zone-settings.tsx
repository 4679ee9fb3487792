/**
 * The studio's time zone, its own section of /admin/settings (posts `intent=time-zone`, answered by
 * `timeZoneAction`): a select grouped by region (`<optgroup>`), which works on its own without
 * JavaScript; once hydrated, a filter above it narrows the list to the zones matching what is typed
 * (the chosen zone always stays in it).
 */
import { useState } from "react";
import { AdminForm, FormError, SelectField, useAdminForm } from "#app/components/admin/form.tsx";
import { type ActionFailure, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { Card, cx } from "#app/components/admin/ui.tsx";
import { filterTimeZoneGroups, type TimeZoneGroup } from "#app/domain/dates.ts";
import { timeZoneSettingsSchema } from "#app/domain/invoice-settings.ts";
import { useHydrated } from "./use-hydrated.ts";

export const timeZoneFormId = "time-zone";

export function TimeZoneSettings({
  timeZone,
  groups,
  failure,
}: {
  timeZone: string;
  groups: TimeZoneGroup[];
  /** the settings action's answer, when it was for this form (intent time-zone) */
  failure?: ActionFailure | null;
}) {
  const hydrated = useHydrated();
  const [query, setQuery] = useState("");
  const [chosen, setChosen] = useState(timeZone);
  const [form, fields] = useAdminForm({
    id: timeZoneFormId,
    schema: timeZoneSettingsSchema,
    failure,
    defaultValue: { time_zone: timeZone },
  });
  const shown = filterTimeZoneGroups(groups, query, chosen);
  // the zones that match (the chosen one, kept in the list, counts only when it matches too)
  const count = filterTimeZoneGroups(groups, query).reduce((sum, group) => sum + group.zones.length, 0);
  return (
    <Card id="time-zone-title" title="Time Zone" bodyClassName="flex flex-col gap-2 p-5">
      <AdminForm form={form} className="flex flex-col gap-2">
        <FormError form={form} />
        {hydrated ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor="time-zone-filter" className="text-sm font-medium text-zinc-200">
              Find a time zone
            </label>
            <input
              id="time-zone-filter"
              type="search"
              autoComplete="off"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="City or region, e.g. Berlin"
              aria-describedby="time-zone-filter-count"
              className={cx(
                "h-10 w-full rounded-md border border-zinc-700 bg-zinc-950 px-3 text-sm text-zinc-100",
                "placeholder:text-zinc-500 focus:border-zinc-400 focus:outline-none",
              )}
            />
            <p id="time-zone-filter-count" className="text-xs text-zinc-400" aria-live="polite">
              {query.trim() ? `${count} matching ${count === 1 ? "time zone" : "time zones"}` : ""}
            </p>
          </div>
        ) : null}
        <SelectField
          meta={fields.time_zone}
          label="Time Zone"
          description="Invoices become overdue after their due date in this time zone; bookings are offered in it."
          options={[]}
          groups={shown.map((group) => ({ label: group.region, options: group.zones }))}
          onChange={(event) => setChosen(event.target.value)}
        />
        <div>
          <SubmitButton intent="time-zone">Save Time Zone</SubmitButton>
        </div>
      </AdminForm>
    </Card>
  );
}
