/**
 * The project room's files (ADR 0056): what may be stored, how big, under which name.
 *
 * - A file's kind is read from its first bytes (`sniffFileType`), never from the browser's
 *   Content-Type or the name's extension: a PNG named `x.pdf` is a PNG. Only images (PNG, JPEG,
 *   WebP, GIF), PDF and ZIP archives are kept; anything else (SVG, HTML: they can carry script) is refused.
 * - Caps: `maxFileBytes` per file, `maxProjectBytes` for all of one project's files.
 * - A name is only a label (`sanitizeFileName`): no folders, no control or direction characters,
 *   at most `maxFileNameLength` characters; `contentDisposition` writes it safely for any language.
 */

const MB = 1024 * 1024;

/** One file: at most 25 MB. */
export const maxFileBytes = 25 * MB;
/** All of one project's files together: at most 500 MB. */
export const maxProjectBytes = 500 * MB;
/** Files in one post, at most. */
export const maxFilesPerPost = 10;
/** Bytes `sniffFileType` needs to tell every kind apart. */
export const sniffBytes = 16;
/** A stored name's length, in characters. */
export const maxFileNameLength = 150;

export const fileKinds = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  pdf: "application/pdf",
  zip: "application/zip",
} as const;
export type FileKind = keyof typeof fileKinds;

/** The kinds shown through the image pipeline (WebP at `storedImageWidths`). */
const imageKinds: readonly FileKind[] = ["png", "jpeg", "webp", "gif"];
export const isImageType = (contentType: string) => imageKinds.some((kind) => fileKinds[kind] === contentType);
/** An expense's receipt (ADR 0058): an image or a PDF, never an archive. */
export const isReceiptType = (contentType: string) => isImageType(contentType) || contentType === fileKinds.pdf;

/** The widths an image is served at inline; a request for another width gets the nearest. */
const storedImageWidths = [400, 800, 1600] as const;
export function nearestImageWidth(width: number | undefined): number {
  const wanted = width && Number.isFinite(width) ? width : 800;
  return storedImageWidths.reduce((best, w) => (Math.abs(w - wanted) < Math.abs(best - wanted) ? w : best));
}

export const fileMessages = {
  tooBig: "This file is too big: files can be at most 25 MB.",
  wrongType: "This file's type is not accepted: upload an image (PNG, JPEG, WebP, GIF), a PDF or a ZIP archive.",
  projectFull: "This project's files are full (500 MB): remove some files before adding more.",
  tooManyFiles: `Too many files: send at most ${maxFilesPerPost} at once.`,
  notAFileField: "This field does not take a file.",
  brokenForm: "The form data cannot be read.",
  empty: "This file is empty.",
} as const;

/** What the bytes are, from their first `sniffBytes` (fewer when the file is shorter), or null. */
export function sniffFileType(bytes: Uint8Array): FileKind | null {
  const at = (offset: number, signature: readonly number[]) =>
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (at(0, [0xff, 0xd8, 0xff])) return "jpeg";
  // RIFF....WEBP
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return "webp";
  // GIF87a, GIF89a
  if (at(0, [0x47, 0x49, 0x46, 0x38]) && (at(4, [0x37, 0x61]) || at(4, [0x39, 0x61]))) return "gif";
  if (at(0, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  // PK\3\4 (an archive with files) or PK\5\6 (an empty one)
  if (at(0, [0x50, 0x4b, 0x03, 0x04]) || at(0, [0x50, 0x4b, 0x05, 0x06])) return "zip";
  return null;
}

/** The name used when nothing usable is left of the given one. */
const fallbackName = "file";

/**
 * A name safe to store and show: the last path part only (`/` and `\`), NUL and other control
 * characters, direction overrides and zero-width marks removed, Unicode in NFC, spaces collapsed,
 * leading dots dropped (no hidden or `..` names), at most `maxFileNameLength` characters with the
 * extension kept. Never empty.
 */
export function sanitizeFileName(name: string): string {
  const last = name.split(/[/\\]/).at(-1) ?? "";
  const cleaned = last
    .normalize("NFC")
    .replaceAll("\t", " ")
    // controls (C0, C1), format characters (direction overrides and isolates, zero-width, BOM),
    // line and paragraph separators
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, "")
    // characters that trouble file systems and header quoting
    .replace(/["*:<>?|]/g, "_")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[.\s]+/, "");
  if (!cleaned) return fallbackName;
  const chars = Array.from(cleaned);
  if (chars.length <= maxFileNameLength) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 ? Array.from(cleaned.slice(dot)) : [];
  const keep = extension.length > 0 && extension.length <= 10 ? extension : [];
  return (
    chars
      .slice(0, maxFileNameLength - keep.length)
      .join("")
      .trimEnd() + keep.join("")
  );
}

/**
 * A Content-Disposition value for `name` (already sanitised): an ASCII `filename` for old clients
 * (other characters become `_`) and the exact name in `filename*` (UTF-8, percent-encoded).
 */
export function contentDisposition(type: "attachment" | "inline", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
