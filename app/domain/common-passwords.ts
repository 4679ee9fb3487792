/**
 * Common passwords that new passwords may not be: the list of the zxcvbn-ts project
 * (`@zxcvbn-ts/language-common`, ~49,000 passwords ranked by frequency in real breach corpora),
 * imported as JSON data from the package, so it is updated with `npm update` and no generated list
 * lives in this repository (docs/decisions/0008-auth.md).
 */
import passwords from "@zxcvbn-ts/language-common/src/passwords.json" with { type: "json" };

let set: Set<string> | undefined;

function commonSet(): Set<string> {
  set ??= new Set((passwords as string[]).map((password) => password.toLowerCase()));
  return set;
}

/**
 * Whether the password is on the list, whatever its case, or is a listed one with a few digits or
 * symbols added at the end ("letmein!", "dragon2024"), the commonest way people "strengthen" one.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (commonSet().has(lower)) return true;
  const base = lower.replace(/[\d\W_]{1,4}$/u, "");
  return base !== lower && base.length >= 4 && commonSet().has(base);
}

export function commonPasswordCount(): number {
  return commonSet().size;
}
