import { describe, expect, it } from "vitest";
import { isSealed, openBytes, openText, sealBytes, sealKey, sealText } from "./sealing.server.ts";

const key = sealKey("sealing-test-secret-sealing-test-secret-01", "mail-outbox");
const otherKey = sealKey("sealing-test-secret-sealing-test-secret-01", "totp-secret");

describe("sealing", () => {
  it("seals text that only its own key opens; other text is read as it is", () => {
    const sealed = sealText(key, "https://studio.test/i/secret");
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain("secret");
    expect(openText(key, sealed)).toBe("https://studio.test/i/secret");
    expect(openText(otherKey, sealed)).toBeNull();
    expect(openText(undefined, sealed)).toBeNull();
    expect(openText(key, "plain")).toBe("plain");
  });

  it("seals bytes (an attachment) the same way: nothing of them readable, opened by the key only", () => {
    const pdf = new TextEncoder().encode("%PDF-1.7 QR of https://studio.test/i/secret");
    const sealed = sealBytes(key, pdf);
    expect(Buffer.from(sealed).toString("latin1")).not.toContain("secret");
    expect(Buffer.from(sealed).subarray(0, 10).toString()).toBe("sealed:v1:");
    expect(openBytes(key, sealed)).toEqual(pdf);
    expect(openBytes(otherKey, sealed)).toBeNull();
    expect(openBytes(undefined, sealed)).toBeNull();
    // tampered
    const changed = new Uint8Array(sealed);
    changed[changed.length - 1] = (changed.at(-1) ?? 0) ^ 1;
    expect(openBytes(key, changed)).toBeNull();
    // stored before attachments were sealed: as it is
    expect(openBytes(key, pdf)).toEqual(pdf);
  });
});
