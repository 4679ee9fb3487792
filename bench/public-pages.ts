/**
 * Public pages against a static server: the production server's
 * `/`, `/pricing` and `/book` at concurrency 32, and in the same run a minimal Node server sending the
 * very same bytes and headers (in its own process, like the app). Alternating runs, medians.
 * Goal: at least half the static server's throughput, with p99 reported.
 *
 *   node bench/public-pages.ts [--runs 3] [--seconds 8] [--connections 32]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { type IncomingHttpHeaders, request } from "node:http";
import { startServer } from "../tests/support/server.ts";
import { numberArg } from "./lib/args.ts";
import { browserAgent, type LoadResult, load } from "./lib/load.ts";
import { atLeast, info, median, type Row, round, writeRows } from "./lib/report.ts";

const runs = numberArg("runs", 3);
const seconds = numberArg("seconds", 8);
const connections = numberArg("connections", 32);
/** public pages from the cache (server/public-cache.ts); /book since ADR 0037, its form token in a cookie set per answer */
const paths = ["/", "/pricing", "/book"];
const headers = { "user-agent": browserAgent, "accept-encoding": "gzip, deflate, br" };

function rawGet(url: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

/** A minimal static server: the same status, headers and body for every request. */
function staticServer(pages: Record<string, { headers: Record<string, string>; body: string }>) {
  const code = `
    const http = require("node:http");
    const pages = JSON.parse(process.env.PAGES);
    for (const page of Object.values(pages)) page.body = Buffer.from(page.body, "base64");
    const server = http.createServer((req, res) => {
      const page = pages[req.url];
      if (!page) { res.writeHead(404); res.end(); return; }
      res.writeHead(200, page.headers);
      res.end(page.body);
    });
    server.listen(0, "127.0.0.1", () => process.stdout.write(String(server.address().port) + "\\n"));
  `;
  const child: ChildProcess = spawn(process.execPath, ["-e", code], {
    env: { PATH: process.env.PATH ?? "", PAGES: JSON.stringify(pages) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = new Promise<number>((resolve) => child.stdout?.once("data", (chunk) => resolve(Number(String(chunk)))));
  return { port, stop: () => child.kill() };
}

const server = await startServer({ discardOutputAfterStart: true });
const rows: Row[] = [];
try {
  const pages: Record<string, { headers: Record<string, string>; body: string }> = {};
  for (const path of paths) {
    // the bytes as sent (compressed), not as fetch would hand them over
    const { headers: sent, body } = await rawGet(`${server.url}${path}`);
    const copied: Record<string, string> = {};
    for (const [name, value] of Object.entries(sent)) {
      // /book's token cookie: the static server sends the one it was given, every time
      if (name === "set-cookie" && Array.isArray(value)) copied[name] = value.join(", ");
      if (typeof value !== "string") continue;
      if (!["date", "connection", "keep-alive", "x-request-id", "transfer-encoding"].includes(name))
        copied[name] = value;
    }
    copied["content-length"] = String(body.length);
    pages[path] = { headers: copied, body: body.toString("base64") };
    console.warn(`${path}: ${body.length} bytes (${copied["content-encoding"] ?? "identity"})`);
  }
  const statik = staticServer(pages);
  const staticUrl = `http://127.0.0.1:${await statik.port}`;
  try {
    for (const path of paths) {
      const app: LoadResult[] = [];
      const plain: LoadResult[] = [];
      for (let run = 0; run < runs; run++) {
        app.push(await load(`${server.url}${path}`, { connections, seconds, headers }));
        plain.push(await load(`${staticUrl}${path}`, { connections, seconds, headers }));
      }
      const failures = app.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
      const appRps = median(app.map((r) => r.rps));
      const staticRps = median(plain.map((r) => r.rps));
      const ratio = appRps / staticRps;
      rows.push(
        atLeast(
          "public pages",
          `${path}: app / static throughput, concurrency ${connections}`,
          round(ratio, 2),
          "ratio",
          0.5,
          `app ${round(appRps, 0)} req/s, static ${round(staticRps, 0)} req/s${failures ? `, ${failures} failed` : ""}`,
        ),
        info(
          "public pages",
          `${path}: app p99`,
          median(app.map((r) => r.p99)),
          "ms",
          `p50 ${median(app.map((r) => r.p50))} ms`,
        ),
        info("public pages", `${path}: static p99`, median(plain.map((r) => r.p99)), "ms"),
      );
      if (failures)
        rows.push({
          area: "public pages",
          metric: `${path}: failed requests`,
          value: failures,
          unit: "",
          goal: "0",
          pass: false,
        });
    }
  } finally {
    statik.stop();
  }
} finally {
  await server.stop();
}
writeRows("public-pages", rows);
console.table(
  rows.map(({ metric, value, unit, goal, note }) => ({ metric, value, unit, goal: goal ?? "", note: note ?? "" })),
);
