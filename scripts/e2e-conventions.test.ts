/**
 * One way to wait for a page's script in the end-to-end tests: `hydrated(page)` of tests/support/browser.ts,
 * which waits for React's hydration and for every split piece the page renders. A file's own check
 * (`"__reactRouterRouteModules" in window`) says the route modules are there, not that the form under the
 * pointer is React's: under load a click then posted the page itself (the invitation, the invoice editor).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const e2e = path.resolve(import.meta.dirname, "../tests/e2e");

describe("end-to-end tests", () => {
  it("wait for a page's script only through hydrated() of tests/support/browser.ts", () => {
    const own = readdirSync(e2e)
      .filter((name) => name.endsWith(".ts"))
      .filter((name) => {
        const text = readFileSync(path.join(e2e, name), "utf8");
        return text.includes("__reactRouterRouteModules") || /function hydrated\b|const hydrated\s*=/.test(text);
      });
    expect(own).toEqual([]);
  });
});
