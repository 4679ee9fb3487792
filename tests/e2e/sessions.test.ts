/**
 * Sessions in Chromium against the production build: two browsers signed in as the same admin;
 * the first sees both on the security page and signs out the other, whose next page is the
 * sign-in form; axe on the page at 1280 and 390 px.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAccount, dataDirWithAccounts, signInCookie } from "../support/accounts.ts";
import { launchBrowser } from "../support/browser.ts";
import { startServer, type TestServer } from "../support/server.ts";

describe("sessions", () => {
  let server: TestServer;
  let browser: Browser;

  async function signedIn(width: number) {
    const cookie = await signInCookie(server.url, adminAccount);
    const [name, value] = cookie.split("=") as [string, string];
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([{ name, value, url: server.url }]);
    return context.newPage();
  }

  beforeAll(async () => {
    server = await startServer({ dataDir: dataDirWithAccounts() });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("signs out the other browser from the security page", async () => {
    const first = await signedIn(1280);
    const second = await signedIn(390);
    await second.goto(`${server.url}/admin/dashboard`);
    await first.goto(`${server.url}/admin/settings/security`);
    await first.getByText("This session").waitFor();
    expect(await first.getByRole("button", { name: /^Sign out/ }).count()).toBeGreaterThanOrEqual(2);
    for (const page of [first, second]) {
      await page.goto(`${server.url}/admin/settings/security`);
      const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(result.violations.map((violation) => violation.id)).toEqual([]);
    }
    await first.getByRole("button", { name: "Sign out all other sessions" }).click();
    await first.waitForURL(`${server.url}/admin/settings/security`);
    await expect.poll(async () => first.getByText("This session").count()).toBe(1);
    await second.goto(`${server.url}/admin/dashboard`);
    expect(new URL(second.url()).pathname).toBe("/admin/login");
    await first.goto(`${server.url}/admin/dashboard`);
    expect(new URL(first.url()).pathname).toBe("/admin/dashboard");
  });
});
