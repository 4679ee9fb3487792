/**
 * The back office's first JavaScript, read from the production build (no browser): the inbox, the page
 * the owner opens every day, loads less than 150 KB (gzip) before it is interactive, without the
 * schema library or the dialog library; those come with a dialog or a form when one is opened
 * (`splitComponent`). `npm run bench -- bundle` reports the same figure for more pages.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageJavaScript, readManifest } from "../support/bundle.ts";
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
