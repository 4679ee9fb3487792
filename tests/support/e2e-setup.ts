/**
 * Global set-up of the end-to-end project: makes the data directory with the test accounts once per
 * run (two runs of the real `admin:create` CLI), which `dataDirWithAccounts()` then copies for each
 * server instead of running the CLI again. Removed when the run ends.
 */
import { rmSync } from "node:fs";
import { accountsTemplateVariable, buildAccountsDataDir } from "./accounts.ts";

export default function setup() {
  const dataDir = buildAccountsDataDir();
  // the test workers are started after this and inherit the environment
  process.env[accountsTemplateVariable] = dataDir;
  return () => {
    delete process.env[accountsTemplateVariable];
    rmSync(dataDir, { recursive: true, force: true });
  };
}
