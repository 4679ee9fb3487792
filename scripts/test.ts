/**
 * `npm test`: lint, typecheck, build, unit + integration tests, end-to-end tests.
 *
 * Lint, the type check, the build and the unit and integration tests run at the same time (each waits on
 * nothing); then the end-to-end tests, which need the build, alone on the machine. Running the unit and
 * integration tests beside the end-to-end ones made both slower on two cores (845 s instead of about 140 s
 * for the first) and let a test's own time limit fail under the other's load; beside the three short steps
 * they only share the first minute. A step's
 * output is printed whole when it ends, so steps never interleave; the end-to-end tests, the longest,
 * print as they go. `TEST_STEPS_IN_SEQUENCE=1` runs lint, typecheck and build one after the other too.
 * Every step runs; the command fails if any step failed. The last lines give each step's time, name
 * every failed test (file and title) and count the tests: "N passed, N failed".
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const reports = mkdtempSync(path.join(tmpdir(), "studio-test-"));
const inSequence = process.env.TEST_STEPS_IN_SEQUENCE === "1";
const started = performance.now();
const failedSteps: string[] = [];
const durations: string[] = [];
let passed = 0;
let failed = 0;
const failedTests: string[] = [];

type JsonReport = {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: { name: string; message?: string; assertionResults?: { fullName: string; status: string }[] }[];
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs one command; `live` prints its output as it comes, otherwise all of it once it ends. */
function step(name: string, command: string, args: string[], options: { live?: boolean } = {}): Promise<boolean> {
  const live = options.live || inSequence;
  const begun = performance.now();
  console.warn(`\n▶ ${name}: ${command} ${args.join(" ")} (at ${seconds(begun - started)})`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: process.env,
      stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("close", (code) => {
      const took = performance.now() - begun;
      if (!live) {
        console.warn(`\n▼ ${name} (${seconds(took)}):`);
        process.stderr.write(Buffer.concat(output));
      }
      durations.push(`${name} ${seconds(took)}`);
      if (code !== 0) failedSteps.push(name);
      resolve(code === 0);
    });
  });
}

async function vitest(name: string, projects: string[], options: { live?: boolean } = {}) {
  const report = path.join(reports, `${name.replaceAll(" ", "-")}.json`);
  const ok = await step(
    name,
    "npx",
    [
      "vitest",
      "run",
      ...projects.flatMap((project) => ["--project", project]),
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ],
    options,
  );
  try {
    const json = JSON.parse(readFileSync(report, "utf8")) as JsonReport;
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    for (const file of json.testResults ?? []) {
      const where = path.relative(root, file.name);
      const failures = (file.assertionResults ?? []).filter((test) => test.status === "failed");
      for (const test of failures) failedTests.push(`${where} > ${test.fullName}`);
      // a file that failed outside its tests (an import, a hook): its message names it
      if (failures.length === 0 && file.message) failedTests.push(`${where}: ${file.message.split("\n")[0]}`);
    }
  } catch {
    if (!ok) failed += 1;
  }
}

/** Runs the tasks at once, or one after the other with TEST_STEPS_IN_SEQUENCE=1. */
async function together<T>(tasks: (() => Promise<T>)[]): Promise<T[]> {
  if (!inSequence) return Promise.all(tasks.map((task) => task()));
  const results: T[] = [];
  for (const task of tasks) results.push(await task());
  return results;
}

console.warn(
  `Integration databases: PGlite${process.env.TEST_DATABASE_URL ? " and PostgreSQL (TEST_DATABASE_URL)" : " only (set TEST_DATABASE_URL to add PostgreSQL)"}`,
);
// Biome, the layer rules (dependency-cruiser) and knip: the same command as `npm run lint`; the unit and
// integration tests beside them (they need neither the build nor the types, and the three are mostly one core each)
const [, , built] = await together([
  () => step("lint", "npm", ["run", "--silent", "lint"]),
  async () =>
    (await step("typegen", "npx", ["react-router", "typegen"])) && step("typecheck", "npx", ["tsc", "--noEmit"]),
  () => step("build", "npx", ["react-router", "build"]),
  async () => {
    await vitest("unit and integration", ["unit", "integration", "integration-isolated"]);
    return true;
  },
]);
if (built) await vitest("end-to-end", ["e2e"], { live: true });
else failedSteps.push("end-to-end (not run: the build failed)");

rmSync(reports, { recursive: true, force: true });
console.warn(`\nDurations: ${durations.join(", ")}; total ${seconds(performance.now() - started)}`);
console.warn(
  `\nDatabases: PGlite${process.env.TEST_DATABASE_URL ? ", PostgreSQL" : ""}. ${failedSteps.length ? `Failed steps: ${failedSteps.join(", ")}` : "All steps passed."}`,
);
if (failedTests.length) console.warn(`\nFailed tests:\n${failedTests.map((test) => `  ${test}`).join("\n")}`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failedSteps.length || failed ? 1 : 0);
