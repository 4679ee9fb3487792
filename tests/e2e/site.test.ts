/**
 * The public marketing site, end to end: the production build as a real
 * process, driven with fetch and Chromium (with and without JavaScript).
 */
import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { pageViews } from "#app/db/schema.ts";
import { axeViolations } from "../support/axe.ts";
import { launchBrowser } from "../support/browser.ts";
import { startServer, type TestServer } from "../support/server.ts";

const publicUrl = "http://studio.example";
const pages = ["/", "/portfolio", "/pricing", "/about", "/contact"];
const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const mobile: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const browserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ env: { PUBLIC_URL: publicUrl } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openPage(path: string, options: BrowserContextOptions = desktop): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status()).toBe(200);
  return page;
}

async function closePage(page: Page) {
  await page.context().close();
}

/** The text of an element (as written in the markup, before CSS transforms), whitespace collapsed. */
async function textOf(page: Page, selector = "body") {
  return ((await page.locator(selector).textContent()) ?? "").replace(/\s+/g, " ");
}

describe("spec texts (JavaScript disabled: everything is server-rendered)", () => {
  const noJs = { ...desktop, javaScriptEnabled: false };

  it("shared layout: navigation, Request a Quote, footer tagline, Quick Links, contact links, copyright", async () => {
    const page = await openPage("/about", noJs);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Studio" }).getAttribute("href")).resolves.toBe("/");
    for (const [name, href] of [
      ["Home", "/"],
      ["Portfolio", "/portfolio"],
      ["Pricing", "/pricing"],
      ["About", "/about"],
      ["Contact", "/contact"],
    ]) {
      await expect(nav.locator("ul.hidden a", { hasText: name }).getAttribute("href")).resolves.toBe(href);
    }
    await expect(nav.getByRole("link", { name: "Request a Quote" }).getAttribute("href")).resolves.toBe("/contact");
    const footer = page.locator("footer");
    const footerText = await textOf(page, "footer");
    expect(footerText).toContain("Building the future of functional design.");
    expect(footerText).toContain("Quick Links");
    const quick = footer.locator("ul").first().getByRole("link");
    expect(await quick.allInnerTexts()).toEqual(["Home", "Portfolio", "Pricing", "About Us"]);
    await expect(footer.getByRole("link", { name: "hello@studio.test" }).getAttribute("href")).resolves.toBe(
      "mailto:hello@studio.test",
    );
    await expect(footer.getByRole("link", { name: "(555) 010-4242" }).getAttribute("href")).resolves.toBe(
      "tel:5550104242",
    );
    expect(footerText).toContain(`© ${new Date().getFullYear()} Studio Web Development`);
    await expect(footer.getByRole("link", { name: "Studio Web Development" }).getAttribute("href")).resolves.toBe(
      "/admin/login",
    );
    await closePage(page);
  });

  it("home: hero, What We Do, closing call to action", async () => {
    const page = await openPage("/", noJs);
    const text = await textOf(page, "main");
    for (const expected of [
      "Dream. Design. Develop.",
      "What We Do",
      "Custom Websites",
      "Web Applications",
      "Performance First",
      "Ready to Build Something Great?",
    ]) {
      expect(text).toContain(expected);
    }
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("Dream.");
    await expect(main.getByRole("link", { name: "Request a Quote" }).getAttribute("href")).resolves.toBe("/contact");
    await expect(main.getByRole("link", { name: "View Portfolio" }).getAttribute("href")).resolves.toBe("/portfolio");
    await expect(main.getByRole("link", { name: "Get Started Today" }).getAttribute("href")).resolves.toBe("/contact");
    await closePage(page);
  });

  it("portfolio: heading, filters, the three cards with image, title, description and View Live Site", async () => {
    const page = await openPage("/portfolio", noJs);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Our Portfolio");
    const filters = page.getByRole("navigation", { name: "Filter projects" }).getByRole("link");
    expect(await filters.allInnerTexts()).toEqual(["All Projects", "Websites", "Web Apps"]);
    const cards = page.locator("[data-category]");
    expect(await cards.count()).toBe(3);
    expect(await cards.locator("h2").allInnerTexts()).toEqual([
      "Plank & Co. Flooring Marketplace",
      "Murmur Social Audio",
      "TradeLoop Exchange",
    ]);
    for (const card of await cards.all()) {
      const image = card.locator("img");
      expect(await image.getAttribute("alt")).toBeTruthy();
      expect(await image.getAttribute("width")).toBe("800");
      expect(await image.getAttribute("height")).toBe("500");
      expect(await image.getAttribute("src")).toMatch(/^\/images\/portfolio\/.+\.webp$/);
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
      expect(((await card.locator("p").nth(1).textContent()) ?? "").length).toBeGreaterThan(40);
      const live = card.getByRole("link", { name: /View Live Site/ });
      expect(await live.getAttribute("target")).toBe("_blank");
      expect(await live.getAttribute("rel")).toBe("noopener noreferrer");
    }
    // below the fold on a phone: lazy; the first one is the likely LCP image
    expect(await cards.locator("img").evaluateAll((imgs) => imgs.map((img) => img.getAttribute("loading")))).toEqual([
      "eager",
      "lazy",
      "lazy",
    ]);
    await closePage(page);
  });

  it("pricing: heading, note, consultation banner and lists, the three packages, custom solution", async () => {
    const page = await openPage("/pricing", noJs);
    const text = await textOf(page, "main");
    for (const expected of [
      "Pricing Plans",
      "Pricing may vary depending on project scope and functionality",
      "Free Consultation",
      "No Cost. No Commitment. Just Value.",
      "What You Get",
      "A branded demo website with business name and colors",
      "A generic layout with example pages Home, About, Services, Contact",
      "A 30-minute strategy session",
      "Functionality recommendations",
      "Consultation Includes",
      "Scope and timeline estimate",
      "Technology stack recommendations",
      "Competitive analysis insights",
      "No-pressure pricing options",
      "Need a Custom Solution?",
    ]) {
      expect(text).toContain(expected);
    }
    const main = page.locator("main");
    // calls to action with a purpose: the consultation is booked on its own page, a quote starts the contact form
    await expect(main.getByRole("link", { name: "Schedule Free Consultation" }).getAttribute("href")).resolves.toBe(
      "/book",
    );
    await expect(main.getByRole("link", { name: "Request a Quote" }).getAttribute("href")).resolves.toBe("/contact");
    const cards = main.locator("ul.grid > li");
    expect(await cards.count()).toBe(3);
    const expectations = [
      { name: "Basic Package", price: "$500 - $1,200", button: "Get Started", popular: false, features: 8 },
      { name: "Standard Package", price: "$1,500 - $3,000", button: "Choose Standard", popular: true, features: 8 },
      { name: "Premium Package", price: "$3,000 - $5,000+", button: "Go Premium", popular: false, features: 8 },
    ];
    for (const [index, expected] of expectations.entries()) {
      const card = cards.nth(index);
      const cardText = await textOf(page, `main ul.grid > li:nth-child(${index + 1})`);
      expect(cardText).toContain(expected.name);
      expect(cardText).toContain(expected.price);
      expect(cardText.includes("Most Popular")).toBe(expected.popular);
      expect(await card.locator("ul li").count()).toBe(expected.features);
      // the button names its package by id, and the contact form opens with that package chosen
      const href = (await card.getByRole("link", { name: expected.button }).getAttribute("href")) ?? "";
      expect(href).toMatch(/^\/contact\?type=quote&package=\d+$/);
      const form = await (await fetch(`${server.url}${href}`)).text();
      expect(form).toMatch(new RegExp(`<option[^>]*selected[^>]*>${expected.name}</option>`));
    }
    const premium = await textOf(page, "main ul.grid > li:nth-child(3)");
    for (const feature of ["Unlimited products/pages", "Payment integrations", "Priority support"]) {
      expect(premium).toContain(feature);
    }
    const basic = await textOf(page, "main ul.grid > li:nth-child(1)");
    expect(basic).toContain("Client supplies content/images");
    expect(basic).toContain("5-10 products or pages");
    await closePage(page);
  });

  it("about: logo, About plus the short name, the three sections, Start Your Project", async () => {
    const page = await openPage("/about", noJs);
    await expect(page.locator("main > svg").count()).resolves.toBe(1);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("About Studio");
    const headings = await page.locator("main h2").allInnerTexts();
    expect(headings).toEqual(["Our Philosophy", "What Sets Us Apart", "Our Approach"]);
    const text = await textOf(page, "main");
    for (const expected of ["Purpose-Driven", "Performance First", "Client-Focused", "Understand the Business"]) {
      expect(text).toContain(expected);
    }
    expect(await page.locator("main ol li").count()).toBe(4);
    await expect(page.getByRole("link", { name: "Start Your Project" }).getAttribute("href")).resolves.toBe("/contact");
    await closePage(page);
  });

  it("contact: Get In Touch, contact information, Quick Response, Free Consultation", async () => {
    const page = await openPage("/contact", noJs);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Get In Touch");
    const main = page.locator("main");
    expect(await main.locator("h2").allInnerTexts()).toEqual([
      "Tell us about your project",
      "Contact Information",
      "Quick Response",
      "Free Consultation",
    ]);
    await expect(main.getByRole("link", { name: "hello@studio.test" }).getAttribute("href")).resolves.toBe(
      "mailto:hello@studio.test",
    );
    await expect(main.getByRole("link", { name: "(555) 010-4242" }).getAttribute("href")).resolves.toBe(
      "tel:5550104242",
    );
    expect(await textOf(page, "main")).toContain("within 24 hours on business days");
    await closePage(page);
  });
});

