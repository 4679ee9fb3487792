import { describe, expect, it } from "vitest";
import { isActivePath, jsonForScript, organizationJsonLd, pageMeta, robotsTxt, sitemapXml } from "#app/domain/site.ts";
import { defaultStudio } from "#app/domain/studio.ts";

describe("isActivePath", () => {
  it("marks Home only on / and other links on their page and below", () => {
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/", "/pricing")).toBe(false);
    expect(isActivePath("/pricing", "/pricing")).toBe(true);
    expect(isActivePath("/pricing", "/pricing/")).toBe(true);
    expect(isActivePath("/portfolio", "/portfolio/x")).toBe(true);
    expect(isActivePath("/about", "/aboutx")).toBe(false);
  });
});

describe("pageMeta", () => {
  const tags = pageMeta({
    siteUrl: "https://studio.example",
    siteName: "Studio",
    path: "/portfolio",
    title: "Our Portfolio | Studio",
    description: "Work.",
  });
  it("has the title, description, absolute canonical URL and share image", () => {
    expect(tags).toContainEqual({ title: "Our Portfolio | Studio" });
    expect(tags).toContainEqual({ name: "description", content: "Work." });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://studio.example/portfolio" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://studio.example/portfolio" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://studio.example/og.png" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });
  it("gives the home page a trailing slash", () => {
    const home = pageMeta({ siteUrl: "https://s.example", siteName: "S", path: "/", title: "t", description: "d" });
    expect(home).toContainEqual({ tagName: "link", rel: "canonical", href: "https://s.example/" });
  });
});

describe("sitemap and robots", () => {
  it("lists every public page with absolute URLs", () => {
    const xml = sitemapXml("https://studio.example");
    for (const path of ["/", "/portfolio", "/pricing", "/about", "/contact"]) {
      expect(xml).toContain(`<loc>https://studio.example${path === "/" ? "/" : path}</loc>`);
    }
    expect(xml).not.toContain("/admin");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
  it("escapes XML", () => {
    expect(sitemapXml("https://a.example", ["/x?a=1&b=2"])).toContain("/x?a=1&amp;b=2");
  });
  it("allows the site, disallows /admin and points to the sitemap", () => {
    expect(robotsTxt("https://studio.example")).toBe(
      "User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: https://studio.example/sitemap.xml\n",
    );
  });
});

describe("organizationJsonLd", () => {
  it("has the spec's fields", () => {
    const org = organizationJsonLd(defaultStudio, "https://studio.example", "We build.");
    expect(org).toMatchObject({
      "@type": "Organization",
      name: defaultStudio.businessName,
      description: "We build.",
      url: "https://studio.example/",
      logo: "https://studio.example/logo.png",
      email: defaultStudio.email,
      contactPoint: { "@type": "ContactPoint", contactType: "customer service", email: defaultStudio.email },
    });
  });
  it("is serialised so it cannot close its script element", () => {
    const text = jsonForScript({ name: "</script><script>alert(1)</script> & \u2028" });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script> & \u2028" });
  });
});
