import { describe, expect, it } from "vitest";
import { ariaCurrentFor, currentSection, readSidebarState, sidebarCookie } from "./sidebar.ts";

describe("sidebar state cookie", () => {
  it("is open by default and when the cookie says so", () => {
    expect(readSidebarState(null)).toBe(true);
    expect(readSidebarState("other=1")).toBe(true);
    expect(readSidebarState("sidebar_state=true")).toBe(true);
  });

  it("is closed when the cookie says false, wherever it sits", () => {
    expect(readSidebarState("sidebar_state=false")).toBe(false);
    expect(readSidebarState("a=1; sidebar_state=false; b=2")).toBe(false);
    expect(readSidebarState("not_sidebar_state=false")).toBe(true);
  });

  it("lasts 7 days", () => {
    expect(sidebarCookie(false)).toBe("sidebar_state=false; Max-Age=604800; Path=/; SameSite=Lax");
  });
});

describe("the current section", () => {
  const hrefs = [
    "/admin/dashboard",
    "/admin/spam",
    "/admin/customers",
    "/admin/projects",
    "/admin/invoices",
    "/admin/reports",
    "/admin/settings",
    "/admin/settings/team",
    "/admin/settings/security",
    "/admin/audit",
  ];

  it("is the section a record page sits in, and the longest link that covers the page", () => {
    expect(currentSection("/admin/customers", hrefs)).toBe("/admin/customers");
    expect(currentSection("/admin/customers/8f1c/edit", hrefs)).toBe("/admin/customers");
    expect(currentSection("/admin/invoices/new", hrefs)).toBe("/admin/invoices");
    expect(currentSection("/admin/settings/team", hrefs)).toBe("/admin/settings/team");
    expect(currentSection("/admin/settings/", hrefs)).toBe("/admin/settings");
    expect(currentSection("/admin/settings/logo", hrefs)).toBe("/admin/settings");
  });

  it("is no section for a page no link covers, nor for a mere shared prefix", () => {
    expect(currentSection("/admin/customersx", hrefs)).toBeNull();
    expect(currentSection("/admin", hrefs)).toBeNull();
  });

  it("says page on the link's own page and location below it", () => {
    const on = (path: string, href: string) => ariaCurrentFor(path, href, currentSection(path, hrefs));
    expect(on("/admin/customers", "/admin/customers")).toBe("page");
    expect(on("/admin/customers/8f1c", "/admin/customers")).toBe("location");
    expect(on("/admin/customers/8f1c", "/admin/projects")).toBeUndefined();
    expect(on("/admin/settings/team", "/admin/settings")).toBeUndefined();
  });
});
