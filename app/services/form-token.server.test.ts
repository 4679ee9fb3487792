import { createHmac } from "node:crypto";
import { expect, it } from "vitest";
import {
  checkFormToken,
  formTokenIssuedAt,
  formTokenSignature,
  issueFormToken,
} from "#app/services/form-token.server.ts";

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
  const [, random, signature] = token.split(".");
  // dated back, or another random part, under the same signature
  expect(checkFormToken(secret, `${t0 - 60_000}.${random}.${signature}`, t0)).toBe("invalid");
  expect(checkFormToken(secret, `${t0}.AAAA.${signature}`, t0 + 5000)).toBe("invalid");
  expect(checkFormToken(secret, `${t0}.${signature}`, t0 + 5000)).toBe("invalid");
  expect(checkFormToken(secret, `${t0}.${random}.x.${signature}`, t0 + 5000)).toBe("invalid");
  expect(checkFormToken("other-secret", token, t0 + 5000)).toBe("invalid");
  expect(checkFormToken(secret, "garbage", t0)).toBe("invalid");
});

it("gives two visitors served in the same millisecond different tokens; the older form is still accepted", () => {
  const one = issueFormToken(secret, t0);
  const two = issueFormToken(secret, t0);
  expect(one).not.toBe(two);
  expect(formTokenSignature(one)).not.toBe(formTokenSignature(two));
  expect(formTokenIssuedAt(one).getTime()).toBe(t0);
  // a page rendered before tokens had a random part: {ms}.{mac} over "contact-form:{ms}"
  const older = `${t0}.${createHmac("sha256", secret).update(`contact-form:${t0}`).digest("base64url")}`;
  expect(checkFormToken(secret, older, t0 + 5000)).toBe("ok");
});
