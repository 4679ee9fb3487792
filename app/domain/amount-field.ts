/**
 * The one amount field: how every form reads a number a person typed (amounts, quantities, tax
 * rates, percentages), through money.ts `readTypedNumber`. A comma only ever separates thousands
 * ("1,000.00"); one that could be the cents' separator ("10,00") is refused with
 * `ambiguousSeparatorMessage` on the field, never read as thousands. Apart from `validation.ts` so the
 * public inquiry form's script (which uses `validation.ts`) does not carry the money module.
 */
import * as z from "zod/mini";
import type * as core from "zod/v4/core";
import {
  ambiguousSeparatorMessage,
  centsToDecimal,
  maxMoneyCents,
  parseScaled,
  readTypedNumber,
  tooLargeMessage,
} from "#app/domain/money.ts";

/**
 * A typed number in hundredths, handed to `inner` (a `z.number()` with the field's bounds and
 * messages). Blank becomes `blank`, what is not a number `invalid` (each `undefined` unless given,
 * which `inner` then refuses or accepts as its own rule says); an ambiguous separator is refused
 * with `ambiguousSeparatorMessage` before `inner` runs.
 */
export function typedHundredths<T extends core.$ZodType<unknown, number | undefined>>(
  inner: T,
  fallback: { blank?: number; invalid?: number } = {},
) {
  return z.pipe(
    z.transform((value: unknown, ctx): number | undefined => {
      const read = readTypedNumber(value);
      if (read.kind === "number") return read.hundredths;
      if (read.kind === "ambiguous") {
        ctx.issues.push({ code: "custom", message: ambiguousSeparatorMessage, input: value });
        return z.NEVER;
      }
      return read.kind === "blank" ? fallback.blank : fallback.invalid;
    }),
    inner,
  );
}

/**
 * A non-negative amount typed in a number field, as the forms treat them: blank or
 * unparsable becomes `fallback` (0 in the invoice editor, undefined elsewhere), an ambiguous
 * separator is refused (`typedHundredths`), negatives are refused, and so is anything beyond `max`
 * hundredths once rounded to the cent (by default what numeric(12,2) holds, `maxMoneyCents`). The
 * result is the amount as a plain decimal ("1,000.5" is "1000.50"), for `money.ts` to turn into exact cents.
 */
export function amountText(options: { fallback?: string; label: string; max?: number }) {
  const max = options.max ?? maxMoneyCents;
  return z.pipe(
    z.transform((value: unknown, ctx) => {
      const read = readTypedNumber(value);
      if (read.kind === "ambiguous") {
        ctx.issues.push({ code: "custom", message: ambiguousSeparatorMessage, input: value });
        return z.NEVER;
      }
      return read.kind === "number" ? centsToDecimal(read.hundredths) : options.fallback;
    }),
    z.optional(
      z.string().check(
        z.refine((text) => !text.startsWith("-"), {
          error: `${options.label} must be 0 or more`,
        }),
        // rounded as it will be stored: 9999999999.999 is 10000000000.00, too large
        z.refine((text) => Math.abs(parseScaled(text, 2) ?? Number.MAX_SAFE_INTEGER) <= max, {
          error: tooLargeMessage(max),
        }),
      ),
    ),
  );
}
