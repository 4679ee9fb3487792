import { describe, expect, it } from "vitest";
import {
  isNormalisedSignature,
  maxSignaturePixels,
  pngDataUrl,
  pngHeader,
  signaturePixelsAllowed,
  signaturePngBytes,
} from "./signature.ts";

/** The first 33 bytes of a PNG: signature and IHDR (what the header check reads). */
function pngStart(width: number, height: number, colourType: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer);
  view.setUint32(8, 13);
  bytes.set([0x49, 0x48, 0x44, 0x52], 12);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes[24] = 8;
  bytes[25] = colourType;
  return bytes;
}

describe("signaturePngBytes", () => {
  it("decodes a PNG data URL and nothing else", () => {
    expect(Array.from(signaturePngBytes("data:image/png;base64,iVBORw==") ?? [])).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(signaturePngBytes(null)).toBeNull();
    expect(signaturePngBytes("https://example.test/signature.png")).toBeNull();
    expect(signaturePngBytes("data:image/svg+xml;base64,PHN2Zz4=")).toBeNull();
  });

  it("reads back what pngDataUrl writes", () => {
    const bytes = pngStart(600, 200, 3);
    expect(signaturePngBytes(pngDataUrl(bytes))).toEqual(bytes);
  });
});

describe("pngHeader and the caps", () => {
  it("reads the declared size without decoding, and caps the pixels far below the logo's", () => {
    expect(pngHeader(pngStart(1536, 288, 6))).toEqual({ width: 1536, height: 288, bitDepth: 8, colourType: 6 });
    expect(pngHeader(new Uint8Array([1, 2, 3]))).toBeNull();
    expect(pngHeader(pngStart(0, 10, 6))).toBeNull();
    expect(signaturePixelsAllowed(pngHeader(pngStart(1600, 300, 6)))).toBe(true);
    expect(signaturePixelsAllowed(pngHeader(pngStart(5000, 5000, 6)))).toBe(false);
    expect(maxSignaturePixels).toBeLessThanOrEqual(25_000_000 / 20);
  });

  it("embeds as stored only what normalising makes: a palette PNG within the box", () => {
    expect(isNormalisedSignature(pngStart(1200, 225, 3))).toBe(true);
    // a browser's canvas (RGBA), too wide, or declaring a huge canvas: normalised first
    expect(isNormalisedSignature(pngStart(1200, 225, 6))).toBe(false);
    expect(isNormalisedSignature(pngStart(1536, 288, 3))).toBe(false);
    expect(isNormalisedSignature(pngStart(5000, 5000, 3))).toBe(false);
  });
});
