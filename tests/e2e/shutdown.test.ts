/**
 * SIGTERM under load (issue 36, fault test 1; ADR 0048). Clients post inquiries over keep-alive
 * connections without a pause; the server is sent SIGTERM in the middle. Every inquiry the server
 * saved was answered (none met a socket error after its write: a resend would duplicate it), every
 * answered one is saved, and the server exits well under its 10 s drain limit, having logged no error. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { contactSubmissions, suspectedSpam } from "#app/db/schema.ts";
import { dataDirWithAccounts } from "../support/accounts.ts";
import { createPostgresDatabase } from "../support/database.ts";
import { startServer, type TestServer } from "../support/server.ts";
import { until } from "../support/wait.ts";

const env = { CONTACT_RATE_LIMIT: "off", CONTACT_MIN_FILL_MS: "0" };
const lanes = 8;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

type Answer = { status: number; body: string; connection: string | undefined };

/** One HTTP exchange on the lane's keep-alive agent; rejects on a socket error. */
function exchange(server: TestServer, agent: Agent, method: "GET" | "POST", body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${server.url}/contact`,
      {
        method,
        agent,
        headers:
          method === "POST"
            ? {
                "content-type": "application/x-www-form-urlencoded",
                "content-length": Buffer.byteLength(body ?? ""),
                origin: server.url,
              }
            : {},
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: text, connection: response.headers.connection }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** "no-answer": a socket error (refused before its write, or cut after it: the test tells them apart) */
type Outcome = "answered" | "refused" | "no-answer" | "never-sent";

async function storedProbes(target: { dataDir?: string; databaseUrl?: string }, probes: string[]) {
  const database = await openDatabase(
    target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir ?? "" },
  );
  try {
    const inbox = await database.db
      .select({ message: contactSubmissions.message })
      .from(contactSubmissions)
      .where(inArray(contactSubmissions.message, probes));
    const spam = await database.db.select({ fields: suspectedSpam.fields }).from(suspectedSpam);
    return new Set([
      ...inbox.map((row) => row.message),
      ...spam.map((row) => (row.fields as Record<string, string>).message ?? ""),
    ]);
  } finally {
    await database.close();
  }
}

async function sigtermUnderLoad(target: { dataDir?: string; databaseUrl?: string }) {
  const server = await startServer({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    env: { ...env, ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}) },
  });
  const outcomes = new Map<string, Outcome>();
  let stopping = false;
  const lane = async (index: number) => {
    // one connection per lane, kept alive between requests
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let closing = false;
    try {
      for (let i = 0; ; i++) {
        const probe = `shutdown-probe-${index}-${i}`;
        let token = "";
        try {
          const form = await exchange(server, agent, "GET");
          closing = form.connection === "close";
          token = /name="form_token" value="([^"]+)"/.exec(form.body)?.[1] ?? "";
        } catch {
          // the server is going: no inquiry was sent
          return;
        }
        outcomes.set(probe, "never-sent");
        try {
          const posted = await exchange(
            server,
            agent,
            "POST",
            new URLSearchParams({
              first_name: "Shutdown",
              last_name: "Probe",
              email: "shutdown@example.test",
              project_type: "quote",
              message: probe,
              form_token: token,
            }).toString(),
          );
          closing = posted.connection === "close";
          outcomes.set(probe, posted.status === 303 ? "answered" : "refused");
        } catch {
          outcomes.set(probe, "no-answer");
          return;
        }
        // the server said it closes this connection: the lane's work is over
        if (stopping && closing) return;
      }
    } finally {
      agent.destroy();
    }
  };
  const writers = Array.from({ length: lanes }, (_, index) => lane(index));
  let code: number | null;
  let exitMs: number;
  try {
    // under load: every lane has posted a few times
    await until(() => [...outcomes.values()].filter((outcome) => outcome === "answered").length >= lanes * 3, {
      timeoutMs: 30_000,
      what: "the lanes to be posting",
    });
  } finally {
    stopping = true;
    const signalled = performance.now();
    code = await server.stop();
    exitMs = performance.now() - signalled;
  }
  await Promise.all(writers);
  const stored = await storedProbes(target, [...outcomes.keys()]);
  return { code, exitMs, outcomes, stored, server };
}

function expectNothingCut(result: Awaited<ReturnType<typeof sigtermUnderLoad>>) {
  const { code, exitMs, outcomes, stored, server } = result;
  const answered = [...outcomes].filter(([, outcome]) => outcome === "answered").map(([probe]) => probe);
  // every saved inquiry was answered: none met a socket error after its write
  const savedButNotAnswered = [...stored].filter((probe) => outcomes.get(probe) !== "answered");
  expect(savedButNotAnswered).toEqual([]);
  // every answered inquiry is saved
  expect(answered.filter((probe) => !stored.has(probe))).toEqual([]);
  expect(code).toBe(0);
  // well under the 10 s drain limit, and nothing was cut at it
  expect(exitMs).toBeLessThan(5_000);
  expect(server.logs().some((line) => line.msg === "requests still under way were cut")).toBe(false);
  expect(server.logs().filter((line) => Number(line.level) >= 50)).toEqual([]);
}

describe("SIGTERM under load", () => {
  it("answers every request whose write was saved, closes keep-alive connections and exits quickly [pglite]", async () => {
    // a prepared database (the run's template), so the test does not wait for a first start
    const dataDir = dataDirWithAccounts();
    dirs.push(dataDir);
    expectNothingCut(await sigtermUnderLoad({ dataDir }));
  });

  if (process.env.TEST_DATABASE_URL) {
    it("answers every request whose write was saved, closes keep-alive connections and exits quickly [postgres]", async () => {
      const database = await createPostgresDatabase();
      try {
        expectNothingCut(await sigtermUnderLoad({ databaseUrl: database.url }));
      } finally {
        await database.drop();
      }
    });
  }
});
