/**
 * Creates the first admin, or any account:
 *   npm run admin:create -- --email you@studio.test --password '…'   create or promote an admin
 *   npm run admin:create -- --email staff@studio.test --no-admin      a user without the admin role
 * Missing values are asked for when a terminal is attached. An existing account keeps its
 * password unless --password is given (a new one ends its sessions); roles are never removed.
 * Uses DATABASE_URL when set (any time), else the embedded database in DATA_DIR (stop the
 * server first: one process per data directory).
 */

import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "#app/config.server.ts";
import { DataDirInUseError, openAppDatabase } from "#app/db/client.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { resetRequestSchema } from "#app/domain/auth-schemas.ts";
import { newPasswordProblem } from "#app/domain/password-policy.ts";
import { createOrUpdateAccount } from "#app/services/auth/accounts.server.ts";
import { PasswordPolicyError } from "#app/services/auth/passwords.server.ts";
import { loadEnvFileOrExit } from "../server/env-file.ts";

loadEnvFileOrExit();

const usage = "usage: npm run admin:create -- --email you@studio.test [--password '…'] [--no-admin]";

let args: { email?: string; password?: string; "no-admin"?: boolean; help?: boolean };
try {
  args = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "no-admin": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  }).values;
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  process.exit(2);
}
if (args.help) {
  console.warn(usage);
  process.exit(0);
}

const interactive = Boolean(process.stdin.isTTY && process.stderr.isTTY);

function ask(question: string, hidden = false): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    if (hidden) {
      // echo nothing while the password is typed
      const output = rl as unknown as { _writeToOutput: (text: string) => void };
      output._writeToOutput = (text: string) => {
        if (text.includes(question)) process.stderr.write(question);
      };
    }
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stderr.write("\n");
      resolve(answer);
    });
  });
}

let email = args.email;
if (!email && interactive) email = await ask("Email: ");
const parsedEmail = resetRequestSchema.shape.email.safeParse(email ?? "");
if (!parsedEmail.success) {
  console.error(email ? `Invalid email address: ${email}` : `--email is required.\n${usage}`);
  process.exit(2);
}

let password = args.password;
if (password === undefined && interactive) {
  for (;;) {
    const first = await ask("Password (leave empty to keep an existing account's password): ", true);
    if (first === "") break;
    const problem = newPasswordProblem(first);
    if (problem) {
      console.error(problem);
      continue;
    }
    if ((await ask("Repeat the password: ", true)) !== first) {
      console.error("Passwords don't match");
      continue;
    }
    password = first;
    break;
  }
}

const admin = !args["no-admin"];
try {
  const config = loadConfig();
  const database = await openAppDatabase(config);
  try {
    await migrate(database);
    const result = await createOrUpdateAccount(database.db, { email: parsedEmail.data, password, admin });
    const who = parsedEmail.data.toLowerCase();
    const what = result.created ? "Created" : "Updated";
    const role = result.isAdmin ? "an admin" : "a user without the admin role";
    const passwordNote = !result.created && result.passwordSet ? " (new password; its sessions were ended)" : "";
    console.warn(`${what} ${who}: ${role}${passwordNote}.`);
    if (!admin && result.isAdmin) console.warn("Note: the account already was an admin; --no-admin removes no role.");
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof PasswordPolicyError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
