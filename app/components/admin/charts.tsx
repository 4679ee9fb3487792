/**
 * Charts as plain SVG (no chart library: nothing added to the bundle). Each chart is an image
 * with a title and a one-sentence summary for screen readers, and a "Show data" table with every
 * number, so nothing is only in the picture. The SVG scales with its container (viewBox).
 */
import { type ReactNode, useId } from "react";
import { niceMax } from "#app/domain/reports.ts";

export type Bar = { key: string; label: string; value: number };
export type Series = { key: string; label: string; className: string };
export type StackedBar = { key: string; label: string; values: Record<string, number> };

const width = 640;
const height = 220;
/** room for the axis's labels ("$12.5K", "1000"): text anchored at its right end never starts left of 0 */
const left = 72;
const right = 24;
const plotWidth = width - left - right;
const bottom = 28;
const top = 8;
const plotHeight = height - top - bottom;

function Axis({ max, format }: { max: number; format: (value: number) => string }) {
  return (
    <g>
      {[0, 0.5, 1].map((share) => {
        const y = top + plotHeight * (1 - share);
        return (
          <g key={share}>
            <line x1={left} x2={left + plotWidth} y1={y} y2={y} className="stroke-zinc-800" strokeWidth={1} />
            <text x={left - 6} y={y + 4} textAnchor="end" className="fill-zinc-400 text-[13px]">
              {format(max * share)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

function XLabels({ labels, every }: { labels: string[]; every: number }) {
  const step = plotWidth / labels.length;
  return (
    <g>
      {labels.map((label, index) =>
        index % every === every - 1 || labels.length <= every ? (
          <text
            // biome-ignore lint/suspicious/noArrayIndexKey: labels are positional
            key={index}
            x={left + step * index + step / 2}
            y={height - 8}
            textAnchor="middle"
            className="fill-zinc-400 text-[13px]"
          >
            {label}
          </text>
        ) : null,
      )}
    </g>
  );
}

function ChartFrame({
  title,
  summary,
  children,
  table,
  legend,
}: {
  title: string;
  summary: string;
  children: ReactNode;
  table: ReactNode;
  legend?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0 rounded-lg border border-zinc-800 bg-zinc-900/40 p-4">
      <h2 id={`${id}-title`} className="text-sm font-semibold text-zinc-100">
        {title}
      </h2>
      <p id={`${id}-summary`} className="mt-1 text-xs text-zinc-400">
        {summary}
      </p>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-summary`}
        className="mt-3 h-auto w-full"
        preserveAspectRatio="xMidYMid meet"
      >
        <title>{title}</title>
        {children}
      </svg>
      {legend}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-zinc-300 hover:text-zinc-50">Show data</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard */}
        <section className="mt-2 max-h-72 overflow-auto" tabIndex={0} aria-label={`${title}: data`}>
          {table}
        </section>
      </details>
    </section>
  );
}

const cell = "px-2 py-1 text-left font-normal";
const numberCell = "px-2 py-1 text-right tabular-nums";

/** One series of bars (revenue per month, views per day). */
export function BarChart({
  title,
  summary,
  bars,
  format,
  axisFormat,
  valueHeading,
  labelEvery = 1,
  barClassName = "fill-sky-400",
  minimumMax = 2,
}: {
  title: string;
  summary: string;
  bars: Bar[];
  format: (value: number) => string;
  /** the axis's labels, when `format` is too long for them (money: "$12.5K"); `format` by default */
  axisFormat?: (value: number) => string;
  valueHeading: string;
  labelEvery?: number;
  barClassName?: string;
  /** the axis goes at least this high, so an empty chart's ticks stay whole */
  minimumMax?: number;
}) {
  const max = niceMax(Math.max(minimumMax, ...bars.map((bar) => bar.value)));
  const step = plotWidth / Math.max(1, bars.length);
  return (
    <ChartFrame
      title={title}
      summary={summary}
      table={
        <table className="w-full text-xs">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="text-zinc-400">
              <th scope="col" className={cell}>
                Period
              </th>
              <th scope="col" className={numberCell}>
                {valueHeading}
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.key} className="border-t border-zinc-800">
                <th scope="row" className={cell}>
                  {bar.label}
                </th>
                <td className={numberCell}>{format(bar.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <Axis max={max} format={axisFormat ?? format} />
      {bars.map((bar, index) => {
        const barHeight = (bar.value / max) * plotHeight;
        return (
          <rect
            key={bar.key}
            x={left + step * index + step * 0.15}
            y={top + plotHeight - barHeight}
            width={step * 0.7}
            height={barHeight}
            rx={2}
            className={barClassName}
          >
            <title>{`${bar.label}: ${format(bar.value)}`}</title>
          </rect>
        );
      })}
      <XLabels labels={bars.map((bar) => bar.label)} every={labelEvery} />
    </ChartFrame>
  );
}

/** Bars stacked by series (submissions per week by project type), with a legend. */
export function StackedBarChart({
  title,
  summary,
  bars,
  series,
  labelEvery = 1,
}: {
  title: string;
  summary: string;
  bars: StackedBar[];
  series: Series[];
  labelEvery?: number;
}) {
  const totals = bars.map((bar) => series.reduce((sum, s) => sum + (bar.values[s.key] ?? 0), 0));
  const max = niceMax(Math.max(2, ...totals));
  const step = plotWidth / Math.max(1, bars.length);
  const format = (value: number) => String(Math.round(value));
  return (
    <ChartFrame
      title={title}
      summary={summary}
      legend={<Legend series={series} />}
      table={
        <table className="w-full text-xs">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="text-zinc-400">
              <th scope="col" className={cell}>
                Week of
              </th>
              {series.map((s) => (
                <th key={s.key} scope="col" className={numberCell}>
                  {s.label}
                </th>
              ))}
              <th scope="col" className={numberCell}>
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar, index) => (
              <tr key={bar.key} className="border-t border-zinc-800">
                <th scope="row" className={cell}>
                  {bar.label}
                </th>
                {series.map((s) => (
                  <td key={s.key} className={numberCell}>
                    {bar.values[s.key] ?? 0}
                  </td>
                ))}
                <td className={numberCell}>{totals[index]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <Axis max={max} format={format} />
      {bars.map((bar, index) => {
        let offset = 0;
        return (
          <g key={bar.key}>
            {series.map((s) => {
              const value = bar.values[s.key] ?? 0;
              if (value === 0) return null;
              const segment = (value / max) * plotHeight;
              offset += segment;
              return (
                <rect
                  key={s.key}
                  x={left + step * index + step * 0.15}
                  y={top + plotHeight - offset}
                  width={step * 0.7}
                  height={segment}
                  className={s.className}
                >
                  <title>{`${bar.label}, ${s.label}: ${value}`}</title>
                </rect>
              );
            })}
          </g>
        );
      })}
      <XLabels labels={bars.map((bar) => bar.label)} every={labelEvery} />
    </ChartFrame>
  );
}

/** The legend of a stacked chart: colour swatches with their labels. */
function Legend({ series }: { series: Series[] }) {
  return (
    <ul aria-label="Legend" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-300">
      {series.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <svg aria-hidden="true" viewBox="0 0 10 10" className="size-2.5">
            <rect width="10" height="10" rx="2" className={s.className} />
          </svg>
          {s.label}
        </li>
      ))}
    </ul>
  );
}
