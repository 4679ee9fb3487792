/**
 * Reads `.env` (in the working directory) into `process.env` with Node's own
 * `process.loadEnvFile`, before the configuration is read. Variables already set
 * in the environment win over the file. `ENV_FILE` names another file, or `none`
 * to read no file (the tests' servers and scripts do, so a developer's `.env`
 * never reaches them). Returns the path of the file read, if any.
 */
import { existsSync } from "node:fs";
import path from "node:path";

export function loadEnvFile(): string | undefined {
  const name = process.env.ENV_FILE || ".env";
  if (name === "none") return undefined;
  const file = path.resolve(name);
  if (!existsSync(file)) {
    if (process.env.ENV_FILE) throw new Error(`ENV_FILE points to ${file}, which does not exist.`);
    return undefined;
  }
  process.loadEnvFile(file);
  return file;
}

/** loadEnvFile for entry points: a bad ENV_FILE stops the process with one line. */
export function loadEnvFileOrExit(): void {
  try {
    loadEnvFile();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
