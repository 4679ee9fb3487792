/**
 * The studio logo as an image, not just bytes. At upload (`prepareLogo`): the declared size is read
 * from the header (nothing inflated), more than `maxLogoPixels` is refused, and the image is decoded
 * within that cap and stored re-encoded to fit `logoBox` (PNG stays PNG with its transparency,
 * JPEG stays JPEG). At render (`logoForPdf`): whatever is stored (logos saved before these checks
 * included) goes through the same path before the PDF renderer sees it, since the renderer inflates
 * every byte it is given; the result is kept for the next render of the same logo. A client's
 * drawn signature is made small once, when signed (`normaliseSignature`), and embedded as stored
 * (`signatureForPdf`). `sharp` is imported on first use only.
 */
import { createHash } from "node:crypto";
import {
  checkLogo,
  type LogoImage,
  logoBox,
  logoMessages,
  logoPixelsAllowed,
  maxLogoPixels,
  sniffImageType,
} from "#app/domain/logo.ts";
import type { Result } from "#app/domain/result.ts";
import {
  isNormalisedSignature,
  maxSignaturePixels,
  pngHeader,
  signatureBox,
  signatureMessages,
  signaturePixelsAllowed,
} from "#app/domain/signature.ts";

type Sharp = typeof import("sharp").default;

let loading: Promise<Sharp> | null = null;
const loadSharp = () => (loading ??= import("sharp").then((module) => module.default));

/** The size an image declares in its header, or null when the header cannot be read. */
async function declaredSize(sharp: Sharp, bytes: Uint8Array): Promise<{ width: number; height: number } | null> {
  try {
    // the header only: no pixel is decoded, so no cap is needed to read it
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : null;
  } catch {
    return null;
  }
}

/** Decoded within the pixel cap, turned upright, shrunk to fit the box, encoded again. */
async function reencode(
  sharp: Sharp,
  bytes: Uint8Array,
  mimeType: LogoImage["mimeType"],
  box: { width: number; height: number } = logoBox,
): Promise<LogoImage> {
  const image = sharp(bytes, { limitInputPixels: maxLogoPixels })
    .rotate()
    .resize(box.width, box.height, { fit: "inside", withoutEnlargement: true });
  const data =
    mimeType === "image/png"
      ? await image.png({ compressionLevel: 9 }).toBuffer()
      : await image.toColourspace("srgb").jpeg({ quality: 90 }).toBuffer();
  return { data: new Uint8Array(data), mimeType };
}

export type PreparedLogo = Result<{ logo: LogoImage }>;

/** Checks an upload and makes the image to store; a failure's message is one of logoMessages. */
export async function prepareLogo(bytes: Uint8Array): Promise<PreparedLogo> {
  const checked = checkLogo(bytes);
  if (!checked.ok) return checked;
  const sharp = await loadSharp();
  const size = await declaredSize(sharp, bytes);
  if (!size) return { ok: false, message: logoMessages.unreadable };
  if (!logoPixelsAllowed(size.width, size.height)) return { ok: false, message: logoMessages.tooManyPixels };
  try {
    return { ok: true, logo: await reencode(sharp, bytes, checked.logo.mimeType) };
  } catch {
    // the header was readable but the pixels are not (truncated, corrupt)
    return { ok: false, message: logoMessages.unreadable };
  }
}

/** The last stored logo made safe for the renderer, by the SHA-256 of its bytes. */
let prepared: { key: string; logo: LogoImage | null } | null = null;

/**
 * The logo the PDF may embed: the stored one re-encoded within the box, or null (the PDF then
 * shows the business name only) when it declares too many pixels or cannot be read.
 */
export async function logoForPdf(stored: LogoImage | null): Promise<LogoImage | null> {
  if (!stored) return null;
  const key = createHash("sha256").update(stored.data).digest("hex");
  if (prepared?.key === key) return prepared.logo;
  const result = await prepareLogo(stored.data);
  prepared = { key, logo: result.ok ? result.logo : null };
  return prepared.logo;
}

/**
 * A client's drawn signature made small, once, when it is signed: decoded within
 * `maxSignaturePixels` (declared size checked unread first), fitted into `signatureBox`, flattened on
 * white, 16 grays in a palette PNG (a few KB). A failure's message is one of `signatureMessages`.
 */
export async function normaliseSignature(bytes: Uint8Array | null): Promise<Result<{ png: Uint8Array }>> {
  const header = bytes ? pngHeader(bytes) : null;
  if (!bytes || !header) return { ok: false, message: signatureMessages.unreadable };
  if (!signaturePixelsAllowed(header)) return { ok: false, message: signatureMessages.tooLarge };
  try {
    return { ok: true, png: await flattenSignature(await loadSharp(), bytes, maxSignaturePixels) };
  } catch {
    return { ok: false, message: signatureMessages.unreadable };
  }
}

async function flattenSignature(sharp: Sharp, bytes: Uint8Array, maxPixels: number): Promise<Uint8Array> {
  const png = await sharp(bytes, { limitInputPixels: maxPixels })
    .resize(signatureBox.width, signatureBox.height, { fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .grayscale()
    .png({ compressionLevel: 9, palette: true, colours: 16 })
    .toBuffer();
  return new Uint8Array(png);
}

/**
 * Signatures stored before they were normalised, made small at their first render (by SHA-256; a
 * few kept). The promise is kept, so renders that ask at once share one decoding.
 */
const legacySignatures = new Map<string, Promise<LogoImage | null>>();
const legacySignaturesKept = 32;

/**
 * The signature the PDF embeds. One stored normalised (`isNormalisedSignature`) is embedded as it
 * is: nothing is decoded at render. One stored before (a browser's canvas, up to the old cap of
 * `maxLogoPixels`) is normalised like a new one at its first render in this process and kept; null
 * when it is not a readable PNG or declares too many pixels (the certificate then says so and keeps
 * the typed name).
 */
export async function signatureForPdf(bytes: Uint8Array | null): Promise<LogoImage | null> {
  if (!bytes || sniffImageType(bytes) !== "image/png") return null;
  if (isNormalisedSignature(bytes)) return { data: bytes, mimeType: "image/png" };
  const key = createHash("sha256").update(bytes).digest("hex");
  const kept = legacySignatures.get(key);
  if (kept) return kept;
  const header = pngHeader(bytes);
  const image =
    header && logoPixelsAllowed(header.width, header.height)
      ? loadSharp()
          .then((sharp) => flattenSignature(sharp, bytes, maxLogoPixels))
          .then((data): LogoImage => ({ data, mimeType: "image/png" }))
          .catch(() => null)
      : Promise.resolve(null);
  if (legacySignatures.size >= legacySignaturesKept) {
    legacySignatures.delete(legacySignatures.keys().next().value ?? "");
  }
  legacySignatures.set(key, image);
  return image;
}