describe("navigation", () => {
  it("highlights the active link and marks it aria-current=page, on every page", async () => {
    const names: Record<string, string> = {
      "/": "Home",
      "/portfolio": "Portfolio",
      "/pricing": "Pricing",
      "/about": "About",
      "/contact": "Contact",
    };
    const context = await browser.newContext(desktop);
    const page = await context.newPage();
    for (const path of pages) {
      await page.goto(`${server.url}${path}`);
      const current = page.locator('nav[aria-label="Main"] ul.hidden a[aria-current="page"]');
      expect(await current.allInnerTexts()).toEqual([names[path]]);
      const activeColor = await current.evaluate((a) => getComputedStyle(a).color);
      const other = page.locator('nav[aria-label="Main"] ul.hidden a:not([aria-current])').first();
      expect(await other.evaluate((a) => getComputedStyle(a).color)).not.toBe(activeColor);
    }
    // a filtered portfolio is still the Portfolio page
    await page.goto(`${server.url}/portfolio?category=webapps`);
    expect(await page.locator('nav[aria-label="Main"] ul.hidden a[aria-current="page"]').allInnerTexts()).toEqual([
      "Portfolio",
    ]);
    await context.close();
  });

  it("mobile menu at 390 px opens, closes on Escape, and closes once a link is chosen", async () => {
    const page = await openPage("/", mobile);
    const menu = page.locator("#site-menu");
    const portfolioLink = menu.getByRole("link", { name: "Portfolio" });
    expect(await page.locator('nav[aria-label="Main"] ul.hidden').isVisible()).toBe(false);
    expect(await portfolioLink.isVisible()).toBe(false);
    await page.locator("#site-menu summary").click();
    expect(await portfolioLink.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    expect(await portfolioLink.isVisible()).toBe(false);
    await page.locator("#site-menu summary").click();
    expect(await portfolioLink.isVisible()).toBe(true);
    // the script closes the menu before the browser leaves the page
    await page.evaluate(() =>
      document.querySelector("#site-menu a[href='/portfolio']")?.addEventListener("click", (event) => {
        event.preventDefault();
      }),
    );
    await portfolioLink.click();
    expect(await menu.evaluate((details: HTMLDetailsElement) => details.open)).toBe(false);
    await page.locator("#site-menu summary").click();
    await Promise.all([page.waitForURL(`${server.url}/pricing`), menu.getByRole("link", { name: "Pricing" }).click()]);
    expect(await page.locator("#site-menu").evaluate((details: HTMLDetailsElement) => details.open)).toBe(false);
    expect(await page.locator('#site-menu a[aria-current="page"]').textContent()).toBe("Pricing");
    await closePage(page);
  });

  it("mobile menu works without JavaScript", async () => {
    const page = await openPage("/", { ...mobile, javaScriptEnabled: false });
    const menu = page.locator("#site-menu");
    expect(await menu.getByRole("link", { name: "About" }).isVisible()).toBe(false);
    await page.locator("#site-menu summary").click();
    expect(await menu.getByRole("link", { name: "About" }).isVisible()).toBe(true);
    await Promise.all([page.waitForURL(`${server.url}/about`), menu.getByRole("link", { name: "About" }).click()]);
    expect(await page.locator("#site-menu").evaluate((details: HTMLDetailsElement) => details.open)).toBe(false);
    await closePage(page);
  });
});

describe("type and small screens", () => {
  it("every public page sets its text in the bundled Inter, served by the site itself", async () => {
    for (const path of pages) {
      const page = await openPage(path);
      const fonts = await page.evaluate(async () => {
        await document.fonts.ready;
        const heading = document.querySelector("h1");
        return {
          body: getComputedStyle(document.body).fontFamily,
          heading: heading ? getComputedStyle(heading).fontFamily : "",
          loaded: [...document.fonts]
            .filter((face) => face.family.replace(/"/g, "") === "Inter" && face.status === "loaded")
            .map((face) => face.weight),
        };
      });
      expect(fonts.body, path).toMatch(/^"?Inter"?,/);
      expect(fonts.heading, path).toMatch(/^"?Inter"?,/);
      expect(fonts.loaded.length, path).toBeGreaterThan(0);
      const preloads = await page
        .locator('link[rel="preload"][as="font"]')
        .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
      expect(preloads.length, path).toBe(2);
      for (const href of preloads) {
        expect(href.startsWith(`${server.url}/assets/inter-latin-`), href).toBe(true);
        const response = await fetch(href);
        expect(response.status, href).toBe(200);
        expect(response.headers.get("content-type"), href).toBe("font/woff2");
      }
      await closePage(page);
    }
  });

  it("at 390 px the portfolio filter sits on one row and Schedule Free Consultation on one line", async () => {
    const portfolio = await openPage("/portfolio", mobile);
    const tops = await portfolio
      .getByRole("navigation", { name: "Filter projects" })
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(tops.length).toBe(3);
    expect(new Set(tops).size).toBe(1);
    await closePage(portfolio);

    const pricing = await openPage("/pricing", mobile);
    const pill = pricing.getByRole("link", { name: "Schedule Free Consultation" });
    const box = await pill.evaluate((link) => ({
      height: link.getBoundingClientRect().height,
      lineHeight: Number.parseFloat(getComputedStyle(link).lineHeight),
      overflows: link.scrollWidth > link.clientWidth,
      pageOverflows: document.documentElement.scrollWidth > window.innerWidth,
    }));
    expect(box.overflows).toBe(false);
    expect(box.pageOverflows).toBe(false);
    // one line of text in a 48 px pill: two lines would make it taller than its minimum height
    expect(box.height).toBeLessThanOrEqual(48);
    expect(box.lineHeight).toBeLessThan(48);
    await closePage(pricing);
  });
});

describe("portfolio filter", () => {
  const visibleTitles = (page: Page) => page.locator("[data-category]:visible h2").allInnerTexts();
  const currentFilter = (page: Page) => page.locator('a[data-filter][aria-current="true"]').allInnerTexts();

  it("filters without a reload with JavaScript", async () => {
    const page = await openPage("/portfolio");
    expect(await visibleTitles(page)).toHaveLength(3);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "same document";
    });
    await page.getByRole("link", { name: "Web Apps" }).click();
    expect(await visibleTitles(page)).toEqual(["Murmur Social Audio", "TradeLoop Exchange"]);
    expect(page.url()).toBe(`${server.url}/portfolio?category=webapps`);
    expect(await currentFilter(page)).toEqual(["Web Apps"]);
    await page.getByRole("link", { name: "Websites" }).click();
    expect(await visibleTitles(page)).toEqual(["Plank & Co. Flooring Marketplace"]);
    await page.getByRole("link", { name: "All Projects" }).click();
    expect(await visibleTitles(page)).toHaveLength(3);
    expect(page.url()).toBe(`${server.url}/portfolio`);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
    await closePage(page);
  });

  it("filters through ?category= links without JavaScript", async () => {
    const page = await openPage("/portfolio", { ...desktop, javaScriptEnabled: false });
    expect(await currentFilter(page)).toEqual(["All Projects"]);
    await Promise.all([
      page.waitForURL(`${server.url}/portfolio?category=websites`),
      page.getByRole("link", { name: "Websites" }).click(),
    ]);
    expect(await visibleTitles(page)).toEqual(["Plank & Co. Flooring Marketplace"]);
    expect(await currentFilter(page)).toEqual(["Websites"]);
    await page.goto(`${server.url}/portfolio?category=webapps`);
    expect(await visibleTitles(page)).toEqual(["Murmur Social Audio", "TradeLoop Exchange"]);
    await page.goto(`${server.url}/portfolio?category=nonsense`);
    expect(await visibleTitles(page)).toHaveLength(3);
    // every variant names /portfolio as its canonical page
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${publicUrl}/portfolio`);
    await closePage(page);
  });
});

/** The contact page's one module: the inquiry form's validation and sending (ADR 0009). */
const contactFormModule = /^\/assets\/contact-form-[\w-]+\.js$/;

describe("no hydration: public pages ship no React, only small scripts", () => {
  it("loads no module scripts, only small inline scripts allowed by their hash or the response's nonce", async () => {
    for (const path of pages) {
      const response = await fetch(`${server.url}${path}`);
      const html = await response.text();
      const csp = response.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(html).not.toMatch(/<script[^>]+\bsrc=/);
      // the contact page imports its form module once the page has loaded
      const imports = [...html.matchAll(/import\("([^"]+)"\)/g)].map((match) => match[1]);
      if (path === "/contact") {
        expect(imports).toHaveLength(1);
        expect(imports[0]).toMatch(contactFormModule);
      } else {
        expect(imports).toEqual([]);
      }
      expect(html).not.toMatch(/modulepreload/);
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      let code = "";
      for (const [, attributes = "", body = ""] of scripts) {
        const data = attributes.includes("application/ld+json");
        if (path === "/contact") expect(attributes).toContain(`nonce="${nonce}"`);
        else if (!data) expect(csp).toContain(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
        if (!data) code += body;
      }
      // budget: 100 KB gzipped; in fact a few KB
      expect(gzipSync(code).length).toBeLessThan(4 * 1024);
    }
  });

  it("runs in the browser with no script requests but the contact form's, well under 100 KB", async () => {
    const context = await browser.newContext(desktop);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    for (const path of pages) {
      scripts.length = 0;
      await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
      const paths = scripts.map((url) => new URL(url).pathname);
      if (path !== "/contact") {
        expect(paths, path).toEqual([]);
        continue;
      }
      // the form's module and the small chunks it imports; no React, no router
      expect(paths[0]).toMatch(contactFormModule);
      expect(paths.filter((file) => /entry\.client|jsx-runtime|react|root-/.test(file))).toEqual([]);
      let gzipped = 0;
      for (const file of paths) {
        gzipped += gzipSync(Buffer.from(await (await fetch(`${server.url}${file}`)).arrayBuffer())).length;
      }
      expect(gzipped).toBeLessThan(20 * 1024);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("search engines", () => {
  it("each page has a title, a description, a canonical URL from PUBLIC_URL, Open Graph and Twitter tags", async () => {
    const titles = new Set<string>();
    for (const path of pages) {
      const page = await openPage(path, { ...desktop, javaScriptEnabled: false });
      const title = await page.title();
      titles.add(title);
      expect(title).toContain("Studio Web Development");
      const meta = (selector: string) => page.locator(selector).first().getAttribute("content");
      expect((await meta('meta[name="description"]'))?.length).toBeGreaterThan(50);
      const canonical = `${publicUrl}${path === "/" ? "/" : path}`;
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(canonical);
      expect(await meta('meta[property="og:url"]')).toBe(canonical);
      expect(await meta('meta[property="og:title"]')).toBe(title);
      expect(await meta('meta[property="og:image"]')).toBe(`${publicUrl}/og.png`);
      expect(await meta('meta[name="twitter:card"]')).toBe("summary_large_image");
      expect(await page.locator("html").getAttribute("lang")).toBe("en");
      await closePage(page);
    }
    expect(titles.size).toBe(pages.length);
    const og = await fetch(`${server.url}/og.png`);
    expect(og.headers.get("content-type")).toBe("image/png");
  });

  it("embeds the JSON-LD organisation in the footer", async () => {
    const page = await openPage("/contact", { ...desktop, javaScriptEnabled: false });
    const json = await page.locator('footer script[type="application/ld+json"]').textContent();
    const organization = JSON.parse(json ?? "");
    expect(organization).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Studio Web Development",
      description: expect.stringContaining("functionality and purpose"),
      url: `${publicUrl}/`,
      logo: `${publicUrl}/logo.png`,
      email: "hello@studio.test",
      contactPoint: {
        "@type": "ContactPoint",
        contactType: "customer service",
        email: "hello@studio.test",
        telephone: "(555) 010-4242",
      },
    });
    expect((await fetch(`${server.url}/logo.png`)).status).toBe(200);
    await closePage(page);
  });

  it("serves sitemap.xml with every public page and robots.txt disallowing /admin", async () => {
    const sitemap = await fetch(`${server.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(pages.map((path) => `${publicUrl}${path}`));
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(robots.headers.get("content-type")).toContain("text/plain");
    const text = await robots.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Allow: /");
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
  });

  it("lets a CDN cache public pages, never the 404", async () => {
    for (const path of pages) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    expect((await fetch(`${server.url}/missing`)).headers.get("cache-control")).toBe("no-store");
  });
});

describe("static assets", () => {
  it("carry only what a file needs (long caching, nosniff, compression), no document headers; a missing one is the 404 page", async () => {
    const html = await (await fetch(`${server.url}/contact`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const response = await fetch(`${server.url}${script}`, { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    for (const name of [
      "content-security-policy",
      "x-frame-options",
      "referrer-policy",
      "permissions-policy",
      "cross-origin-opener-policy",
    ]) {
      expect(response.headers.get(name), name).toBeNull();
    }
    const missing = await fetch(`${server.url}/assets/no-such-file-here.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(missing.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("public page cache (ADR 0021)", () => {
  const cached = ["/", "/portfolio", "/portfolio?category=webapps", "/pricing", "/about"];

  it("serves the same bytes to every visitor with an ETag, and 304 when the browser has them", async () => {
    for (const path of cached) {
      const first = await fetch(`${server.url}${path}`, { headers: { "user-agent": browserAgent } });
      const body = await first.text();
      const etag = first.headers.get("etag");
      expect(etag, path).toMatch(/^"[\w-]{20,}"$/);
      expect(first.headers.get("vary")).toBe("Accept-Encoding");
      // no per-request nonce: the inline scripts are allowed by their hashes
      expect(first.headers.get("content-security-policy")).not.toContain("'nonce-");
      expect(first.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(first.headers.get("x-content-type-options")).toBe("nosniff");
      expect(first.headers.get("x-frame-options")).toBe("DENY");
      expect(first.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(body).not.toContain("nonce=");
      const second = await fetch(`${server.url}${path}`);
      expect(second.headers.get("etag")).toBe(etag);
      expect(await second.text()).toBe(body);
      const revalidated = await fetch(`${server.url}${path}`, { headers: { "if-none-match": etag ?? "" } });
      expect(revalidated.status, path).toBe(304);
      expect(await revalidated.text()).toBe("");
      expect(revalidated.headers.get("cache-control")).toBe(
        "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
      );
      const stale = await fetch(`${server.url}${path}`, { headers: { "if-none-match": '"something-else"' } });
      expect(stale.status).toBe(200);
    }
  });

  it("sends Brotli or gzip as the browser accepts, and the same page decoded", async () => {
    const plain = await (await fetch(`${server.url}/pricing`, { headers: { "accept-encoding": "identity" } })).text();
    for (const encoding of ["br", "gzip"]) {
      const response = await fetch(`${server.url}/pricing`, { headers: { "accept-encoding": encoding } });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(await response.text()).toBe(plain);
    }
    const head = await fetch(`${server.url}/pricing`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("renders every address from PUBLIC_URL, whatever Host a visitor sends", async () => {
    const html = await new Promise<string>((resolve, reject) => {
      const request = httpRequest(`${server.url}/about`, { headers: { host: "evil.example" } }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolve(text));
      });
      request.on("error", reject);
      request.end();
    });
    expect(html).toContain(`<link rel="canonical" href="${publicUrl}/about"`);
    expect(html).not.toContain("evil.example");
  });

  it("runs the cached pages' scripts in Chromium with no CSP complaint", async () => {
    const context = await browser.newContext(mobile);
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${server.url}/`);
    // the menu script (inline, allowed by its hash) closes the menu on Escape
    await page.locator("summary", { hasText: "Menu" }).click();
    await page.keyboard.press("Escape");
    expect(await page.locator("details#site-menu").getAttribute("open")).toBeNull();
    expect(violations).toEqual([]);
    await context.close();
  });
});

describe("not found", () => {
  it("answers 404 with the text and a link home, and logs the path", async () => {
    const context = await browser.newContext(desktop);
    const page = await context.newPage();
    const response = await page.goto(`${server.url}/no/such/page-here`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("404");
    expect(await textOf(page, "main")).toContain("Oops! Page not found");
    expect(await page.locator("main").getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
    const logged = server.logs().filter((line) => line.msg === "page not found" && line.path === "/no/such/page-here");
    expect(logged.length).toBeGreaterThanOrEqual(1);
    expect(typeof logged[0]?.reqId).toBe("string");
    await context.close();
  });
});

describe("terminal background", () => {
  const terminalText = (page: Page) => page.locator("#terminal-text").textContent();

  it("types on / only, is decorative, and causes no layout shift", async () => {
    const context = await browser.newContext(desktop);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    // the page's timers run on a controlled clock: 1.5 s of typing without waiting 1.5 s
    await page.clock.install();
    await page.goto(`${server.url}/`);
    const container = page.locator("#terminal-text").locator("..");
    expect(await container.getAttribute("aria-hidden")).toBe("true");
    const before = await terminalText(page);
    await page.clock.runFor(1500);
    const after = await terminalText(page);
    expect(after).not.toBe(before);
    // as many lines as fit: (800 - 64) / 25 = 29
    expect(after?.split("\n").length).toBe(29);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
    for (const path of pages.slice(1)) {
      await page.goto(`${server.url}${path}`);
      expect(await page.locator("#terminal-text").count()).toBe(0);
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(0, 0, 0)");
    }
    await context.close();
  });

  it("keeps the typed text faint behind the headline: the headline stands out from it at 1280 and 390 px", async () => {
    // relative luminance and contrast ratio as WCAG defines them, from 0-255 channels
    const luminance = ([r, g, b]: number[]) => {
      const linear = (c: number) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r ?? 0) + 0.7152 * linear(g ?? 0) + 0.0722 * linear(b ?? 0);
    };
    const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    for (const options of [desktop, mobile]) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await page.clock.install();
      await page.goto(`${server.url}/`);
      await page.clock.runFor(3000);
      const heading = page.getByRole("heading", { level: 1 });
      const box = await heading.boundingBox();
      if (!box) throw new Error("no headline");
      // the headline's colours (white, and the accent of its last word)
      // as sRGB channels: a colour such as the accent's oklch() is drawn on a canvas and read back
      const colours = await heading.evaluate((element) => {
        const canvas = document.createElement("canvas");
        canvas.width = 1;
        canvas.height = 1;
        const context = canvas.getContext("2d", { willReadFrequently: true });
        if (!context) throw new Error("no canvas");
        return [element, ...element.querySelectorAll("*")].map((node) => {
          context.clearRect(0, 0, 1, 1);
          context.fillStyle = getComputedStyle(node).color;
          context.fillRect(0, 0, 1, 1);
          return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
        });
      });
      // what is behind the headline: the page with the headline's text hidden, the terminal still drawn
      await heading.evaluate((element) => {
        (element as HTMLElement).style.visibility = "hidden";
      });
      const shot = await page.screenshot({ clip: box });
      const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      let brightest = 0;
      for (let i = 0; i < data.length; i += info.channels) {
        brightest = Math.max(brightest, luminance([data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0]));
      }
      // the terminal is there (not blank), but faint against the black page
      expect(brightest, `terminal behind the headline at ${options.viewport?.width}px`).toBeGreaterThan(0);
      expect(contrast(brightest, 0)).toBeLessThan(2);
      // every colour of the headline stands out from the brightest typed character behind it
      for (const colour of colours) expect(contrast(luminance(colour), brightest)).toBeGreaterThanOrEqual(4.5);
      await context.close();
    }
  });

  it("stays static under prefers-reduced-motion", async () => {
    const context = await browser.newContext({ ...desktop, reducedMotion: "reduce" });
    const page = await context.newPage();
    // a controlled clock: any timer the page set would have fired after runFor
    await page.clock.install();
    expect((await page.goto(`${server.url}/`))?.status()).toBe(200);
    const before = await terminalText(page);
    await page.clock.runFor(5000);
    expect(await terminalText(page)).toBe(before);
    expect(before?.split("\n").length).toBeGreaterThan(20);
    await closePage(page);
  });
  it("stops typing while the tab is hidden or once reduced motion is asked for, and resumes when shown", async () => {
    const context = await browser.newContext(desktop);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${server.url}/`);
    await page.clock.runFor(500);
    const setHidden = (hidden: boolean) =>
      page.evaluate((value) => {
        Object.defineProperty(document, "hidden", { configurable: true, get: () => value });
        Object.defineProperty(document, "visibilityState", {
          configurable: true,
          get: () => (value ? "hidden" : "visible"),
        });
        document.dispatchEvent(new Event("visibilitychange"));
      }, hidden);
    await setHidden(true);
    const hidden = await terminalText(page);
    await page.clock.runFor(5000);
    expect(await terminalText(page)).toBe(hidden);
    // shown again: typing goes on from where it stopped
    await setHidden(false);
    await page.clock.runFor(1500);
    const shown = await terminalText(page);
    expect(shown).not.toBe(hidden);
    // reduced motion asked for while the page is open: it stops for good
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.runFor(100);
    const reduced = await terminalText(page);
    await page.clock.runFor(5000);
    expect(await terminalText(page)).toBe(reduced);
    // the box types without laying out the page: its layout, style and paint are contained
    const style = await page
      .locator("#terminal-text")
      .evaluate((element) => [getComputedStyle(element).contain, getComputedStyle(element).willChange]);
    expect(style).toEqual(["strict", "transform"]);
    await context.close();
  });
});

describe("accessibility", () => {
  it("axe-core finds no violations on any public page (1280 px; 390 px with the menu open)", async () => {
    const runs: { path: string; options: BrowserContextOptions; openMenu?: boolean }[] = [
      ...[...pages, "/missing-page"].map((path) => ({ path, options: desktop })),
      { path: "/", options: mobile, openMenu: true },
      { path: "/pricing", options: mobile },
    ];
    for (const run of runs) {
      const context = await browser.newContext(run.options);
      const page = await context.newPage();
      await page.goto(`${server.url}${run.path}`);
      if (run.openMenu) await page.locator("#site-menu summary").click();
      expect((await axeViolations(page)).map((violation) => `${run.path}: ${violation}`)).toEqual([]);
      await context.close();
    }
  });
});

describe("page views", () => {
  it("counts each real visit once, per path per day, and not bots, DNT, GPC, HEAD, 404s or /admin", async () => {
    const counting = await startServer({ keepDataDir: true });
    const visit = (path: string, headers: Record<string, string> = {}, method = "GET") =>
      fetch(`${counting.url}${path}`, { method, headers: { "user-agent": browserAgent, ...headers } }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
      );
    try {
      for (let i = 0; i < 3; i++) expect(await visit("/pricing")).toBe(200);
      expect(await visit("/about")).toBe(200);
      expect(await visit("/portfolio?category=webapps")).toBe(200);
      expect(await visit("/about", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" })).toBe(200);
      expect(await visit("/about", { dnt: "1" })).toBe(200);
      expect(await visit("/about", { "sec-gpc": "1" })).toBe(200);
      expect(await visit("/about", {}, "HEAD")).toBe(200);
      expect(await visit("/missing")).toBe(404);
      await visit("/admin/login");
      await visit("/sitemap.xml");
      // a real browser visit counts once as well (its image and CSS requests do not count)
      const context = await browser.newContext({ ...desktop, userAgent: browserAgent });
      await (await context.newPage()).goto(`${counting.url}/contact`, { waitUntil: "networkidle" });
      await context.close();
    } finally {
      expect(await counting.stop()).toBe(0);
    }
    const database = await openDatabase({ dataDir: counting.dataDir });
    try {
      const rows = await database.db.select().from(pageViews);
      const byPath = Object.fromEntries(rows.map((row) => [row.path, row.views]));
      expect(byPath).toEqual({ "/pricing": 3, "/about": 1, "/portfolio": 1, "/contact": 1 });
      expect(Object.keys(rows[0] ?? {}).sort()).toEqual(["day", "path", "views"]);
    } finally {
      await database.close();
      const { rmSync } = await import("node:fs");
      rmSync(counting.dataDir, { recursive: true, force: true });
    }
  });
});
