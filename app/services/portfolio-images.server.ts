/**
 * A portfolio upload becomes the WebP sizes the public page serves (ADR 0019): checked by its bytes,
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
import { savePortfolioImages } from "#app/models/portfolio.server.ts";

export async function storePortfolioImage(db: Queryable, bytes: Uint8Array): Promise<Result<{ image: string }>> {
  const checked = checkPortfolioImage(bytes);
  if (!checked.ok) return checked;
  const hash = createHash("sha256").update(bytes).digest("hex");
  const { default: sharp } = await import("sharp");
  try {
    const variants = await Promise.all(
      portfolioImageWidths.map(async (width) => ({
        width,
        bytes: new Uint8Array(
          await sharp(bytes, { limitInputPixels: 50_000_000 })
            .rotate()
            .resize(width, Math.round(width * portfolioImageRatio), { fit: "cover" })
            .webp({ quality: 80 })
            .toBuffer(),
        ),
      })),
    );
    await savePortfolioImages(db, hash, variants);
  } catch {
    // the bytes looked like an image but are not one sharp can read (truncated, corrupt)
    return { ok: false, message: "This image could not be read. Choose a PNG, JPEG or WebP image of at most 5 MB" };
  }
  return { ok: true, image: portfolioImagePath(hash, 800) };
}
