/**
 * A report's period and grouping: From and To dates and its choices (By, Touch...), a plain GET form that works
 * without JavaScript (the profit and sources reports).
 */
import { Form } from "react-router";
import { inputClass } from "#app/components/admin/form-buttons.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";

export type ReportChoice = {
  /** the query parameter */
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
};

export function ReportPeriodForm({
  action,
  from,
  to,
  choices,
}: {
  action: string;
  from: string;
  to: string;
  choices: readonly ReportChoice[];
}) {
  return (
    <Form method="get" action={action} className="flex flex-wrap items-end gap-3" aria-label="Period and grouping">
      <label className="flex flex-col gap-1 text-sm text-zinc-200">
        From
        <input type="date" name="from" defaultValue={from} key={`from-${from}`} className={inputClass()} />
      </label>
      <label className="flex flex-col gap-1 text-sm text-zinc-200">
        To
        <input type="date" name="to" defaultValue={to} key={`to-${to}`} className={inputClass()} />
      </label>
      {choices.map((choice) => (
        <label key={choice.name} className="flex flex-col gap-1 text-sm text-zinc-200">
          {choice.label}
          <select
            name={choice.name}
            defaultValue={choice.value}
            key={`${choice.name}-${choice.value}`}
            className={inputClass()}
          >
            {choice.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      <button type="submit" className={buttonClass("secondary")}>
        Show
      </button>
    </Form>
  );
}
