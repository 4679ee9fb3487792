/**
 * The amount field of the back office's forms, apart from `validation.ts` so the public inquiry form's
 * script (which uses `validation.ts`) does not carry the money module.
 */
import * as z from "zod/mini";
import { maxMoneyCents, parseScaled, tooLargeMessage } from "#app/domain/money.ts";

/**
 * A non-negative amount typed in a number field, as the spec's forms treat them: blank or
 * unparsable becomes `fallback` (0 in the invoice editor, undefined elsewhere), negatives are
 * refused, and so is anything beyond `max` hundredths once rounded to the cent (by default what
 * numeric(12,2) holds, `maxMoneyCents`). The result is the text as typed (trimmed), for `money.ts`
 * to turn into exact cents.
 */
export function amountText(options: { fallback?: string; label: string; max?: number }) {
  const max = options.max ?? maxMoneyCents;
  return z.pipe(
    z.transform((value: unknown) => {
      const text =
        typeof value === "string" ? value.trim() : value === undefined || value === null ? "" : String(value);
      if (text === "" || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return options.fallback;
      return text;
    }),
    z.optional(
      z.string().check(
        z.refine((text) => !text.startsWith("-") || Number(text) === 0, {
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
