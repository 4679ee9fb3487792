/**
 * The back office's one list component. Columns are declared once; each row is rendered once, as
 * a row of a real `<table>` (column headers, a caption), and CSS alone turns the rows into stacked
 * cards below 768 px: the primary column is the card's title, every other cell shows its column's
 * name beside the value (from its `data-label`), and the row actions sit at the card's foot. From
 * 768 px it is a table whose Actions column stays pinned to the right edge when the table is wider
 * than its box, so the way to a record is never scrolled away. Row actions are always visible.
 * The styles are in app/app.css (`.data-table`), so a cell's markup is its value and its label.
 */
import type { ReactNode } from "react";
import { EmptyState } from "#app/components/admin/list.tsx";
import { buttonClass, cx } from "#app/components/admin/ui.tsx";

export type Column<Row> = {
  /** The column header, also the label beside the value on a card. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** The card's title on a narrow screen (one column per table). */
  primary?: boolean;
  /**
   * A column of less weight: left out of the table between 768 and 1280 px (cards still show it).
   * Every column is in the table from 1280 px, so a laptop shows every column.
   */
  lowPriority?: boolean;
  /**
   * Long text on one line, cut with an ellipsis at the column's width (a `md:max-w-*` in `className`);
   * the full value is the cell's tooltip, and hovering or focusing the row wraps it in place.
   */
  truncate?: boolean;
  /** Right-aligned in the table (amounts). */
  numeric?: boolean;
  /** Extra classes for the column's cells, e.g. a width from 768 px (`md:max-w-44`). */
  className?: string;
};

/** The look of a row action (a link or button marked `data-row-action`): quiet in the table, outlined on a card. */
export const rowActionClass = buttonClass("ghost", { size: "sm", className: "row-action" });

export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowAttributes,
  actions,
  empty,
}: {
  /** What the table lists (its caption, read by screen readers). */
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Attributes of a row's `<tr>`, e.g. `{ "data-invoice-row": row.id }` for tests and live updates. */
  rowAttributes?: (row: Row) => Record<`data-${string}`, string>;
  /** The row's actions (links and buttons marked `data-row-action`), in the last column. */
  actions?: (row: Row) => ReactNode;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
}) {
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  // the classes a column's cells carry: its own, and those that hide a low-priority column at medium widths
  const classes = columns.map(
    (column) =>
      cx(
        column.lowPriority && "md:max-xl:hidden",
        column.numeric && "md:text-right",
        column.truncate && "cell-truncate",
        column.className,
      ) || undefined,
  );
  return (
    <div className="md:overflow-x-auto md:rounded-lg md:border md:border-zinc-800">
      <table className="data-table">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={column.header} scope="col" className={classes[index]}>
                {column.header}
              </th>
            ))}
            {actions ? (
              <th scope="col" className="data-actions">
                Actions
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowAttributes?.(row)}>
              {columns.map((column, index) => {
                const content = column.cell(row);
                const title = column.truncate && typeof content === "string" ? content : undefined;
                return column.primary ? (
                  <td key={column.header} data-primary="" className={classes[index]} title={title}>
                    {content}
                  </td>
                ) : (
                  <td key={column.header} data-label={column.header} className={classes[index]} title={title}>
                    {content}
                  </td>
                );
              })}
              {actions ? (
                <td className="data-actions">
                  <div>{actions(row)}</div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
