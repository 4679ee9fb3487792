/**
 * The public site's content as the owner edits it: the portfolio item and pricing
 * package forms, the pricing banner's lists, the upload rules for portfolio images, and the
 * contact page's preselection from a call to action (ADR 0020).
 */
import { z } from "zod";
import { caseStudyFields, caseStudyIssues } from "#app/domain/case-studies.ts";
import { formProjectTypes, portfolioCategories } from "#app/domain/enums.ts";
import { serialIdField } from "#app/domain/id-fields.ts";
import { maxSerialId, parseUuid } from "#app/domain/ids.ts";
import { tooLong } from "#app/domain/limits.ts";
import type { Result } from "#app/domain/result.ts";
import { siteLogoWidths } from "#app/domain/site-logo.ts";
import { siteMessages } from "#app/domain/site-messages.ts";
import { httpUrl } from "#app/domain/validation.ts";

type FormProjectType = (typeof formProjectTypes)[number];

const maxPortfolioImageBytes = 5 * 1024 * 1024;
/** The widths served for each uploaded image (800 × 500 is what the page shows; 400 for small screens). */
export const portfolioImageWidths = [400, 800] as const;
export const portfolioImageRatio = 5 / 8;

export type PortfolioImageType = "image/png" | "image/jpeg" | "image/webp";

