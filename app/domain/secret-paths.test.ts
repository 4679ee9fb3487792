import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { allRoutes, sampleAddress } from "../../tests/support/route-inventory.ts";
import { maskedSecret, maskSecretPath, maskSecretPaths, publicParams, secretRoutes } from "./secret-paths.ts";

const token = () => randomBytes(32).toString("base64url");
const paramsOf = (pattern: string) => [...pattern.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);

describe("the one list of secret-bearing routes", () => {
  it("holds every route of app/routes.ts whose parameter is not a known public one, and nothing else", () => {
    const withParams = allRoutes.filter((leaf) => paramsOf(leaf.path).length > 0);
    expect(withParams.length).toBeGreaterThan(10);
    const unlisted = withParams.filter(
      (leaf) =>
        !(secretRoutes as readonly string[]).includes(leaf.path) &&
        !paramsOf(leaf.path).every((name) => (publicParams as readonly string[]).includes(name ?? "")),
    );
    // a route with a token (or any parameter not known to be public) must join secretRoutes
    expect(unlisted.map((leaf) => leaf.path)).toEqual([]);
    // and the list names only routes that exist, each by its token
    const paths = allRoutes.map((leaf) => leaf.path);
    for (const route of secretRoutes) {
      expect(paths, route).toContain(route);
      expect(paramsOf(route), route).toEqual(["token"]);
    }
  });

  it("masks the token of every secret route however the address is spelled", () => {
    for (const route of secretRoutes) {
      const secret = token();
      const address = sampleAddress(route, secret);
      const spellings = [
        address,
        address.toUpperCase().replace(secret.toUpperCase(), secret),
        `/${address}`,
        address.replace(/^\/(.)/, (_, first: string) => `/%${first.charCodeAt(0).toString(16)}`),
        `/./${address.slice(1)}`,
        address.replaceAll("/", "\\"),
        `${address}.data`,
        `${address}/`,
        `${address}/more/below`,
        `${address}?x=1`,
        address.replace(secret, encodeURIComponent(`${secret}%`)),
        address.replace(secret, `${secret}%zz`),
      ];
      for (const spelling of spellings) {
        const masked = maskSecretPath(spelling);
        expect(masked, spelling).not.toContain(secret);
        expect(masked, spelling).toContain(maskedSecret);
      }
    }
    expect(maskSecretPath("/i/abc/pay")).toBe("/i/[token]/pay");
    expect(maskSecretPath("/p/abc.data")).toBe("/p/[token].data");
    expect(maskSecretPath("/book/manage/abc")).toBe("/book/manage/[token]");
    expect(maskSecretPath("/admin/invite/abc")).toBe("/admin/invite/[token]");
  });

  it("leaves every other address as it is", () => {
    for (const path of [
      "/",
      "/portal",
      "/book",
      "/book/manage",
      "/pricing",
      "/portfolio/samples/a-slug",
      "/admin/invoices/00000000-0000-4000-8000-000000000000",
      "/admin/proposals",
      "/admin/invite",
      "/media/portfolio/abc-640.webp",
      "/%zz",
    ]) {
      expect(maskSecretPath(path)).toBe(path);
    }
  });

  it("masks tokens inside an error's text", () => {
    const secret = token();
    const text = `No route matches URL "/p/${secret}/x"\n at GET /portal/${secret}?a and /book/manage/${secret}`;
    const masked = maskSecretPaths(text);
    expect(masked).not.toContain(secret);
    expect(masked).toContain('"/p/[token]/x"');
    expect(maskSecretPaths("/admin/proposals/1 and /pricing")).toBe("/admin/proposals/1 and /pricing");
  });
});
