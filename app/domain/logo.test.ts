import { expect, it } from "vitest";
import { checkLogo, logoMessages, maxLogoBytes, sniffImageType } from "#app/domain/logo.ts";

const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

it("recognises PNG and JPEG by their bytes, nothing else", () => {
  expect(sniffImageType(new Uint8Array([...png, 0]))).toBe("image/png");
  expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe("image/jpeg");
  expect(sniffImageType(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeNull();
  expect(sniffImageType(new TextEncoder().encode("GIF89a"))).toBeNull();
  expect(sniffImageType(new Uint8Array([0x89, 0x50]))).toBeNull();
});

it("refuses empty, oversized and unknown files with clear messages", () => {
  expect(checkLogo(new Uint8Array())).toEqual({ ok: false, message: logoMessages.missing });
  const big = new Uint8Array(maxLogoBytes + 1);
  big.set(png);
  expect(checkLogo(big)).toEqual({ ok: false, message: logoMessages.tooLarge });
  expect(checkLogo(new TextEncoder().encode("%PDF-1.7"))).toEqual({ ok: false, message: logoMessages.wrongType });
  const exact = new Uint8Array(maxLogoBytes);
  exact.set(png);
  expect(checkLogo(exact).ok).toBe(true);
});
