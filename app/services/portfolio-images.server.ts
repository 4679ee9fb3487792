/**
 * A portfolio upload (and the site's logo, ADR 0061) becomes the WebP sizes the public page serves (ADR 0019): checked by its bytes,
 * cropped to the page's 8:5 frame, stored in the database under the SHA-256 of the upload (so every
 * instance serves it and a re-upload of the same file costs nothing). `sharp` is imported on the
 * first upload only, so no other request pays for it.
 */
import { createHash } from "node:crypto";
import type { Queryable } from "#app/db/client.server.ts";
import type { Result } from "#app/domain/result.ts";
import {
  checkPortfolioImage,
  portfolioImagePath,
  portfolioImageRatio,
  portfolioImageWidths,
} from "#app/domain/site-content.ts";
import { siteLogoWidths } from "#app/domain/site-logo.ts";
import { savePortfolioImages } from "#app/models/portfolio.server.ts";

type Sharp = typeof import("sharp").default;
type Shape = { widths: readonly number[]; resize: (sharp: Sharp, bytes: Uint8Array, width: number) => Promise<Buffer> };

const unreadable = "This image could not be read. Choose a PNG, JPEG or WebP image of at most 5 MB";
const decode = (sharp: Sharp, bytes: Uint8Array) => sharp(bytes, { limitInputPixels: 50_000_000 }).rotate();

/** A portfolio image: cropped to the page's 8:5 frame. */
const portfolioShape: Shape = {
  widths: portfolioImageWidths,
  resize: (sharp, bytes, width) =>
    decode(sharp, bytes)
      .resize(width, Math.round(width * portfolioImageRatio), { fit: "cover" })
      .webp({ quality: 80 })
      .toBuffer(),
};

/** The site's logo: the whole image fitted into a square, the rest transparent (nothing cropped). */
const logoShape: Shape = {
  widths: siteLogoWidths,
  resize: (sharp, bytes, width) =>
    decode(sharp, bytes)
      .resize(width, width, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: 90, alphaQuality: 100 })
      .toBuffer(),
};

/** Checks the upload by its bytes and stores its sizes; the upload's SHA-256, or the refusal's message. */
async function storeShaped(db: Queryable, bytes: Uint8Array, shape: Shape): Promise<Result<{ hash: string }>> {
  const checked = checkPortfolioImage(bytes);
  if (!checked.ok) return checked;
  const hash = createHash("sha256").update(bytes).digest("hex");
  const { default: sharp } = await import("sharp");
  try {
    const variants = await Promise.all(
      shape.widths.map(async (width) => ({ width, bytes: new Uint8Array(await shape.resize(sharp, bytes, width)) })),
    );
    await savePortfolioImages(db, hash, variants);
  } catch {
    // the bytes looked like an image but are not one sharp can read (truncated, corrupt)
    return { ok: false, message: unreadable };
  }
  return { ok: true, hash };
}

export async function storePortfolioImage(db: Queryable, bytes: Uint8Array): Promise<Result<{ image: string }>> {
  const stored = await storeShaped(db, bytes, portfolioShape);
  return stored.ok ? { ok: true, image: portfolioImagePath(stored.hash, 800) } : stored;
}

/** The site's logo upload: its hash, which the site texts' "logo" row names (app/domain/site-logo.ts). */
export function storeSiteLogo(db: Queryable, bytes: Uint8Array): Promise<Result<{ hash: string }>> {
  return storeShaped(db, bytes, logoShape);
}
