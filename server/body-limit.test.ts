import { describe, expect, it } from "vitest";
import { bodyLimitFor, bodyLimitOverrides, canonicalPath, defaultBodyLimit } from "./body-limit.ts";

describe("canonicalPath", () => {
  it.each([
    ["/contact/send", "/contact/send"],
    ["/%63ontact/send", "/contact/send"],
    ["/./contact/send", "/contact/send"],
    ["/contact/./send", "/contact/send"],
    ["//contact//send", "/contact/send"],
    ["/CONTACT/Send", "/contact/send"],
    ["/x/../contact/send", "/contact/send"],
    ["/contact/send/", "/contact/send"],
    ["/contact.data", "/contact"],
    ["/contact/send?x=1", "/contact/send"],
    ["/%5ccontact\\send", "/contact/send"],
    ["/_root.data", "/"],
  ])("%s is %s", (spelling, canonical) => {
    expect(canonicalPath(spelling)).toBe(canonical);
  });

  it("cannot read broken encoding or a NUL byte", () => {
    expect(canonicalPath("/%E0%A4%A")).toBeNull();
    expect(canonicalPath("/a%00b")).toBeNull();
  });
});

describe("bodyLimitFor", () => {
  it("gives the inquiry form 32 KB however it is spelled, the logo upload its own, and the rest the default", () => {
    expect(bodyLimitFor("/%63ontact/send")).toBe(32 * 1024);
    expect(bodyLimitFor("/contact?index")).toBe(32 * 1024);
    expect(bodyLimitFor("/admin/settings/logo")).toBe(bodyLimitOverrides["/admin/settings/logo"]);
    expect(bodyLimitOverrides["/admin/settings/logo"]).toBeGreaterThanOrEqual(1_200_000);
    expect(bodyLimitFor("/admin/login")).toBe(defaultBodyLimit);
    expect(bodyLimitFor("/%E0%A4%A")).toBe(defaultBodyLimit);
  });
});
