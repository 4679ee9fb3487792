/**
 * The invoice logo upload: PNG or JPEG, at most 1 MB, recognised by its first bytes (never by its
 * name or the type the browser claims), then decoded within a pixel cap and stored re-encoded at
 * most `logoBox` in size (app/services/logo-image.server.ts): a small file can declare a huge
 * canvas (a decompression bomb), and the PDF renderer inflates whatever it is given.
 */
import { z } from "zod";
import type { Result } from "#app/domain/result.ts";

export const maxLogoBytes = 1024 * 1024;

/** The most pixels an uploaded logo may declare (about 5,000 x 5,000); more is refused unread. */
export const maxLogoPixels = 25_000_000;

/** The box a stored logo fits in (the PDF prints it 120 x 60 pt: this is 5x that, for print). */
export const logoBox = { width: 600, height: 300 } as const;

export type LogoImage = { data: Uint8Array; mimeType: "image/png" | "image/jpeg" };

export const logoMessages = {
  missing: "Please choose a PNG or JPEG image",
  tooLarge: "The logo must be 1 MB or smaller",
  wrongType: "The logo must be a PNG or JPEG image",
  tooManyPixels: "The logo must be at most 5,000 x 5,000 pixels",
  unreadable: "This image could not be read. Choose a PNG or JPEG image of at most 1 MB",
  saved: "Logo saved successfully",
  removed: "Logo removed",
} as const;

/**
 * What the logo form posts (multipart): `intent=remove`, or the file `logo` (its bytes are
 * checked by `checkLogo` and the server's decoder, not here; no file is the "missing" message).
 */
export const logoFormSchema = z.object({
  intent: z.literal("remove").optional(),
  logo: z.instanceof(Blob, { error: logoMessages.missing }).optional(),
});

const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const jpeg = [0xff, 0xd8, 0xff];

/** The image type its bytes say, or null. */
export function sniffImageType(bytes: Uint8Array): LogoImage["mimeType"] | null {
  const starts = (signature: number[]) =>
    bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
  if (starts(png)) return "image/png";
  if (starts(jpeg)) return "image/jpeg";
  return null;
}

/** Checks an upload; the failure's message is one of logoMessages. */
export function checkLogo(bytes: Uint8Array): Result<{ logo: LogoImage }> {
  if (bytes.length === 0) return { ok: false, message: logoMessages.missing };
  if (bytes.length > maxLogoBytes) return { ok: false, message: logoMessages.tooLarge };
  const mimeType = sniffImageType(bytes);
  if (!mimeType) return { ok: false, message: logoMessages.wrongType };
  return { ok: true, logo: { data: bytes, mimeType } };
}

/** Whether an image of these dimensions may be decoded at all. */
export function logoPixelsAllowed(width: number, height: number): boolean {
  return width > 0 && height > 0 && width * height <= maxLogoPixels;
}
