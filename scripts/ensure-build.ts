/**
 * `npm start` runs this first: builds when build/ is missing or older than the
 * sources, so a fresh clone needs only `npm install && npm start`.
 */
import { spawnSync } from "node:child_process";
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

const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newest(path.join(root, source))));
if (builtAt < changedAt) {
  console.warn(builtAt ? "Sources changed since the last build: building..." : "No build yet: building...");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  process.exit(result.status ?? 1);
}
