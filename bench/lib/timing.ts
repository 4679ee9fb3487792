/**
 * Times one address over loopback: `warmUp` untimed then `runs` timed sequential GETs, each with its
 * own X-Request-Id, read back from the server's request log lines for the server's own time and the
 * queries each request ran. Used by the list and client-page benchmarks.
 */
import { performance } from "node:perf_hooks";
import type { TestServer } from "../../tests/support/server.ts";
import { percentile, round } from "./report.ts";

/** One address's figures. */
export type Timing = {
  p50: number;
  p95: number;
  /** the server's own time (its request log line) */
  serverP95: number;
  queries: number[];
  dbMsP50: number;
  bytes: number;
};

export async function timeRequests(
  server: TestServer,
  pathname: string,
  options: { prefix: string; runs: number; warmUp: number; cookie?: string },
): Promise<Timing> {
  const times: number[] = [];
  const ids: string[] = [];
  let status = 0;
  let bytes = 0;
  for (let i = 0; i < options.warmUp + options.runs; i++) {
    const id = `${options.prefix}-${i}`;
    const headers: Record<string, string> = { "X-Request-Id": id };
    if (options.cookie) headers.Cookie = options.cookie;
    const t = performance.now();
    const response = await fetch(`${server.url}${pathname}`, { headers, redirect: "manual" });
    const body = await response.text();
    const elapsed = performance.now() - t;
    status = response.status;
    bytes = Buffer.byteLength(body);
    if (i >= options.warmUp) {
      times.push(elapsed);
      ids.push(id);
    }
  }
  if (status !== 200) throw new Error(`${pathname} answered ${status}`);
  const wanted = new Set(ids);
  const lines = server.logs().filter((line) => line.msg === "request" && wanted.has(String(line.reqId)));
  const sorted = [...times].sort((a, b) => a - b);
  const serverMs = lines.map((line) => Number(line.ms)).sort((a, b) => a - b);
  const dbMs = lines.map((line) => Number(line.dbMs)).sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    serverP95: round(percentile(serverMs, 95)),
    queries: [...new Set(lines.map((line) => Number(line.queries)))].sort((a, b) => a - b),
    dbMsP50: round(percentile(dbMs, 50)),
    bytes,
  };
}

/** "p50 …, server p95 …, n queries (db … ms p50), … KB <what>" */
export function timingNote(t: Timing, what: string): string {
  return `p50 ${t.p50} ms, server p95 ${t.serverP95} ms, ${t.queries.join("/")} queries (db ${t.dbMsP50} ms p50), ${round(t.bytes / 1024)} KB ${what}`;
}
