import { describe, expect, it } from "vitest";
import { hashToken } from "#app/services/auth/tokens.server.ts";
import { clientTokenHash, newClientToken } from "#app/services/client-links.server.ts";

describe("client link tokens", () => {
  it("accepts only 43 base64url characters, and looks them up by their SHA-256", () => {
    expect(clientTokenHash("a".repeat(43))).toBe(hashToken("a".repeat(43)));
    expect(clientTokenHash("a".repeat(42))).toBeNull();
    expect(clientTokenHash(`${"a".repeat(42)}=`)).toBeNull();
    expect(clientTokenHash("../".repeat(15))).toBeNull();
    expect(clientTokenHash(undefined)).toBeNull();
  });

  it("makes 256-bit tokens whose hash is what is stored", () => {
    const { token, hash } = newClientToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(hash).toBe(hashToken(token));
    expect(newClientToken().token).not.toBe(token);
  });
});
