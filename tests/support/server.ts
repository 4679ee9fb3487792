/**
 * Starts the production build (`node server.ts`) on a free 127.0.0.1 port with a
 * temporary DATA_DIR, as a real process, for end-to-end tests.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { mallocEnv } from "../../server/malloc.ts";

export const projectRoot = path.resolve(import.meta.dirname, "../..");

/**
 * The contact form's time-trap minimum on test servers (CONTACT_MIN_FILL_MS): long enough that a
 * post sent at once counts as too fast, short enough that tests do not sleep 3 s each.
 */
const testMinFillMs = 1_000;

/** Waits until a form rendered now may be sent without being taken for a bot. */
export const waitPastTimeTrap = () => new Promise((resolve) => setTimeout(resolve, testMinFillMs + 150));

/**
 * The V8 options `npm start` runs the server with (package.json): the tests and benchmarks
 * start the same shape: PGlite's WebAssembly kept on its baseline tier, a small young generation and a
 * bounded old one keep the warm server under its memory goals without V8's `--optimize-for-size`,
 * which doubled the time of a page (ADR 0040).
 */
export const productionNodeArgs = ["--no-wasm-tier-up", "--max-semi-space-size=2", "--max-old-space-size=192"];

/**
 * The environment `npm start` sets before Node starts (package.json): glibc's malloc with a fixed
 * mmap threshold (server/malloc.ts, ADR 0038). STUDIO_SERVER_ENV ("NAME=value ...", may be empty)
 * replaces it, to compare allocator settings in a benchmark.
 */
export const productionEnv: Record<string, string> = { ...mallocEnv };

function serverEnv(): Record<string, string> {
  const override = process.env.STUDIO_SERVER_ENV;
  if (override === undefined) return productionEnv;
  return Object.fromEntries(
    override
      .split(" ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
}

/** How long a start may take before the test fails (and the server is killed). */
const startCapMs = 180_000;

export type TestServer = {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** every line the server printed so far */
  output: () => string;
  /** parsed JSON log lines */
  logs: () => Record<string, unknown>[];
  /** SIGTERM, wait for exit; returns the exit code */
  stop: () => Promise<number | null>;
};

export type StartOptions = {
  env?: Record<string, string>;
  /** reuse a data directory (restart tests); otherwise a fresh temporary one */
  dataDir?: string;
  keepDataDir?: boolean;
  /**
   * Stop keeping what the server prints once it listens (load benchmarks: the load generator's
   * process should not pay for holding the server's request log)
   */
  discardOutputAfterStart?: boolean;
  /** Node options before `server.ts` (default: those of `npm start`) */
  nodeArgs?: string[];
};

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "studio-e2e-"));
  // STUDIO_NODE_ARGS (space-separated, may be empty) overrides the default, to compare V8 options in a benchmark
  const override = process.env.STUDIO_NODE_ARGS;
  const nodeArgs =
    options.nodeArgs ?? (override === undefined ? productionNodeArgs : override.split(" ").filter(Boolean));
  const child = spawn(process.execPath, [...nodeArgs, "server.ts"], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...serverEnv(),
      // a developer's .env must not reach the tests
      ENV_FILE: "none",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      CONTACT_MIN_FILL_MS: String(testMinFillMs),
      // every test and load generator connects from 127.0.0.1, standing for many clients: no
      // per-address connection cap, except where a test sets one (tests/e2e/slow-clients.test.ts)
      MAX_CONNECTIONS_PER_ADDRESS: "0",
      // the server stops when this test process is gone, even when it was killed (server/app.ts)
      STOP_WHEN_STDIN_ENDS: "1",
      ...options.env,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  let keep = true;
  child.stdout?.on("data", (chunk) => {
    if (keep) output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    if (keep) output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  // complete JSON lines only: the server writes its log asynchronously, so the output can end
  // in the middle of a line
  const logs = () =>
    output
      .split("\n")
      .slice(0, -1)
      .filter((line) => line.startsWith("{"))
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      });

  // the server is waited for as long as it lives and has not said it listens (on a busy machine a start
  // can take long); the cap is only there so a server that hangs fails the test, and is then killed
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start in ${startCapMs / 1000} s:\n${output}`));
    }, startCapMs);
    const check = () => {
      const listening = logs().find((line) => line.msg?.toString().startsWith("listening on"));
      if (listening) {
        clearTimeout(timer);
        child.stdout?.off("data", check);
        if (options.discardOutputAfterStart) keep = false;
        resolve(Number(listening.port));
      }
    };
    child.stdout?.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    process: child,
    output: () => output,
    logs,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      const code = await exitAfterStop(child, exited, () => output);
      if (!options.dataDir && !options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/**
 * Waits for a server sent SIGTERM to exit. It exits within 30 s by itself (server/app.ts), having
 * logged "stopped" once everything is closed. Node can then hang inside `process.exit` (a shutdown
 * deadlock of its own, nodejs/node#54918: seen twice in a dozen whole runs, both times in slow-clients): a server that said
 * "stopped" and is still there 10 s later is killed and counts as exited with 0. One that never
 * said "stopped" within 40 s is killed and fails the test with what it printed while shutting down.
 */
async function exitAfterStop(child: ChildProcess, exited: Promise<number | null>, output: () => string) {
  const started = Date.now();
  const said = () => output().slice(Math.max(0, output().lastIndexOf("shutting down")));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stoppedSince: number | undefined;
  for (;;) {
    const tick = new Promise<"waiting">((resolve) => {
      timer = setTimeout(() => resolve("waiting"), 1_000);
    });
    const code = await Promise.race([exited, tick]);
    clearTimeout(timer);
    if (code !== "waiting") return code;
    if (stoppedSince === undefined && said().includes('"msg":"stopped"')) stoppedSince = Date.now();
    if (stoppedSince !== undefined && Date.now() - stoppedSince > 10_000) {
      child.kill("SIGKILL");
      await exited;
      console.warn("a test server hung in process.exit after it had stopped cleanly; killed");
      return 0;
    }
    if (stoppedSince === undefined && Date.now() - started > 40_000) {
      child.kill("SIGKILL");
      await exited;
      throw new Error(`the server did not stop within 40 s of SIGTERM; it printed:\n${said()}`);
    }
  }
}

/** Runs `node server.ts` expecting it to exit (bad configuration and the like). */
export function runServerExpectingExit(env: Record<string, string>, timeoutMs = 30_000) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [...productionNodeArgs, "server.ts"], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? "", ...productionEnv, HOST: "127.0.0.1", ENV_FILE: "none", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not exit:\n${output}`));
    }, timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The server process's resident memory, in MB (Linux: /proc). */
export function rssMb(server: TestServer): number {
  const status = readFileSync(`/proc/${server.process.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * The server's RSS once it has stopped moving: just after "ready" it still swings by hundreds of
 * megabytes for a second or two (start-up work being collected), which a measurement taken then would
 * count as the request's. Four samples a quarter-second apart within 4 MB, or 30 s at most.
 */
export async function settledRssMb(server: TestServer): Promise<number> {
  const samples: number[] = [];
  const deadline = Date.now() + 30_000;
  for (;;) {
    samples.push(rssMb(server));
    const last = samples.slice(-4);
    if ((last.length === 4 && Math.max(...last) - Math.min(...last) <= 4) || Date.now() > deadline) {
      return last.at(-1) ?? 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
