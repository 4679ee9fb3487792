/**
 * The back office's first JavaScript, read from the production build (no browser): the inbox, the page
 * the owner opens every day, loads less than 150 KB (gzip) before it is interactive, without the
 * schema library or the dialog library; those come with a dialog or a form when one is opened
 * (`splitComponent`). `npm run bench -- bundle` reports the same figure for every page.
 *
 * Every back-office page, the sign-in pages included, has the same budget: 150 KB, none excepted. A page's
 * forms, editors, dialogs and menus load as chunks on demand (`splitComponent`), and what a page shows up
 * front comes from schema-free modules.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { adminPages, pageJavaScript, readManifest } from "../support/bundle.ts";
import { projectRoot } from "../support/server.ts";

const client = path.join(projectRoot, "build", "client");
const inboxRoutes = ["routes/admin/layout", "routes/admin/inbox"];

describe("the inbox's JavaScript", () => {
  const { files, gzipBytes } = pageJavaScript(readManifest(client), client, inboxRoutes);
  const code = files.map((file) => readFileSync(path.join(client, file), "utf8"));

  it("is under 150 KB gzip before the page is interactive", () => {
    expect(gzipBytes / 1024).toBeLessThan(150);
  });

  it("carries neither the schema library (zod) nor the dialog library (Radix) up front", () => {
    // strings of the libraries themselves, which minification keeps
    expect(code.filter((text) => text.includes("invalid_type"))).toEqual([]);
    expect(code.filter((text) => text.includes("DialogContent"))).toEqual([]);
  });

  it("still reaches the submission dialog and its form, as a chunk loaded on demand", () => {
    const route = code.find((_, index) => files[index] === readManifest(client).routes["routes/admin/inbox"]?.module);
    expect(route).toMatch(/import\(["`]\.\/submission-dialogs-[\w-]+\.js["`]\)/);
  });
});

const budgetKb = 150;

describe("every back-office page's JavaScript", () => {
  const manifest = readManifest(client);
  const pages = adminPages(manifest).map((page) => ({
    path: page.path,
    kb: pageJavaScript(manifest, client, page.routes).gzipBytes / 1024,
  }));

  it("covers the whole back office, the sign-in pages included", () => {
    const paths = pages.map((page) => page.path);
    for (const path of [
      "/admin/dashboard",
      "/admin/login",
      "/admin/customers",
      "/admin/invoices/:id",
      "/admin/settings",
      "/admin/questionnaires",
      "/admin/questionnaires/:id",
      "/admin/questionnaires/sent/:id",
      "/admin/reviews",
    ]) {
      expect(paths).toContain(path);
    }
    expect(paths.length).toBeGreaterThan(30);
  });

  it("is at most 150 KB gzip before the page is interactive", () => {
    const over = pages.filter((page) => page.kb > budgetKb);
    expect(over).toEqual([]);
  });

  it("carries neither the schema library (zod) nor the dialog library (Radix) up front on any page", () => {
    const heavy = adminPages(manifest)
      .filter((page) =>
        pageJavaScript(manifest, client, page.routes).files.some((file) => {
          const text = readFileSync(path.join(client, file), "utf8");
          return text.includes("invalid_type") || text.includes("DialogContent");
        }),
      )
      .map((page) => page.path);
    expect(heavy).toEqual([]);
  });
});
