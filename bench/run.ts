/**
 * `npm run bench`: builds when the build is stale, runs every benchmark (or the ones named:
 * `npm run bench -- public-pages contact`) against the production build, then prints one table
 * with the goal beside each figure and writes it, with the machine it ran on, to
 * docs/benchmarks.md (between the "latest run" markers). Each benchmark writes its rows to
 * bench/results/<name>.json (bench/lib/report.ts); the table shows the newest rows of every
 * benchmark on disk, with the time each was measured; the written table keeps the rows of areas not
 * measured now (bench/lib/latest-table.ts). `--no-write` leaves docs/benchmarks.md alone.
 *
 * PostgreSQL figures need TEST_DATABASE_URL (a server where the benchmarks may create and drop
 * their own databases).
 */
import { execSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { mergeLatestTable } from "./lib/latest-table.ts";
import { type Row, readRows, resultFile } from "./lib/report.ts";

const here = import.meta.dirname;
const root = path.resolve(here, "..");
/** In the order they run; the first ones are quick. */
const all = [
  "bundle",
  "memory",
  "public-pages",
  "contact",
  "pdf",
  "lists",
  "client-pages",
  "time",
  "automations",
  "scale-out",
  "live-updates",
  "payment-events",
  "files",
  "lighthouse",
];
const chosen = process.argv.slice(2).filter((name) => !name.startsWith("-"));
const names = chosen.length ? chosen : all;
const unknown = names.filter((name) => !all.includes(name));
if (unknown.length) {
  console.error(`no benchmark named ${unknown.join(", ")} (have: ${all.join(", ")})`);
  process.exit(2);
}

const build = spawnSync(process.execPath, ["scripts/ensure-build.ts"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const loadBefore = os.loadavg()[0] ?? 0;
const failed: string[] = [];
for (const name of names) {
  console.warn(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, [path.join(here, `${name}.ts`)], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) failed.push(name);
}
const loadAfter = os.loadavg()[0] ?? 0;

type Measured = Row & { benchmark: string; at: string };
const rows: Measured[] = all.flatMap((name) => {
  if (!existsSync(resultFile(name))) return [];
  const at = (JSON.parse(readFileSync(resultFile(name), "utf8")) as { at: string }).at;
  return readRows(name).map((row) => ({ ...row, benchmark: name, at }));
});

const figure = (row: Row) =>
  `${Number.isInteger(row.value) ? row.value : row.value.toFixed(row.value < 10 ? 2 : 1)} ${row.unit}`.trim();
const verdict = (row: Row) => (row.pass === undefined ? "" : row.pass ? "met" : "MISSED");
console.table(
  rows.map((row) => ({
    area: row.area,
    metric: row.metric,
    figure: figure(row),
    goal: row.goal ?? "",
    "": verdict(row),
  })),
);

const cpus = os.cpus();
const machine = [
  `${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"})`,
  `${Math.round(os.totalmem() / 2 ** 30)} GiB memory`,
  `Node ${process.version}`,
  `${os.type()} ${os.release()}`,
  `load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after`,
].join(", ");
let commit = "";
try {
  commit = execSync("git rev-parse --short HEAD", { cwd: root, encoding: "utf8" }).trim();
} catch {
  // not a git checkout
}
const cell = (text: string) => text.replaceAll("|", "\\|");
const header = [
  `Run of ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC${commit ? ` at commit ${commit}` : ""}${chosen.length ? ` (${names.join(", ")}; the other rows from earlier runs, each with the time it was measured)` : ""}; ${machine}.`,
  "",
  "| area | measured | figure | goal | | note | measured at |",
  "| --- | --- | --- | --- | --- | --- | --- |",
];
const lines = rows.map(
  (row) =>
    `| ${cell(row.area)} | ${cell(row.metric)} | ${cell(figure(row))} | ${cell(row.goal ?? "")} | ${verdict(row)} | ${cell(row.note ?? "")} | ${row.at.slice(0, 16).replace("T", " ")} |`,
);

if (!process.argv.includes("--no-write")) {
  const docs = path.join(root, "docs/benchmarks.md");
  const start = "<!-- bench:latest:start -->";
  const end = "<!-- bench:latest:end -->";
  const text = readFileSync(docs, "utf8");
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) {
    console.error(`docs/benchmarks.md has no ${start} ... ${end} block; the table was not written`);
    process.exit(1);
  }
  const table = mergeLatestTable(text.slice(from + start.length, to), header, lines);
  writeFileSync(docs, `${text.slice(0, from + start.length)}\n${table}\n${text.slice(to)}`);
  console.warn(`\nWritten to docs/benchmarks.md (${rows.length} figures measured now, the others kept).`);
}
if (failed.length) {
  console.error(`Exited with an error (or a figure over its goal): ${failed.join(", ")}`);
  process.exit(1);
}
