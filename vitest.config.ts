import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

/**
 * `virtual:public-scripts` (the public pages' script URLs, made by the app build's plugin in
 * vite.config.ts) for tests that run a route's loader: each name's development URL.
 */
const publicScriptsForTests: Plugin = {
  name: "public-scripts-for-tests",
  resolveId: (id) => (id === "virtual:public-scripts" ? "\0virtual:public-scripts" : undefined),
  load: (id) =>
    id === "\0virtual:public-scripts"
      ? 'export default new Proxy({}, { get: (_, name) => "/app/browser/" + String(name) + ".ts" });'
      : undefined,
};

// Separate from vite.config.ts: the React Router plugin is for the app build, not for tests.
export default defineConfig({
  test: {
    projects: [
      {
        extends: false,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
          environment: "node",
          // a safety net, not the pace: a PDF render or a script's process takes seconds beside the end-to-end
          // files on two busy cores (vitest's 5 s failed a PDF test there)
          testTimeout: 30_000,
        },
      },
      {
        extends: false,
        plugins: [publicScriptsForTests],
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: ["tests/integration/**/*.isolated.test.ts"],
          environment: "node",
          // one database per worker, shared by the files it runs (tests/support/database.ts)
          isolate: false,
          globalSetup: ["tests/support/database-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: false,
        test: {
          // files that mock modules (vi.mock) need fresh module graphs: with shared modules a mock
          // would not reach modules another file loaded first
          name: "integration-isolated",
          include: ["tests/integration/**/*.isolated.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/database-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: false,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          // safety nets, not the pace: every wait inside follows readiness (a page, a log line, a mail), so on a
          // busy machine a test takes longer rather than failing; a server that never starts fails at 180 s
          testTimeout: 180_000,
          hookTimeout: 240_000,
          // expect.poll waits for a page's state like Playwright's own waits (30 s), not vitest's 1 s: a save
          // answered in 2 s on a loaded machine is not a failure
          expect: { poll: { timeout: 30_000, interval: 50 } },
          // two files at a time, each with its own server (free port, own data directory), browser and
          // SMTP sink; E2E_WORKERS=1 runs one at a time (docs/decisions/0007-tests.md: the flash toasts
          // lost under load were a real bug, fixed 2026-11-26)
          fileParallelism: true,
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
          // one retry for a test that fails under the 2-core machine's load (a flash toast missed after a
          // redirect, a test server slow to exit: docs/decisions/0007-tests.md lists the ones seen); a test
          // that fails twice fails the run, and vitest reports every retry
          retry: 1,
          // the test accounts' data directory, made once and copied per server (tests/support/accounts.ts)
          globalSetup: ["tests/support/e2e-setup.ts"],
        },
      },
    ],
  },
});
