/**
 * The JavaScript each back-office page loads before it is interactive (every page under the admin frame,
 * the sign-in pages included), read from the production build's route manifest
 * (`build/client/assets/manifest-*.js`): the entry, the root, the page's layouts and its route module
 * with every chunk they import statically, each gzipped at level 9 (what a browser downloads, without
 * HTTP headers; `npm run lighthouse` reports the transfer with headers). Chunks loaded on demand (a
 * dialog, the phone menu: `splitComponent`) are not counted. Deterministic: no server, no timing.
 * Goal: every page at most 150 KB.
 *
 *   node bench/bundle.ts
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { adminPages, pageJavaScript, readManifest } from "../tests/support/bundle.ts";
import { projectRoot } from "../tests/support/server.ts";
import { type Row, under, writeRows } from "./lib/report.ts";

const client = path.join(projectRoot, "build", "client");
const goalKb = 150;

function main() {
  if (!existsSync(path.join(client, "assets"))) {
    console.error("No production build: run `npm run build` first.");
    process.exit(1);
  }
  const manifest = readManifest(client);
  const rows: Row[] = adminPages(manifest).map((page) => {
    const { files, gzipBytes } = pageJavaScript(manifest, client, page.routes);
    const kb = Math.round(gzipBytes / 102.4) / 10;
    console.log(`${page.path}: ${kb} KB gzip in ${files.length} files`);
    return under(
      "bundle",
      `${page.path}: JavaScript before interactive (gzip)`,
      kb,
      "KB",
      goalKb,
      `${files.length} files`,
    );
  });
  writeRows("bundle", rows);
}

main();
