/** Password hashing (argon2id) and verification. */
import { hash, verify } from "@node-rs/argon2";
import { newToken } from "./tokens.server.ts";

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (the library's defaults, written out).
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

let dummyHash: Promise<string> | undefined;

/** Verifies; with no stored hash, does the same work against a dummy so timing tells nothing. */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(newToken());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

export class PasswordPolicyError extends Error {}
