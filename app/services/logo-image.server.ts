/**
 * The studio logo as an image, not just bytes. At upload (`prepareLogo`): the declared size is read
 * from the header (nothing inflated), more than `maxLogoPixels` is refused, and the image is decoded
 * within that cap and stored re-encoded to fit `logoBox` (PNG stays PNG with its transparency,
 * JPEG stays JPEG). At render (`logoForPdf`): whatever is stored (logos saved before these checks
 * included) goes through the same path before the PDF renderer sees it, since the renderer inflates
 * every byte it is given; the result is kept for the next render of the same logo. `sharp` is
 * imported on first use only.
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

/** The box a drawn signature is printed from (the certificate shows it 240 x 80 pt). */
const signatureBox = { width: 720, height: 240 } as const;

/**
 * A client's drawn signature (PNG bytes from its data URL) made safe for the PDF renderer like the
 * logo: the declared size checked unread, decoded within the pixel cap, re-encoded within its box;
 * null when it is not a readable PNG (the certificate then says so and keeps the typed name).
 */
export async function signatureForPdf(bytes: Uint8Array | null): Promise<LogoImage | null> {
  if (!bytes || sniffImageType(bytes) !== "image/png") return null;
  const sharp = await loadSharp();
  const size = await declaredSize(sharp, bytes);
  if (!size || !logoPixelsAllowed(size.width, size.height)) return null;
  try {
    return await reencode(sharp, bytes, "image/png", signatureBox);
  } catch {
    return null;
  }
}
