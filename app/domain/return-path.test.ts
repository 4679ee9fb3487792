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

describe("hostile return paths all end inside the site", () => {
  const site = "https://studio.test";
  it.each([
    "/.//evil.example/x",
    "/%2e%2e//evil.example",
    "/%2E%2E//evil.example",
    "/.%2e//evil.example",
    "/././/evil.example",
    "/admin/..//evil.example",
    "/admin/%2e%2e/%2e%2e//evil.example",
    "/%2f/evil.example",
    "/%2F%2Fevil.example",
    "/%5cevil.example",
    "/%5c%5cevil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n//evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "//evil.example",
    "///evil.example",
    "////evil.example/x",
    "https://evil.example",
    "http:evil.example",
    "javascript:alert(1)",
    "data:text/html,x",
    "/ /evil.example",
    "/..;//evil.example",
  ])("%j", (value) => {
    const result = safeReturnPath(value);
    expect(result.startsWith("/")).toBe(true);
    expect(result.startsWith("//")).toBe(false);
    expect(result).not.toMatch(/[\\\t\n\r]/);
    // what a browser makes of the Location header
    expect(new URL(result, site).origin).toBe(site);
    expect(new URL(result, site).host).toBe("studio.test");
  });
});

describe("loginPathFor", () => {
  it("remembers the requested path and query", () => {
    expect(loginPathFor("http://x.test/admin/customers?status=active")).toBe(
      `/admin/login?redirectTo=${encodeURIComponent("/admin/customers?status=active")}`,
    );
  });
});
