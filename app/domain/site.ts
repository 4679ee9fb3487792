/**
 * The public site's map: navigation, footer links, the pages search engines
 * should know about, and the texts built from them (sitemap, robots, meta tags,
 * the JSON-LD organisation). Pure: no I/O.
 */
import type { StudioIdentity } from "#app/domain/studio.ts";

export type NavigationItem = { name: string; path: string };

/** Top navigation (the shared public layout). */
export const navigation: NavigationItem[] = [
  { name: "Home", path: "/" },
  { name: "Portfolio", path: "/portfolio" },
  { name: "Pricing", path: "/pricing" },
  { name: "About", path: "/about" },
  { name: "Contact", path: "/contact" },
];

/** Footer "Quick Links". */
export const quickLinks: NavigationItem[] = [
  { name: "Home", path: "/" },
  { name: "Portfolio", path: "/portfolio" },
  { name: "Pricing", path: "/pricing" },
  { name: "About Us", path: "/about" },
];

/** Every public page, in sitemap order. */
export const publicPages: string[] = navigation.map((item) => item.path);

/** Whether a navigation link is the current page (the home link only on "/" itself). */
export function isActivePath(linkPath: string, currentPath: string): boolean {
  const current = currentPath.length > 1 ? currentPath.replace(/\/+$/, "") : currentPath;
  if (linkPath === "/") return current === "/";
  return current === linkPath || current.startsWith(`${linkPath}/`);
}

/** Absolute URL of a path on the public site. `siteUrl` has no trailing slash. */
function absoluteUrl(siteUrl: string, path: string): string {
  return path === "/" ? `${siteUrl}/` : `${siteUrl}${path}`;
}

const ogImage = { path: "/og.png", width: 1200, height: 630, alt: "Dream. Design. Develop." };
const logoPath = "/logo.png";

export type PageMetaInput = {
  siteUrl: string;
  siteName: string;
  path: string;
  title: string;
  description: string;
};

export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: "link"; rel: string; href: string };

/** Title, description, canonical link, Open Graph and Twitter card tags of a public page. */
export function pageMeta({ siteUrl, siteName, path, title, description }: PageMetaInput): MetaTag[] {
  const url = absoluteUrl(siteUrl, path);
  const image = absoluteUrl(siteUrl, ogImage.path);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(ogImage.width) },
    { property: "og:image:height", content: String(ogImage.height) },
    { property: "og:image:alt", content: ogImage.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}

const xmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => xmlEscapes[char] ?? char);
}

export function sitemapXml(siteUrl: string, paths: string[] = publicPages): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(absoluteUrl(siteUrl, path))}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

export function robotsTxt(siteUrl: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /admin", "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join("\n");
}

/** schema.org Organization for the footer's JSON-LD. */
/** The studio as schema.org's Organization; `logo` is the owner's uploaded logo's address (else the design's). */
export function organizationJsonLd(studio: StudioIdentity, siteUrl: string, description: string, logo = logoPath) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: studio.businessName,
    description,
    url: absoluteUrl(siteUrl, "/"),
    logo: absoluteUrl(siteUrl, logo),
    email: studio.email,
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      email: studio.email,
      ...(studio.phoneNumber ? { telephone: studio.phoneNumber } : {}),
    },
  };
}

/**
 * JSON to place inside a <script> element: `<`, `>`, `&` and the line
 * separators are escaped, so no text can close the element or start markup.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * Public HTML: browsers revalidate every time, a CDN may keep a copy for 60 s
 * and serve it stale for 5 more minutes while it fetches a fresh one
 * (docs/decisions/0006: how settings changes and page-view counts meet the CDN).
 */
export const publicPageCacheControl = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/**
 * A page rendered for the public-page cache may say until when (epoch ms) its HTML holds, in this
 * header of the render; the cache keeps it no longer and never sends the header on (ADR 0037).
 */
export const publicCacheUntilHeader = "X-Public-Cache-Until";
