/**
 * Invoice PDF render time (goal: under 150 ms warm for a one-page invoice), for a
 * 1-page and a 5-page invoice: cold (a fresh process: loading @react-pdf/renderer and the fonts,
 * then the first render) and warm (the same process, after three renders). Uses the production
 * build's PDF chunk (`npm run build` first), the very code the /admin/invoices/{id}.pdf route runs.
 *
 *   node bench/pdf.ts [--runs 30] [--cold 5]
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { invoiceDocument, type PrintableSource } from "#app/domain/invoice-document.ts";
import { defaultStudio } from "#app/domain/studio.ts";
import { sampleInvoice } from "../tests/support/invoices.ts";
import { numberArg } from "./lib/args.ts";
import { info, type Row, under, writeRows } from "./lib/report.ts";

const root = path.resolve(import.meta.dirname, "..");
const assets = path.join(root, "build/server/assets");
const chunk = readdirSync(assets).find(
  (file) => file.startsWith("document-pdf-renderer.server-") && file.endsWith(".js"),
);
if (!chunk) throw new Error("no PDF chunk in build/server/assets: run `npm run build` first");

type Render = (doc: ReturnType<typeof invoiceDocument>) => Promise<Buffer>;

/** 1 page: the sample's three lines; 5 pages: enough lines to fill five Letter pages. */
function source(pages: 1 | 5): PrintableSource {
  if (pages === 1) return sampleInvoice;
  const lines = Array.from({ length: 105 }, (_, i) => ({
    description: `Line ${i + 1}: design, build and test of feature ${i + 1}`,
    quantity: "1.50",
    unitPrice: "85.00",
    lineTotal: "127.50",
  }));
  return { ...sampleInvoice, lines };
}

const pageCount = (pdf: Buffer) => (pdf.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length;

async function load(): Promise<Render> {
  const module = (await import(pathToFileURL(path.join(assets, chunk as string)).href)) as Record<string, unknown>;
  // by name: the chunk exports other functions too (the shared PDF header, the renderer's loader)
  const render = module.renderDocumentPdfLayout as Render | undefined;
  if (typeof render !== "function") throw new Error("the PDF chunk does not export renderDocumentPdfLayout");
  return render;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

if (process.argv.includes("--child")) {
  // one cold render in a fresh process: import + fonts + first render
  const pages = Number(process.argv[process.argv.indexOf("--child") + 1]) as 1 | 5;
  const started = performance.now();
  const render = await load();
  const pdf = await render(invoiceDocument(source(pages), defaultStudio));
  console.log(JSON.stringify({ ms: performance.now() - started, pages: pageCount(pdf) }));
  process.exit(0);
}

const runs = numberArg("runs", 30);
const coldRuns = numberArg("cold", 5);
const results: Record<string, string | number>[] = [];
const render = await load();
for (const pages of [1, 5] as const) {
  const cold: number[] = [];
  let actualPages = 0;
  for (let i = 0; i < coldRuns; i++) {
    const child = spawnSync(process.execPath, [path.join(import.meta.dirname, "pdf.ts"), "--child", String(pages)], {
      cwd: root,
      encoding: "utf8",
    });
    if (child.status !== 0) throw new Error(child.stderr);
    const line = JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}") as { ms: number; pages: number };
    cold.push(line.ms);
    actualPages = line.pages;
  }
  const doc = invoiceDocument(source(pages), defaultStudio);
  for (let i = 0; i < 3; i++) await render(doc);
  const warm: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const pdf = await render(doc);
    warm.push(performance.now() - started);
    bytes = pdf.length;
  }
  warm.sort((a, b) => a - b);
  cold.sort((a, b) => a - b);
  results.push({
    invoice: `${pages === 1 ? "1 page, 3 lines" : "5 pages, 105 lines"}`,
    pages: actualPages,
    "cold median ms": Math.round(percentile(cold, 50)),
    "warm median ms": Math.round(percentile(warm, 50)),
    "warm p95 ms": Math.round(percentile(warm, 95)),
    "size KB": Math.round(bytes / 1024),
  });
}
console.table(results);
const rows: Row[] = results.flatMap((result) => {
  const name = String(result.invoice);
  const warm = Number(result["warm median ms"]);
  return [
    name.startsWith("1 page")
      ? under(
          "pdf",
          `${name}: warm median`,
          warm,
          "ms",
          150,
          `p95 ${result["warm p95 ms"]} ms, ${result["size KB"]} KB`,
        )
      : info("pdf", `${name}: warm median`, warm, "ms", `p95 ${result["warm p95 ms"]} ms, ${result["size KB"]} KB`),
    info("pdf", `${name}: cold (fresh process) median`, Number(result["cold median ms"]), "ms"),
  ];
});
writeRows("pdf", rows);
