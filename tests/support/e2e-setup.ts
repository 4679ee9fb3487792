/**
 * Global set-up of the end-to-end project: makes the data directory with the test accounts once per
 * run (two runs of the real `admin:create` CLI), which `dataDirWithAccounts()` then copies for each
 * server instead of running the CLI again; and launches the one Chromium the files share (a launch per
 * file cost about a CPU-second). Both go when the run ends.
 */
import { rmSync } from "node:fs";
import { accountsTemplateVariable, buildAccountsDataDir } from "./accounts.ts";
import { launchSharedBrowser, sharedBrowserVariable } from "./browser.ts";

export default async function setup() {
  const browser = launchSharedBrowser();
  let dataDir: string;
  try {
    dataDir = buildAccountsDataDir();
  } catch (error) {
    // a failed set-up leaves no browser behind
    await (await browser).close();
    throw error;
  }
  // the test workers are started after this and inherit the environment
  process.env[accountsTemplateVariable] = dataDir;
  process.env[sharedBrowserVariable] = (await browser).wsEndpoint();
  return async () => {
    delete process.env[accountsTemplateVariable];
    delete process.env[sharedBrowserVariable];
    await (await browser).close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