/** What the bytes are (never the name or the browser's word), or null. */
function sniffPortfolioImage(bytes: Uint8Array): PortfolioImageType | null {
  const at = (offset: number, signature: number[]) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (bytes.length >= 8 && at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (bytes.length >= 3 && at(0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  // RIFF....WEBP
  if (bytes.length >= 12 && at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return "image/webp";
  return null;
}

export function checkPortfolioImage(bytes: Uint8Array): Result<{ type: PortfolioImageType }> {
  if (bytes.length === 0) return { ok: false, message: siteMessages.imageRequired };
  if (bytes.length > maxPortfolioImageBytes) return { ok: false, message: siteMessages.imageRule };
  const type = sniffPortfolioImage(bytes);
  return type ? { ok: true, type } : { ok: false, message: siteMessages.imageRule };
}

/** The public address of an uploaded image at one width. */
export function portfolioImagePath(hash: string, width: number): string {
  return `/media/portfolio/${hash}-${width}.webp`;
}
const mediaFile = /^([0-9a-f]{64})-(\d{2,4})\.webp$/;
/** The widths the media route serves: a portfolio image's, and the site logo's squares (app/domain/site-logo.ts). */
const mediaWidths: readonly number[] = [...portfolioImageWidths, ...siteLogoWidths];
export function parsePortfolioImageFile(file: string | undefined): { hash: string; width: number } | null {
  const match = mediaFile.exec(file ?? "");
  if (!match) return null;
  const width = Number(match[2]);
  return mediaWidths.includes(width) ? { hash: match[1] ?? "", width } : null;
}
/** An uploaded image's smaller width, for srcset; null for the seed's drawings. */
export function smallImagePath(image: string): string | null {
  const match = /^\/media\/portfolio\/([0-9a-f]{64})-800\.webp$/.exec(image);
  return match ? portfolioImagePath(match[1] ?? "", 400) : null;
}

const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());
const required = (max: number, label: string, message: string) =>
  z.string(message).trim().min(1, message).max(max, tooLong(label, max));

export const portfolioItemSchema = z
  .object({
    id: z.coerce.number().int().positive().max(maxSerialId).optional(),
    title: required(200, "Title", siteMessages.titleRequired),
    description: required(2000, "Description", siteMessages.descriptionRequired),
    category: z.enum(portfolioCategories, siteMessages.categoryRequired),
    /** an http(s) address, or a page of this site (the samples' "/portfolio/samples/…") */
    link: z.preprocess(
      (value) => (typeof value === "string" ? value.trim() : value),
      z.union([
        z.string().regex(/^\/[a-z0-9][a-z0-9/-]{0,199}$/),
        z.string(siteMessages.linkRequired).min(1, siteMessages.linkRequired).pipe(httpUrl),
      ]),
    ),
    published: checkbox,
    /** the uploaded file (none: keep the image): checked by its bytes on the server (checkPortfolioImage), not here */
    image: z.instanceof(Blob, { error: siteMessages.imageRule }).optional(),
    // the case study (ADR 0059): with an address, the item has a page of its own
    ...caseStudyFields,
  })
  .superRefine((value, context) => {
    for (const issue of caseStudyIssues(value))
      context.addIssue({ code: "custom", path: [issue.path], message: issue.message });
  });
export type PortfolioItemForm = z.output<typeof portfolioItemSchema>;

/** One item per line: trimmed, blank lines dropped. */
function lines(value: unknown): unknown {
  return typeof value === "string"
    ? value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
    : value;
}
const lineList = (message: string, maxItems = 12) =>
  z.preprocess(
    lines,
    z
      .array(z.string().max(200, tooLong("Each line", 200)), message)
      .min(1, message)
      .max(maxItems, `At most ${maxItems} lines`),
  );

export const pricingPackageSchema = z.object({
  id: z.coerce.number().int().positive().max(maxSerialId),
  name: required(100, "Name", siteMessages.nameRequired),
  price: required(100, "Price", siteMessages.priceRequired),
  description: required(1000, "Description", siteMessages.descriptionRequired),
  features: lineList(siteMessages.featuresRequired),
  cta_label: required(100, "Button label", siteMessages.ctaRequired),
  highlighted: checkbox,
  highlight_label: z.string().trim().max(40, tooLong("Highlight label", 40)).optional(),
  /** the onboarding questionnaire a proposal signed for this package sends when it names none itself */
  questionnaire_id: z.preprocess((value) => parseUuid(value) ?? undefined, z.string().optional()),
});
export type PricingPackageForm = z.output<typeof pricingPackageSchema>;

export const pricingBannerSchema = z.object({
  what_you_get: lineList(siteMessages.listRequired, 8),
  includes: lineList(siteMessages.listRequired, 8),
});

export const packageNotFound = "Package not found";

/** Remove package: the package's own small form. */
const removePackageSchema = z.object({
  intent: z.literal("remove-package"),
  id: serialIdField(packageNotFound),
});

/** Everything the pricing page posts, by the button pressed. */
export const pricingActionSchema = z.discriminatedUnion("intent", [
  pricingPackageSchema.extend({ intent: z.literal("save-package") }),
  z.object({ intent: z.literal("add-package") }),
  removePackageSchema,
  pricingBannerSchema.extend({ intent: z.literal("save-banner") }),
]);

/** The portfolio list's row actions (order, publishing, delete). */
export const portfolioRowActionSchema = z.object({
  intent: z.enum(["move-up", "move-down", "publish", "unpublish", "delete"]),
  id: serialIdField(siteMessages.notFound),
});

/** The banner's texts before the owner edits them. */
export const defaultPricingBanner = {
  whatYouGet: [
    "A branded demo website with business name and colors",
    "A generic layout with example pages Home, About, Services, Contact",
    "A 30-minute strategy session",
    "Functionality recommendations",
  ],
  includes: [
    "Scope and timeline estimate",
    "Technology stack recommendations",
    "Competitive analysis insights",
    "No-pressure pricing options",
  ],
};

// ---------------------------------------------------------------- calls to action

/** /contact?type=consultation, /contact?type=quote&package=Standard: what the contact form starts with. */
export function contactPrefill(params: URLSearchParams): {
  projectType: FormProjectType | null;
  /** the package asked for: its id (or, from an older link, its name); the page looks it up */
  packageRef: string | null;
} {
  const type = params.get("type");
  const projectType = (formProjectTypes as readonly string[]).includes(type ?? "") ? (type as FormProjectType) : null;
  const raw = params.get("package")?.replace(/\s+/g, " ").trim() ?? "";
  const packageRef = raw.length > 0 && raw.length <= 100 ? raw : null;
  return { projectType, packageRef };
}

/**
 * The package a call to action names, among the ones on sale: by id (`/contact?package=2`), or by
 * name for links made before packages were named by id. Anything else names none (ignored).
 */
export function choosePackage<P extends { id: number; name: string }>(
  packages: readonly P[],
  ref: string | null,
): P | null {
  if (!ref) return null;
  const id = /^\d+$/.test(ref) ? Number(ref) : null;
  const wanted = ref.toLowerCase();
  return packages.find((pkg) => pkg.id === id) ?? packages.find((pkg) => pkg.name.toLowerCase() === wanted) ?? null;
}

export function consultationHref(): string {
  return "/book";
}
export function packageHref(id: number): string {
  return `/contact?${new URLSearchParams({ type: "quote", package: String(id) }).toString()}`;
}
export function packagePlaceholder(name: string): string {
  const named = /\bpackage$/i.test(name) ? name : `${name} package`;
  return `Tell us about your project for the ${named}: goals, pages, timeline`;
}

/** The seeded sample projects' own pages (their links point here: no dead link on the site). */
export const samplePages: Record<string, { title: string }> = {
  plankandco: { title: "Plank & Co. Flooring Marketplace" },
  murmur: { title: "Murmur Social Audio" },
  tradeloop: { title: "TradeLoop Exchange" },
};

/** The owner's pricing page and its forms' ids (its route and page chunk share them). */
export const sitePricingPath = "/admin/site/pricing";
export const bannerFormId = "pricing-banner";
export function packageFormId(id: number | string) {
  return `package-${id}`;
}
