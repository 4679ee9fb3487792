import { expect, it } from "vitest";
import { checkFormToken, issueFormToken } from "#app/services/form-token.server.ts";

const secret = "s".repeat(43);
const t0 = 1_800_000_000_000;

it("accepts a form filled in between 3 seconds and a day", () => {
  const token = issueFormToken(secret, t0);
  expect(checkFormToken(secret, token, t0 + 2_999)).toBe("too-fast");
  expect(checkFormToken(secret, token, t0 + 3_000)).toBe("ok");
  expect(checkFormToken(secret, token, t0 + 24 * 3600_000)).toBe("ok");
  expect(checkFormToken(secret, token, t0 + 24 * 3600_000 + 1)).toBe("expired");
});

it("refuses missing, forged and re-signed tokens", () => {
  const token = issueFormToken(secret, t0);
  expect(checkFormToken(secret, undefined, t0)).toBe("missing");
  expect(checkFormToken(secret, "", t0)).toBe("missing");
  expect(checkFormToken(secret, `${t0 - 60_000}.${token.split(".")[1]}`, t0)).toBe("invalid");
  expect(checkFormToken("other-secret", token, t0 + 5000)).toBe("invalid");
  expect(checkFormToken(secret, "garbage", t0)).toBe("invalid");
});
