import { describe, expect, it } from "vitest";
import { readCookie, setCookieValue } from "./cookies.ts";

describe("cookies", () => {
  it("writes every attribute asked for, and Secure only when asked", () => {
    const plain = setCookieValue("a", "1.b-c_d", { path: "/x", maxAgeSeconds: 60, httpOnly: true, sameSite: "strict" });
    expect(plain).toBe("a=1.b-c_d; Max-Age=60; Path=/x; HttpOnly; SameSite=Strict");
    expect(setCookieValue("a", "v", { path: "/", maxAgeSeconds: 1, sameSite: "lax", secure: true })).toBe(
      "a=v; Max-Age=1; Path=/; Secure; SameSite=Lax",
    );
  });

  it("encodes a value that would break the header, and reads it back", () => {
    const written = setCookieValue("note", "a; b=c", { path: "/", maxAgeSeconds: 1, sameSite: "lax" });
    expect(written.startsWith("note=a%3B%20b%3Dc;")).toBe(true);
    expect(readCookie("note=a%3B%20b%3Dc", "note")).toBe("a; b=c");
  });

  it("reads one cookie among others, never a cookie whose name only ends the same", () => {
    expect(readCookie("x=1; sidebar_state=false; y=2", "sidebar_state")).toBe("false");
    expect(readCookie("not_sidebar_state=false", "sidebar_state")).toBeNull();
    expect(readCookie("sidebar_state=", "sidebar_state")).toBeNull();
    expect(readCookie(null, "sidebar_state")).toBeNull();
  });
});
