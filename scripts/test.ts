/**
 * `npm test`: lint, typecheck, build, unit + integration tests, end-to-end tests.
 * Every step runs; the command fails if any step failed. The last line counts
 * the tests: "N passed, N failed".
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const reports = mkdtempSync(path.join(tmpdir(), "studio-test-"));
const failedSteps: string[] = [];
let passed = 0;
let failed = 0;
const durations: string[] = [];

function step(name: string, command: string, args: string[]) {
  console.warn(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: process.env });
  durations.push(`${name} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

function vitest(name: string, projects: string[]) {
  const report = path.join(reports, `${name}.json`);
  const ok = step(name, "npx", [
    "vitest",
    "run",
    ...projects.flatMap((project) => ["--project", project]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ]);
  try {
    const json = JSON.parse(readFileSync(report, "utf8")) as { numPassedTests: number; numFailedTests: number };
    passed += json.numPassedTests;
    failed += json.numFailedTests;
  } catch {
    if (!ok) failed += 1;
  }
}

console.warn(
  `Integration databases: PGlite${process.env.TEST_DATABASE_URL ? " and PostgreSQL (TEST_DATABASE_URL)" : " only (set TEST_DATABASE_URL to add PostgreSQL)"}`,
);
// Biome, the layer rules (dependency-cruiser) and knip: the same command as `npm run lint`
step("lint", "npm", ["run", "--silent", "lint"]);
step("typegen", "npx", ["react-router", "typegen"]) && step("typecheck", "npx", ["tsc", "--noEmit"]);
const built = step("build", "npx", ["react-router", "build"]);
vitest("unit and integration", ["unit", "integration", "integration-isolated"]);
if (built) vitest("end-to-end", ["e2e"]);
else failedSteps.push("end-to-end (not run: the build failed)");

rmSync(reports, { recursive: true, force: true });
console.warn(`\nDurations: ${durations.join(", ")}; total ${(performance.now() / 1000).toFixed(1)} s`);
console.warn(
  `\nDatabases: PGlite${process.env.TEST_DATABASE_URL ? ", PostgreSQL" : ""}. ${failedSteps.length ? `Failed steps: ${failedSteps.join(", ")}` : "All steps passed."}`,
);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failedSteps.length || failed ? 1 : 0);
