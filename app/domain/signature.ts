/**
 * A drawn signature (the proposal page's pad): small, and decoded once. At input the data URL is at
 * most `maxSignatureChars` (so the sign form, however it is encoded, stays within the request-body
 * limit: the limits agree, and a signature too large is the field's message in the page, never a
 * bare 413) and the PNG may declare at most `maxSignaturePixels`. When signed, it is decoded once
 * and stored normalised (services/logo-image.server.ts `normaliseSignature`): within `signatureBox`,
 * flattened on white, 16 grays in a palette PNG, a few KB. The PDF embeds that stored PNG as it is
 * (`isNormalisedSignature`); one stored before this (a browser's RGBA canvas) is normalised at
 * render, once per process.
 */

/** The longest data URL the sign form takes (about 30 KB of PNG). */
export const maxSignatureChars = 40_000;

/** The most pixels a drawn signature may declare (the pad is at most about 1,600 x 300 device pixels). */
export const maxSignaturePixels = 1_000_000;

/** The box a stored signature fits in (the certificate prints it 240 x 80 pt: 5x that). */
export const signatureBox = { width: 1200, height: 400 } as const;

/** The most bytes a normalised signature may have to be embedded as it is stored. */
const maxStoredSignatureBytes = 64 * 1024;

export const signatureMessages = {
  unreadable: "The drawn signature could not be read. Please draw it again or leave it blank.",
  tooLarge: "The drawn signature is too large to send. Please clear it and draw it again, or leave it blank.",
} as const;

export type PngHeader = { width: number; height: number; bitDepth: number; colourType: number };

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** What a PNG's header (its IHDR chunk) declares, read without decoding a pixel; null when it is no PNG. */
export function pngHeader(bytes: Uint8Array): PngHeader | null {
  if (bytes.length < 33 || !pngSignature.every((byte, index) => bytes[index] === byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunkType = String.fromCharCode(...bytes.subarray(12, 16));
  if (view.getUint32(8) !== 13 || chunkType !== "IHDR") return null;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0) return null;
  return { width, height, bitDepth: bytes[24] ?? 0, colourType: bytes[25] ?? 0 };
}

/** Whether a drawn signature may be decoded at all: a PNG declaring at most `maxSignaturePixels`. */
export function signaturePixelsAllowed(header: PngHeader | null): boolean {
  return header !== null && header.width * header.height <= maxSignaturePixels;
}

/**
 * Whether stored signature bytes are what `normaliseSignature` makes (a palette PNG within the box,
 * small), which the PDF embeds as they are. A browser's canvas is always RGBA: never this.
 */
export function isNormalisedSignature(bytes: Uint8Array): boolean {
  const header = pngHeader(bytes);
  return (
    header !== null &&
    header.colourType === 3 &&
    header.width <= signatureBox.width &&
    header.height <= signatureBox.height &&
    bytes.length <= maxStoredSignatureBytes
  );
}

/**
 * The bytes of a drawn signature: a PNG data URL (as signSchema admits it) decoded, or null when it
 * is not one. Only ever decodes the URL's own base64: nothing is fetched.
 */
export function signaturePngBytes(dataUrl: string | null): Uint8Array | null {
  const match = dataUrl ? /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl) : null;
  if (!match?.[1]) return null;
  try {
    const binary = atob(match[1]);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return null;
  }
}

/** A PNG's bytes as the data URL a signature is stored as (what `signaturePngBytes` reads back). */
export function pngDataUrl(png: Uint8Array): string {
  let binary = "";
  for (let index = 0; index < png.length; index += 0x8000) {
    binary += String.fromCharCode(...png.subarray(index, index + 0x8000));
  }
  return `data:image/png;base64,${btoa(binary)}`;
}
