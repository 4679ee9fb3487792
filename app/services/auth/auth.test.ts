import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords.server.ts";
import { resetLink } from "./recovery.server.ts";
import { sessionCookieName, sessionPolicy, sessionSetCookie } from "./sessions.server.ts";
import { adminSetupLink } from "./setup.server.ts";
import { hashToken, newToken, tokenPolicy } from "./tokens.server.ts";

describe("tokens", () => {
  it("are 256 random bits, URL-safe, never repeated", () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(/^[\w-]{43}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
    }
  });

  it("are stored as SHA-256 hex", () => {
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hashToken(newToken())).toMatch(/^[0-9a-f]{64}$/);
  });

  it("travel in the fragment of links built from PUBLIC_URL", () => {
    expect(resetLink("https://studio.test", "t0k")).toBe("https://studio.test/admin/login#type=recovery&token=t0k");
    expect(adminSetupLink("https://studio.test", "t0k")).toBe("https://studio.test/admin/setup#token=t0k");
  });

  it("policies: sessions idle 12 h, live 7 days; reset links 1 h", () => {
    expect(sessionPolicy.idleMs).toBe(12 * 3600_000);
    expect(sessionPolicy.absoluteMs).toBe(7 * 24 * 3600_000);
    expect(tokenPolicy.passwordResetMs).toBe(3600_000);
  });
});

describe("passwords", () => {
  it("hash with argon2id and verify", async () => {
    const stored = await hashPassword("plum tree orbit");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, "plum tree orbit")).toBe(true);
    expect(await verifyPassword(stored, "plum tree orbiT")).toBe(false);
    expect(await verifyPassword(null, "plum tree orbit")).toBe(false);
    expect(await verifyPassword("not a hash", "x")).toBe(false);
  });
});

describe("session cookie", () => {
  it("is HttpOnly and SameSite=Lax; Secure with a __Host- name over https", async () => {
    const expires = new Date(Date.now() + 3600_000);
    const plain = await sessionSetCookie({ publicUrl: "http://localhost:3000" }, "t", expires);
    expect(sessionCookieName({ publicUrl: "http://localhost:3000" })).toBe("studio_session");
    expect(plain).toMatch(/^studio_session=/);
    expect(plain).toMatch(/HttpOnly/);
    expect(plain).toMatch(/SameSite=Lax/);
    expect(plain).not.toMatch(/Secure/);
    const secure = await sessionSetCookie({ publicUrl: "https://studio.test" }, "t", expires);
    expect(secure).toMatch(/^__Host-studio_session=/);
    expect(secure).toMatch(/; Secure/);
    expect(secure).toMatch(/Path=\//);
  });
});
