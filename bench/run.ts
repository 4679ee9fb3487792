/**
 * `npm run bench`: runs every benchmark in bench/ (or the ones named:
 * `npm run bench -- contact`). Builds first when the build is stale.
 * Figures go into docs/benchmarks.md by hand, with the machine and date.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

const here = import.meta.dirname;
const root = path.resolve(here, "..");
const all = readdirSync(here)
  .filter((file) => file.endsWith(".ts") && file !== "run.ts")
  .map((file) => file.replace(/\.ts$/, ""))
  .sort();
const chosen = process.argv.slice(2).filter((name) => !name.startsWith("-"));
const names = chosen.length ? chosen : all;

const build = spawnSync(process.execPath, ["scripts/ensure-build.ts"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

let failed = false;
for (const name of names) {
  const file = path.join(here, `${name}.ts`);
  if (!existsSync(file)) {
    console.error(`no benchmark named ${name} (have: ${all.join(", ")})`);
    process.exit(2);
  }
  console.warn(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, [file], { cwd: root, stdio: "inherit", env: process.env });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
