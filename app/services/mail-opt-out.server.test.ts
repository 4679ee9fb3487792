import { describe, expect, it } from "vitest";
import { optOutAddress, optOutToken, optOutUrl } from "./mail-opt-out.server.ts";

const secret = "a-session-secret-for-the-opt-out-tests-0123";

describe("the stop-these-emails link", () => {
  it("names one address, in any case, and only under the studio's secret", () => {
    const token = optOutToken(secret, " Ada@Client.test ");
    expect(optOutAddress(secret, token)).toBe("ada@client.test");
    expect(optOutToken(secret, "ada@client.test")).toBe(token);
    expect(optOutAddress("another-secret-another-secret-another-0123", token)).toBeNull();
    expect(optOutUrl({ publicUrl: "https://studio.example/", sessionSecret: secret }, "ada@client.test")).toBe(
      `https://studio.example/stop-emails/${token}`,
    );
  });

  it("refuses a token made for another address, cut or padded", () => {
    const [, signature] = optOutToken(secret, "ada@client.test").split(".");
    const other = Buffer.from("eve@evil.test").toString("base64url");
    expect(optOutAddress(secret, `${other}.${signature}`)).toBeNull();
    const token = optOutToken(secret, "ada@client.test");
    for (const bad of [token.slice(0, -2), `${token}.x`, `${token}A`, "", "no-dot", undefined]) {
      expect(optOutAddress(secret, bad), String(bad)).toBeNull();
    }
  });
});
