/**
 * The site's logo, the owner's image in place of the design's mark (ADR 0061): uploaded on the site texts page
 * through the portfolio's image pipeline (checked by its bytes, re-encoded as WebP, stored under the upload's
 * SHA-256, served immutable from /media/portfolio/), fitted into a square with its transparency kept, at the two
 * sizes the pages draw it (32 px in the header and footer, 64 px on the About page, each at twice its size for
 * sharp screens). The site_texts row "logo" names the upload's hash. Pure: no I/O.
 */
import { z } from "zod";
import { siteMessages } from "#app/domain/site-messages.ts";

/** The block of `site_texts` that holds it (not one of the texts: its own form). */
export const siteLogoBlock = "logo";

/** The logo form's id on the site texts page (the route and its page chunk share it). */
export const siteLogoFormId = "site-logo";

/** The square sizes stored for each upload, in pixels. */
export const siteLogoWidths = [64, 128] as const;

/** Which form of the site texts page posted: the logo's. */
export const siteLogoIntentSchema = z.object({ intent: z.enum(["logo-save", "logo-reset"]) });

/**
 * The logo form: an upload (checked by its bytes on the server: services/portfolio-images.server.ts), or the way
 * back to the design's mark, which needs no file.
 */
export const siteLogoFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("logo-save"),
    logo: z.instanceof(Blob, { error: siteMessages.imageRequired }).refine((file) => file.size > 0, {
      error: siteMessages.imageRequired,
    }),
  }),
  z.object({ intent: z.literal("logo-reset") }),
]);

export const siteLogoMessages = {
  saved: "Site logo saved",
  reset: "Back to the site's own mark",
} as const;

const hashPattern = /^[0-9a-f]{64}$/;

/** The logo as the pages draw it: its two sizes' addresses. */
export type SiteLogo = { small: string; large: string };

/** The address of one size of an uploaded logo (the portfolio's media route serves it). */
function siteLogoPath(hash: string, width: (typeof siteLogoWidths)[number]): string {
  return `/media/portfolio/${hash}-${width}.webp`;
}

function siteLogoOf(hash: string): SiteLogo {
  return { small: siteLogoPath(hash, 64), large: siteLogoPath(hash, 128) };
}

/** The saved logo among the site texts' rows, or null (the design's mark). A malformed row is ignored. */
export function siteLogoFrom(rows: readonly { block: string; fields: unknown }[]): SiteLogo | null {
  const row = rows.find((candidate) => candidate.block === siteLogoBlock);
  const hash = (row?.fields as { image?: unknown } | undefined)?.image;
  return typeof hash === "string" && hashPattern.test(hash) ? siteLogoOf(hash) : null;
}
