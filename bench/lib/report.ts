/**
 * One result format for every benchmark: each script appends rows to
 * bench/results/<name>.json (not committed); `npm run bench` (bench/run.ts) reads them,
 * prints one table with the goal beside each figure and writes it to docs/benchmarks.md.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export type Row = {
  /** the benchmark's area, e.g. "lists", "public pages" */
  area: string;
  /** what was measured, e.g. "customers: first page p95 (PostgreSQL)" */
  metric: string;
  value: number;
  unit: string;
  /** the goal in words, e.g. "< 50" (same unit), or "" when there is none */
  goal?: string;
  /** true/false when the figure is checked against the goal */
  pass?: boolean;
  /** a short remark: the number of queries, bytes, the comparison figure... */
  note?: string;
};

const resultsDir = path.resolve(import.meta.dirname, "../results");

export function resultFile(name: string): string {
  return path.join(resultsDir, `${name}.json`);
}

/** Replaces the benchmark's result file with these rows. */
export function writeRows(name: string, rows: Row[]): void {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(resultFile(name), `${JSON.stringify({ name, at: new Date().toISOString(), rows }, null, 2)}\n`);
}

export function readRows(name: string): Row[] {
  try {
    return (JSON.parse(readFileSync(resultFile(name), "utf8")) as { rows: Row[] }).rows;
  } catch {
    return [];
  }
}

/** Rows for "less than" goals: value < limit passes. */
export function under(area: string, metric: string, value: number, unit: string, limit: number, note?: string): Row {
  return { area, metric, value, unit, goal: `< ${limit}`, pass: value < limit, note };
}

/** Rows for "at least" goals: value >= limit passes. */
export function atLeast(area: string, metric: string, value: number, unit: string, limit: number, note?: string): Row {
  return { area, metric, value, unit, goal: `>= ${limit}`, pass: value >= limit, note };
}

export function info(area: string, metric: string, value: number, unit: string, note?: string): Row {
  return { area, metric, value, unit, note };
}

/** Percentile of already sorted numbers (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Resident set size of a process in MB (Linux /proc), NaN elsewhere. */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
  } catch {
    return Number.NaN;
  }
}
