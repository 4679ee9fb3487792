/**
 * The validation rules every form uses, so that an email, an optional text or a website is
 * checked the same way on the public inquiry form and in every back-office form, in the
 * browser and on the server. Written with `zod/mini` (a few kilobytes in the visitor's
 * browser, ADR 0009); its schemas also nest inside classic `zod` objects.
 *
 * Messages are built from `limits.ts`, so a limit and its message cannot drift apart.
 * Field names follow the column names (snake_case) in every form.
 */
import * as z from "zod/mini";
import { isIsoDate } from "#app/domain/dates.ts";
import { limits, tooLong } from "#app/domain/limits.ts";

/** Trims text; blank becomes undefined. Non-strings pass through for the inner schema to judge. */
function blankToUndefined(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** Forms send line breaks as CRLF; a textarea (and its maxlength) counts each as one character. */
export function normaliseLineBreaks(value: string): string {
  return value.replace(/\r\n?/g, "\n");
}

/** An optional field: trimmed, blank becomes undefined, otherwise `inner` decides. */
export function optional<T extends z.ZodMiniType>(inner: T) {
  return z.pipe(z.transform(blankToUndefined), z.optional(inner));
}

/** An optional single-line text of at most `max` characters. */
export function optionalText(max: number, label: string) {
  return optional(z.string().check(z.maxLength(max, tooLong(label, max))));
}

/**
 * An optional multi-line text (notes, descriptions): line breaks kept and counted as one
 * character each, surrounding blank space trimmed, blank becomes undefined.
 */
export function optionalMultilineText(max: number, label: string) {
  return z.pipe(
    z.transform((value: unknown) => (typeof value === "string" ? normaliseLineBreaks(value) : value)),
    optional(z.string().check(z.maxLength(max, tooLong(label, max)))),
  );
}

/** A required text: trimmed, then between 1 and `max` characters. */
export function requiredText(max: number, required: string, tooLongMessage: string) {
  return z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLongMessage));
}

const emailMessages = {
  invalid: "Invalid email address",
  tooLong: tooLong("Email", limits.email),
} as const;

/** The one email rule: trimmed, at most 255 characters, a valid address. */
export function emailAddress(required: string = emailMessages.invalid) {
  return z.pipe(
    z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(limits.email, emailMessages.tooLong)),
    z.email(emailMessages.invalid),
  );
}

const urlMessages = {
  invalid: "Invalid URL format",
  tooLong: "URL must be less than 500 characters",
} as const;

/** Accepts "studio.example" as "https://studio.example". */
function withScheme(value: string): string {
  return /^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`;
}

/** A website address: only http and https, with a dotted host name (or localhost). */
export const httpUrl = z.pipe(
  z.string().check(z.maxLength(limits.url, urlMessages.tooLong)),
  z.pipe(
    z.transform(withScheme),
    z
      .url({ protocol: /^https?$/, hostname: /^[^\s.]+(\.[^\s.]+)+$|^localhost$/, error: urlMessages.invalid })
      .check(z.maxLength(limits.url, urlMessages.tooLong)),
  ),
);

/** An optional website address. */
export const optionalHttpUrl = optional(httpUrl);

const phoneMessages = {
  format: "Invalid phone number format",
  tooShort: "Phone number must be at least 10 digits",
  tooLong: "Phone number must be less than 20 characters",
} as const;

/** The phone rule: digits, spaces, hyphens, parentheses and plus; 10 to 20 characters. */
export const phoneNumber = z
  .string()
  .check(
    z.regex(/^[\d\s\-()+]+$/, phoneMessages.format),
    z.minLength(limits.phoneMin, phoneMessages.tooShort),
    z.maxLength(limits.phoneMax, phoneMessages.tooLong),
  );

export const dateMessages = { invalid: "Please enter a valid date" } as const;

/** An optional date (yyyy-mm-dd); blank becomes undefined. */
export const optionalDate = optional(z.string().check(z.refine(isIsoDate, dateMessages.invalid)));
