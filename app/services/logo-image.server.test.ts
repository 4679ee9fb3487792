/**
 * The logo as an image: a decompression bomb (a small file declaring a huge canvas) is refused at
 * upload without being inflated, and one already stored never reaches the PDF renderer as is.
 */
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { logoBox, logoMessages, maxLogoBytes } from "#app/domain/logo.ts";
import { logoForPdf, prepareLogo } from "#app/services/logo-image.server.ts";
import { pngBomb } from "../../tests/support/images.ts";

const size = async (bytes: Uint8Array) => {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width, height: meta.height, format: meta.format, hasAlpha: meta.hasAlpha };
};

describe("logo upload", () => {
  it("refuses a 20,000 x 20,000 PNG of under 1 MB at once, without decoding it", async () => {
    const bomb = await pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(maxLogoBytes);
    const started = performance.now();
    expect(await prepareLogo(bomb)).toEqual({ ok: false, message: logoMessages.tooManyPixels });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("refuses an image whose pixels cannot be read, and keeps the byte and type checks", async () => {
    const png = readFileSync(new URL("../../public/logo.png", import.meta.url));
    expect(await prepareLogo(png.subarray(0, Math.floor(png.length / 2)))).toEqual({
      ok: false,
      message: logoMessages.unreadable,
    });
    const header = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255, 1, 2]);
    expect(await prepareLogo(header)).toEqual({ ok: false, message: logoMessages.unreadable });
    expect(await prepareLogo(new TextEncoder().encode("<svg onload=alert(1)>"))).toEqual({
      ok: false,
      message: logoMessages.wrongType,
    });
    expect(await prepareLogo(new Uint8Array())).toEqual({ ok: false, message: logoMessages.missing });
  });

  it("stores a PNG re-encoded within the box, keeping its transparency", async () => {
    const transparent = await sharp({
      create: { width: 1600, height: 400, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.25 } },
    })
      .png()
      .toBuffer();
    const prepared = await prepareLogo(transparent);
    if (!prepared.ok) throw new Error(prepared.message);
    expect(prepared.logo.mimeType).toBe("image/png");
    expect(await size(prepared.logo.data)).toEqual({ width: 600, height: 150, format: "png", hasAlpha: true });
    const { data } = await sharp(prepared.logo.data).raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBeGreaterThan(50);
    expect(data[3]).toBeLessThan(80);
    // a small logo is not enlarged
    const png = readFileSync(new URL("../../public/logo.png", import.meta.url));
    const small = await prepareLogo(png);
    if (!small.ok) throw new Error(small.message);
    expect(await size(small.logo.data)).toMatchObject({ width: logoBox.height, height: logoBox.height });
  });

  it("stores a JPEG as a JPEG within the box", async () => {
    const jpeg = await sharp({ create: { width: 900, height: 1200, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    const prepared = await prepareLogo(jpeg);
    if (!prepared.ok) throw new Error(prepared.message);
    expect(prepared.logo.mimeType).toBe("image/jpeg");
    expect(await size(prepared.logo.data)).toMatchObject({ width: 225, height: 300, format: "jpeg" });
  });
});

describe("stored logo, before the PDF renderer", () => {
  it("leaves out a stored bomb and shrinks a stored over-large logo, once", async () => {
    const started = performance.now();
    expect(await logoForPdf({ data: await pngBomb(20_000, 20_000), mimeType: "image/png" })).toBeNull();
    expect(performance.now() - started).toBeLessThan(1_000);

    const large = { data: new Uint8Array(await pngBomb(3_000, 3_000, "rgba")), mimeType: "image/png" as const };
    const bounded = await logoForPdf(large);
    expect(bounded?.mimeType).toBe("image/png");
    expect(await size(bounded?.data ?? new Uint8Array())).toMatchObject({ width: 300, height: 300 });
    expect(await logoForPdf(large)).toBe(bounded);
    expect(await logoForPdf(null)).toBeNull();
  });
});
