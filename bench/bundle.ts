/**
 * The JavaScript a back-office page loads before it is interactive, read from the production build's
 * route manifest (`build/client/assets/manifest-*.js`): the entry, the root, the admin layout and the
 * page's route module with every chunk they import statically, each gzipped at level 9 (what a
 * browser downloads, without HTTP headers; `npm run lighthouse` reports the transfer with headers).
 * Chunks loaded on demand (a dialog, the phone menu: `splitComponent`) are not counted. Deterministic:
 * no server, no timing. Goal: the inbox under 150 KB.
 *
 *   node bench/bundle.ts
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pageJavaScript, readManifest } from "../tests/support/bundle.ts";
import { projectRoot } from "../tests/support/server.ts";
import { info, type Row, under, writeRows } from "./lib/report.ts";

const client = path.join(projectRoot, "build", "client");
const pages: { name: string; routes: string[]; goalKb?: number }[] = [
  { name: "inbox (/admin/dashboard)", routes: ["routes/admin/layout", "routes/admin/inbox"], goalKb: 150 },
  { name: "customers (/admin/customers)", routes: ["routes/admin/layout", "routes/admin/customers/list"] },
  { name: "invoices (/admin/invoices)", routes: ["routes/admin/layout", "routes/admin/invoices"] },
  { name: "invoice editor", routes: ["routes/admin/layout", "routes/admin/invoice-editor"] },
  { name: "sign-in (/admin/login)", routes: ["routes/admin/login"] },
];

function main() {
  if (!existsSync(path.join(client, "assets"))) {
    console.error("No production build: run `npm run build` first.");
    process.exit(1);
  }
  const manifest = readManifest(client);
  const rows: Row[] = pages.map((page) => {
    const { files, gzipBytes } = pageJavaScript(manifest, client, page.routes);
    const kb = Math.round(gzipBytes / 102.4) / 10;
    const note = `${files.length} files`;
    console.log(`${page.name}: ${kb} KB gzip in ${files.length} files`);
    return page.goalKb
      ? under("bundle", `${page.name}: JavaScript before interactive (gzip)`, kb, "KB", page.goalKb, note)
      : info("bundle", `${page.name}: JavaScript before interactive (gzip)`, kb, "KB", note);
  });
  writeRows("bundle", rows);
}

main();
