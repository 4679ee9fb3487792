/**
 * The project room's files (ADR 0056), on PGlite and (with TEST_DATABASE_URL) PostgreSQL: a 20 MB
 * multipart upload streamed through `parseUploadForm` into 256 KB chunk rows (time, and the
 * process's peak RSS growth: PGlite runs inside it, as it does in the server), then the same file
 * downloaded from the production server's GET /admin/files/{id} (time, the server's peak RSS growth,
 * and the bytes checked against the SHA-256). Goal: memory flat, under 40 MB of growth either way.
 *
 *   node bench/files.ts [--mb 20] [--pglite-only | --postgres-only]
 */
import { createHash, randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { migrate } from "#app/db/migrate.server.ts";
import { seedBaseline } from "#app/db/seed.server.ts";
import { parseUploadForm } from "#app/services/file-storage.server.ts";
import { adminAccount, createAccount, signInCookie } from "../tests/support/accounts.ts";
import { insertCustomer, insertProject } from "../tests/support/records.ts";
import { numberArg } from "./lib/args.ts";
import { withBenchDatabase } from "./lib/bench-database.ts";
import { info, type Row, round, rssMb, under, writeRows } from "./lib/report.ts";

const megabytes = numberArg("mb", 20);
const size = megabytes * 1024 * 1024;
const boundary = "----studio-bench-files";
const growthGoalMb = 40;

/** The upload's body, made as it is read (64 KB at a time): the bench itself holds no 20 MB buffer. */
function uploadRequest(): { request: Request; sha256: () => string } {
  const hash = createHash("sha256");
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let sent = 0;
  let phase: "head" | "body" | "tail" | "done" = "head";
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (phase === "head") {
        phase = "body";
        return controller.enqueue(new Uint8Array(head));
      }
      if (phase === "body") {
        const piece = randomBytes(Math.min(64 * 1024, size - sent));
        if (sent === 0) piece.set([0x50, 0x4b, 0x03, 0x04]);
        sent += piece.length;
        hash.update(piece);
        if (sent >= size) phase = "tail";
        return controller.enqueue(new Uint8Array(piece));
      }
      if (phase === "tail") {
        phase = "done";
        return controller.enqueue(new Uint8Array(tail));
      }
      controller.close();
    },
  });
  const request = new Request("http://studio.bench/admin/projects/x/room", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, sha256: () => hash.digest("hex") };
}

/** Samples `pid`'s RSS every 20 ms while `work` runs; the peak growth over the start, in MB. */
async function peakGrowth<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; growthMb: number; ms: number }> {
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  const started = performance.now();
  try {
    const value = await work();
    const ms = performance.now() - started;
    peak = Math.max(peak, rssMb(pid));
    return { value, growthMb: peak - before, ms };
  } finally {
    clearInterval(timer);
  }
}

async function run(kind: "pglite" | "postgres"): Promise<Row[]> {
  const label = kind === "pglite" ? "PGlite" : "PostgreSQL";
  return withBenchDatabase(
    kind,
    async (database) => {
      await migrate(database, () => seedBaseline(database.db));
      const customer = await insertCustomer(database.db);
      const project = await insertProject(database.db, customer.id);
      // a warm-up file, so the first-use costs (busboy, the pool, PGlite's pages) are not the figure
      const warm = uploadRequest();
      await parseUploadForm(database.db, warm.request, {
        customerId: customer.id,
        projectId: project.id,
        uploadedBy: "owner",
        fileFields: ["file"],
      });
      global.gc?.();
      const upload = uploadRequest();
      const stored = await peakGrowth(process.pid, () =>
        parseUploadForm(database.db, upload.request, {
          customerId: customer.id,
          projectId: project.id,
          uploadedBy: "owner",
          fileFields: ["file"],
        }),
      );
      if (!stored.value.ok) throw new Error(stored.value.message);
      const file = stored.value.files[0];
      if (!file || file.sha256 !== upload.sha256()) throw new Error("the stored file is not the one sent");
      return { fileId: file.id, sha256: file.sha256, ms: stored.ms, growthMb: stored.growthMb };
    },
    async ({ prepared, dataDir, env, start }) => {
      createAccount(dataDir, adminAccount, { env });
      const server = await start();
      const cookie = await signInCookie(server.url, adminAccount);
      const pid = server.process.pid as number;
      // a first small request warms the route's module
      await (await fetch(`${server.url}/admin/files/${crypto.randomUUID()}`, { headers: { cookie } })).arrayBuffer();
      const fetchFile = () =>
        peakGrowth(pid, async () => {
          const response = await fetch(`${server.url}/admin/files/${prepared.fileId}`, { headers: { cookie } });
          if (response.status !== 200 || !response.body) throw new Error(`download: ${response.status}`);
          const hash = createHash("sha256");
          const reader = response.body.getReader();
          for (let read = await reader.read(); !read.done; read = await reader.read()) hash.update(read.value);
          return hash.digest("hex");
        });
      // the first read of the file's pages grows the database's own cache (PGlite's is in the process)
      const cold = await fetchFile();
      const download = await fetchFile();
      if (cold.value !== prepared.sha256) throw new Error("the download is not the stored file");
      if (download.value !== prepared.sha256) throw new Error("the download is not the stored file");
      return [
        under(
          "project room files",
          `${megabytes} MB upload, streamed into chunks: time (${label})`,
          round(prepared.ms, 0),
          "ms",
          10_000,
        ),
        under(
          "project room files",
          `${megabytes} MB upload: peak RSS growth of the process (${label}, in-process)`,
          round(prepared.growthMb, 1),
          "MB",
          growthGoalMb,
        ),
        info(
          "project room files",
          `${megabytes} MB first download: server's peak RSS growth (${label})`,
          round(cold.growthMb, 1),
          "MB",
          kind === "pglite" ? "PGlite reads the pages into its own memory once" : "",
        ),
        under(
          "project room files",
          `${megabytes} MB download from the server: time (${label})`,
          round(download.ms, 0),
          "ms",
          5_000,
        ),
        under(
          "project room files",
          `${megabytes} MB download (again): server's peak RSS growth (${label})`,
          round(download.growthMb, 1),
          "MB",
          growthGoalMb,
        ),
      ];
    },
  );
}

const rows: Row[] = [];
if (!process.argv.includes("--postgres-only")) rows.push(...(await run("pglite")));
if (process.env.TEST_DATABASE_URL && !process.argv.includes("--pglite-only")) rows.push(...(await run("postgres")));
writeRows("files", rows);
for (const row of rows) console.warn(`${row.metric}: ${row.value} ${row.unit}${row.goal ? ` (goal ${row.goal})` : ""}`);
