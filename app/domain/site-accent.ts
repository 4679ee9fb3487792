/**
 * The site's accent colour, the owner's choice over the design's green (ADR 0059's site texts table, block
 * "accent"). The site draws text in it on its dark backgrounds and black text on it, so a colour is taken only
 * when both read at WCAG AA (4.5:1) against the darkest and the lightest of those backgrounds. Pure: no I/O.
 */
import { z } from "zod";

/** The block of `site_texts` that holds it (not one of the texts: its own form). */
export const accentBlock = "accent";

/** The accent form's id on the site texts page (the route and its page chunk share it). */
export const accentFormId = "site-accent";

/** The design's accent (app.css's oklch(0.78 0.17 152)) as the form shows it before the owner picks one. */
export const defaultAccentHex = "#34d399";

export const accentIntentSchema = z.object({ intent: z.enum(["accent-save", "accent-reset"]) });

const hexPattern = /^#[0-9a-f]{6}$/;

export const accentMessages = {
  format: "Please enter a colour as # and six hexadecimal digits, like #34d399",
  saved: "Accent colour saved",
  reset: "Back to the default accent colour",
} as const;

/** The backgrounds the accent meets: black, zinc-950 and zinc-900 (cards, fields). */
const backgrounds = ["#000000", "#09090b", "#18181b"];
const minimumContrast = 4.5;

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG's contrast ratio of two colours (#rrggbb), 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Why a colour cannot be the accent, or null when it can. */
export function accentProblem(hex: string): string | null {
  const lowest = Math.min(...backgrounds.map((background) => contrastRatio(hex, background)));
  if (lowest >= minimumContrast) return null;
  return `Choose a lighter colour: text in it must stay readable on the site's dark background (contrast ${(
    Math.floor(lowest * 10) / 10
  ).toFixed(1)}:1, at least ${minimumContrast}:1)`;
}

/** The accent form: a colour the site can use, lower-cased. */
export const accentFormSchema = z.object({
  accent: z
    .string(accentMessages.format)
    .trim()
    .toLowerCase()
    .regex(hexPattern, accentMessages.format)
    .superRefine((value, context) => {
      const problem = accentProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
});

/** The saved accent among the site texts' rows, or null (the design's own). */
export function accentFrom(rows: readonly { block: string; fields: unknown }[]): string | null {
  const row = rows.find((candidate) => candidate.block === accentBlock);
  const value = (row?.fields as { accent?: unknown } | undefined)?.accent;
  return typeof value === "string" && hexPattern.test(value) && !accentProblem(value) ? value : null;
}
