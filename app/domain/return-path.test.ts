import { describe, expect, it } from "vitest";
import { defaultAdminPath, loginPathFor, safeReturnPath } from "./return-path.ts";

describe("safeReturnPath", () => {
  it("keeps a local path with its query and fragment", () => {
    expect(safeReturnPath("/admin/customers?status=active#top")).toBe("/admin/customers?status=active#top");
    expect(safeReturnPath("/admin/invoices/42")).toBe("/admin/invoices/42");
  });

  it.each([
    ["empty", ""],
    ["null", null],
    ["absolute URL", "https://evil.example/admin"],
    ["protocol-relative", "//evil.example/admin"],
    ["backslash host", "/\\evil.example"],
    ["backslash anywhere", "/admin\\..\\x"],
    ["tab trick", "/\t/evil.example"],
    ["newline", "/admin\n/x"],
    ["javascript scheme", "javascript:alert(1)"],
    ["relative path", "admin/dashboard"],
    ["the login page", "/admin/login"],
    ["the login page with a query", "/admin/login?redirectTo=/admin"],
    ["too long", `/${"a".repeat(2001)}`],
  ])("refuses %s", (_name, value) => {
    expect(safeReturnPath(value)).toBe(defaultAdminPath);
  });

  it("uses the given fallback", () => {
    expect(safeReturnPath("//x", "/elsewhere")).toBe("/elsewhere");
  });

  it("normalises dot segments without leaving the site", () => {
    expect(safeReturnPath("/admin/../../etc")).toBe("/etc");
  });
});

describe("loginPathFor", () => {
  it("remembers the requested path and query", () => {
    expect(loginPathFor("http://x.test/admin/customers?status=active")).toBe(
      `/admin/login?redirectTo=${encodeURIComponent("/admin/customers?status=active")}`,
    );
  });
});
