/**
 * The set-up most end-to-end files share: a data directory with the test accounts (optionally
 * seeded before the server opens it: PGlite allows one process per directory), the production
 * server on it, Chromium, and the admin's session cookie. `adminPage` opens a page in a new
 * browser context that carries the cookie.
 */
import { rmSync } from "node:fs";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { adminAccount, dataDirWithAccounts, signInCookie } from "./accounts.ts";
import { launchBrowser } from "./browser.ts";
import { startServer, type TestServer } from "./server.ts";

export type SignedInApp<Seeded = unknown> = {
  server: TestServer;
  browser: Browser;
  dataDir: string;
  /** the admin's session cookie, "name=value" */
  cookie: string;
  /** what `seed` returned */
  seeded: Seeded;
  /** a page in a new browser context signed in as the admin */
  adminPage(options?: BrowserContextOptions): Promise<Page>;
  /** closes the browser, stops the server and removes the data directory */
  stop(): Promise<void>;
};

export async function startSignedInApp<Seeded = undefined>(
  options: { seed?: (dataDir: string) => Promise<Seeded>; env?: Record<string, string> } = {},
): Promise<SignedInApp<Seeded>> {
  const dataDir = dataDirWithAccounts();
  const seeded = (await options.seed?.(dataDir)) as Seeded;
  const [server, browser] = await Promise.all([startServer({ dataDir, env: options.env }), launchBrowser()]);
  const cookie = await signInCookie(server.url, adminAccount);
  const [name, value] = cookie.split("=") as [string, string];
  return {
    server,
    browser,
    dataDir,
    cookie,
    seeded,
    async adminPage(contextOptions = {}) {
      const context = await browser.newContext(contextOptions);
      await context.addCookies([{ name, value, url: server.url }]);
      return context.newPage();
    },
    async stop() {
      await browser.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
