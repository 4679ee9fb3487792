/**
 * `npm start` runs this first: builds when build/ is missing or older than the
 * sources, so a fresh clone needs only `npm install && npm start`. The build's own
 * output (one line per chunk) is kept back: one line says the build is done, and the
 * whole output is shown only when the build fails.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const output = path.join(root, "build", "server", "index.js");
const sources = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

export type QuietRun = { ok: boolean; line: string; output: string };

/** Runs a command with its output held back; answers one line for the log, and the output. */
export function runQuietly(command: string, args: string[], label: string): Promise<QuietRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", (error) =>
      resolve({ ok: false, line: `${label} could not start: ${error.message}`, output: "" }),
    );
    child.on("close", (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(chunks).toString("utf8");
      resolve(
        code === 0
          ? { ok: true, line: `${label} done in ${seconds} s`, output: text }
          : { ok: false, line: `${label} failed (exit code ${code}) after ${seconds} s`, output: text },
      );
    });
  });
}

if (import.meta.main) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((source) => newest(path.join(root, source))));
  if (builtAt < changedAt) {
    const label = builtAt ? "Sources changed since the last build: build" : "First run: build";
    const result = await runQuietly("npx", ["react-router", "build"], label);
    if (!result.ok) process.stderr.write(result.output);
    console.warn(result.line);
    process.exit(result.ok ? 0 : 1);
  }
}
