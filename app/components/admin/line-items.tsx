/**
 * The line items of a document editor (an invoice or estimate; each package and add-on of a
 * proposal): description, quantity, unit price, the computed total and a remove button, as a table
 * on wide screens and stacked on a phone; then the list's own error. The labels name each line
 * (`lineName(2)` -> "line 2" or "package 1 line 2"), so a screen reader and a test find every field.
 * The totals come from the editor (the money module's one calculation on the typed lines). An
 * invoice's deduction line (ADR 0043) has no quantity: the earlier document it takes off, its amount,
 * and its total below zero.
 */
import type { FieldMetadata } from "@conform-to/react";
import type { ComponentProps } from "react";
import {
  ListError,
  MoneyField,
  NumberField,
  SelectField,
  type SelectOption,
  TextField,
} from "#app/components/admin/form.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import type { EditorLine } from "#app/domain/invoice-form.ts";
import { limits } from "#app/domain/limits.ts";
import { formatMoney } from "#app/domain/money.ts";

const columns = "md:grid-cols-[minmax(0,1fr)_6.5rem_8rem_7rem_2.5rem]";

export function LineItemRows<Values extends Record<string, unknown>>({
  field,
  lineTotals,
  lineName,
  removeLabel,
  removeButton,
  deductions,
}: {
  field: FieldMetadata<EditorLine[], Values, string[]>;
  /** each line's total in cents, by index */
  lineTotals: readonly number[];
  lineName: (n: number) => string;
  removeLabel: (n: number) => string;
  /** the form's remove button for the line at `index` (Conform's `form.remove.getButtonProps`) */
  removeButton: (index: number) => ComponentProps<"button">;
  /** an invoice's deduction lines: the documents they can take off, and what picking one does */
  deductions?: { options: readonly SelectOption[]; onPick: (index: number, documentId: string) => void };
}) {
  const lines = field.getFieldList();
  return (
    <>
      <div
        aria-hidden
        className={`hidden gap-3 text-xs font-medium tracking-wide text-zinc-400 uppercase md:grid ${columns}`}
      >
        <span>Description</span>
        <span>Quantity</span>
        <span>Unit Price</span>
        <span className="text-right">Total</span>
        <span />
      </div>
      <ol className="flex flex-col gap-3">
        {lines.map((line, index) => {
          const item = line.getFieldset();
          const n = index + 1;
          // a line's kind never changes: as posted, or (a closed document's disabled fields post nothing) as loaded
          const deduction = deductions !== undefined && (item.kind?.value ?? item.kind?.initialValue) === "deduction";
          const remove =
            lines.length > 1 ? (
              <button
                {...removeButton(index)}
                className={buttonClass("ghost", { size: "icon", className: "text-zinc-400 hover:text-red-300" })}
                aria-label={removeLabel(n)}
              >
                <Icon name="trash-2" aria-hidden className="size-4" />
              </button>
            ) : null;
          if (deduction && item.deducted_id) {
            return (
              <li
                key={line.key}
                data-line={index}
                data-deduction-line
                className={`grid grid-cols-2 gap-x-3 border-b border-zinc-800 pb-3 ${columns} md:items-start md:border-0 md:pb-0`}
              >
                <input type="hidden" name={item.kind.name} value="deduction" />
                <input type="hidden" name={item.quantity.name} value="1" />
                <div className="col-span-2 md:col-span-2">
                  <TextField
                    key={item.description.key}
                    meta={item.description}
                    label={<span className="md:sr-only">Description, {lineName(n)}</span>}
                    maxLength={limits.lineDescription}
                    placeholder="Less deposit INV-0001"
                  />
                  <SelectField
                    key={item.deducted_id.key}
                    meta={item.deducted_id}
                    label={
                      <>
                        Deducts<span className="sr-only">, {lineName(n)}</span>
                      </>
                    }
                    placeholder="Choose an earlier invoice or credit note"
                    options={deductions.options}
                    onChange={(event) => deductions.onPick(index, event.target.value)}
                  />
                </div>
                <MoneyField
                  key={item.unit_price.key}
                  meta={item.unit_price}
                  label={<span className="md:sr-only">Amount, {lineName(n)}</span>}
                />
                <p className="flex h-10 items-center justify-end text-sm text-zinc-100 tabular-nums" data-line-total>
                  <span className="mr-auto text-xs text-zinc-400 md:sr-only">Total</span>
                  {formatMoney(lineTotals[index] ?? 0)}
                </p>
                <div className="col-span-2 flex h-10 items-center justify-end md:col-span-1">{remove}</div>
              </li>
            );
          }
          return (
            <li
              key={line.key}
              data-line={index}
              className={`grid grid-cols-2 gap-x-3 border-b border-zinc-800 pb-3 ${columns} md:items-start md:border-0 md:pb-0`}
            >
              <TextField
                key={item.description.key}
                meta={item.description}
                label={<span className="md:sr-only">Description, {lineName(n)}</span>}
                maxLength={limits.lineDescription}
                placeholder="Description"
                className="col-span-2 md:col-span-1"
              />
              <NumberField
                key={item.quantity.key}
                meta={item.quantity}
                label={<span className="md:sr-only">Quantity, {lineName(n)}</span>}
                min={0}
                step={0.01}
              />
              <MoneyField
                key={item.unit_price.key}
                meta={item.unit_price}
                label={<span className="md:sr-only">Unit price, {lineName(n)}</span>}
              />
              <p className="flex h-10 items-center justify-end text-sm text-zinc-100 tabular-nums" data-line-total>
                <span className="mr-auto text-xs text-zinc-400 md:sr-only">Total</span>
                {formatMoney(lineTotals[index] ?? 0)}
              </p>
              <div className="flex h-10 items-center justify-end">{remove}</div>
            </li>
          );
        })}
      </ol>
      <ListError meta={field} />
    </>
  );
}
