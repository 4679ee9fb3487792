/**
 * Accounts for end-to-end tests, made with the real CLI (`npm run admin:create`) against a
 * data directory before the server starts (PGlite allows one process per directory).
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { projectRoot } from "./server.ts";

export const adminAccount = { email: "owner@studio.test", password: "plum tree orbit 42" };
export const staffAccount = { email: "staff@studio.test", password: "staff member passphrase" };

export function createAccount(
  dataDir: string,
  account: { email: string; password: string },
  options: { admin?: boolean; env?: Record<string, string> } = {},
): string {
  const args = ["scripts/admin-create.ts", "--email", account.email, "--password", account.password];
  if (options.admin === false) args.push("--no-admin");
  const result = spawnSync(process.execPath, args, {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ENV_FILE: "none",
      DATA_DIR: dataDir,
      ...options.env,
    },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`admin:create failed (${result.status}): ${result.stderr}`);
  return result.stderr;
}

/** Set by the e2e project's global set-up: a data directory made once per run by `buildAccountsDataDir`. */
export const accountsTemplateVariable = "STUDIO_E2E_ACCOUNTS_DATA_DIR";

/** Makes a data directory holding an admin and a staff member, with the real CLI (a few seconds). */
export function buildAccountsDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), "studio-e2e-auth-"));
  createAccount(dataDir, adminAccount);
  createAccount(dataDir, staffAccount, { admin: false });
  return dataDir;
}

/**
 * A fresh data directory holding an admin and a staff member without the admin role: a copy of the
 * run's template when there is one (copying is instant; creating the accounts opens the embedded
 * database twice), else made now.
 */
export function dataDirWithAccounts(): string {
  const template = process.env[accountsTemplateVariable];
  if (!template || !existsSync(template)) return buildAccountsDataDir();
  const dataDir = mkdtempSync(path.join(tmpdir(), "studio-e2e-auth-"));
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/** Signs in over HTTP and returns the session cookie ("name=value"). */
export async function signInCookie(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "signin", ...account }),
  });
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith("studio_session="))
    ?.split(";")[0];
  if (response.status !== 302 || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie;
}
