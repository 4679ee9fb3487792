import { describe, expect, it } from "vitest";
import { readSidebarState, sidebarCookie } from "./sidebar.ts";

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
    expect(sidebarCookie(false)).toBe("sidebar_state=false; Path=/; Max-Age=604800; SameSite=Lax");
  });
});
