import { describe, expect, it } from "vitest";
import { formBodyProblem, isBadAddress } from "./input-guard.ts";

const empty = Buffer.alloc(0);

describe("formBodyProblem", () => {
  it("refuses a post that is no form, with or without a body: no Content-Type, JSON, text/plain", async () => {
    for (const type of [undefined, "", "application/json", "text/plain", "application/octet-stream"]) {
      expect(await formBodyProblem(type, empty), String(type)).toMatch(/^send the form as/);
      expect(await formBodyProblem(type, Buffer.from("intent=sign")), String(type)).toMatch(/^send the form as/);
    }
  });

  it("takes an empty form as a form; an empty or boundless multipart body cannot be read", async () => {
    expect(await formBodyProblem("application/x-www-form-urlencoded", empty)).toBeNull();
    expect(await formBodyProblem("application/x-www-form-urlencoded; charset=UTF-8", empty)).toBeNull();
    expect(await formBodyProblem("multipart/form-data; boundary=x", Buffer.from("--x--\r\n"))).toBeNull();
    expect(await formBodyProblem("multipart/form-data; boundary=x", empty)).toBe("the form data cannot be read.");
    expect(await formBodyProblem("multipart/form-data", Buffer.from("a=b"))).toBe("the form data cannot be read.");
  });

  it("refuses a NUL byte in any field", async () => {
    expect(await formBodyProblem("application/x-www-form-urlencoded", Buffer.from("a=b%00"))).toBe(
      "a form field contains a NUL byte.",
    );
    expect(await formBodyProblem("application/x-www-form-urlencoded", Buffer.from("a=b&c=d"))).toBeNull();
  });
});

describe("isBadAddress", () => {
  it("finds NUL bytes and broken percent-encoding", () => {
    expect(isBadAddress("/a%00")).toBe(true);
    expect(isBadAddress("/%E0%A4%A")).toBe(true);
    expect(isBadAddress("/i/abc?x=%20")).toBe(false);
  });
});
