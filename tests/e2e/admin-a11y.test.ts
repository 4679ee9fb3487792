/** Accessibility of the back-office pages (axe, WCAG 2 A and AA rules): no serious or critical violations. */
import { rmSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAccount, dataDirWithAccounts } from "../support/accounts.ts";
import { seriousViolations } from "../support/axe.ts";
import { hydrated, launchBrowser } from "../support/browser.ts";
import { startServer, type TestServer } from "../support/server.ts";

describe("back-office accessibility", () => {
  let server: TestServer;
  let browser: Browser;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = dataDirWithAccounts();
    server = await startServer({ dataDir });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("the login page and the shell", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/login`);
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Email").fill(adminAccount.email);
    await page.getByLabel("Password").fill(adminAccount.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await page.getByRole("heading", { name: "Contact Forms", level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
