/**
 * The back office by keyboard alone, in Chromium against the production build: the lead's dialog
 * keeps Tab inside it in reading order (notes → Convert → Cancel → Update) and gives focus back to
 * the control that opened it.
 */
import { rmSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { contactSubmissions } from "#app/db/schema.ts";
import { adminAccount, dataDirWithAccounts, signInCookie } from "../support/accounts.ts";
import { launchBrowser } from "../support/browser.ts";
import { startServer, type TestServer } from "../support/server.ts";

/** The focused element, as a person would name it: its accessible label or its text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const node = document.activeElement as HTMLElement | null;
    if (!node || node === document.body) return "(body)";
    const label = node.getAttribute("aria-label") ?? node.textContent ?? "";
    return label.replace(/\s+/g, " ").trim();
  });
}

describe("the back office by keyboard alone", () => {
  let server: TestServer;
  let browser: Browser;
  let dataDir: string;
  let cookie: string;
  beforeAll(async () => {
    dataDir = dataDirWithAccounts();
    const database = await openDatabase({ dataDir });
    await database.db.insert(contactSubmissions).values({
      name: "Grace Hopper",
      email: "grace@navy.example",
      projectType: "webapp",
      budgetRange: "medium",
      message: "A compiler-themed site, please.",
      status: "new",
    });
    await database.close();
    server = await startServer({ dataDir });
    browser = await launchBrowser();
    cookie = await signInCookie(server.url, adminAccount);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function signedInPage(viewport = { width: 1280, height: 900 }) {
    const [name, value] = cookie.split("=") as [string, string];
    const context = await browser.newContext({ viewport });
    await context.addCookies([{ name, value, url: server.url }]);
    return context.newPage();
  }

  it("the lead's dialog: Tab goes from Internal Notes to Convert, Cancel and Update; closing returns focus to View", async () => {
    const page = await signedInPage();
    await page.goto(`${server.url}/admin/dashboard`);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    const view = page.locator('[aria-label="View submission from Grace Hopper"]').locator("visible=true");
    await view.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await dialog.getByLabel("Internal Notes").focus();
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Tab");
      order.push(await focused(page));
    }
    await page.screenshot({ path: "/tmp/kb/dialog.png" });
    expect(order).toEqual(["Convert to Customer", "Cancel", "Update"]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toBe("View submission from Grace Hopper");
    await page.context().close();
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`the lead's dialog opened from its address at ${viewport.width} px keeps the same Tab order`, async () => {
      const page = await signedInPage(viewport);
      await page.goto(`${server.url}/admin/dashboard`);
      const href = await page.locator('[aria-label="View submission from Grace Hopper"]').first().getAttribute("href");
      await page.goto(`${server.url}${href}`);
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Internal Notes").focus();
      const order: string[] = [];
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press("Tab");
        order.push(await focused(page));
      }
      await page.screenshot({ path: `/tmp/kb/dialog-direct-${viewport.width}.png` });
      expect(order.slice(0, 3)).toEqual(["Convert to Customer", "Cancel", "Update"]);
      // what Tab reaches next is also what the eye reads next: the buttons stand in their Tab order
      const tops = await Promise.all(
        ["Convert to Customer", "Cancel", "Update"].map(
          async (name) =>
            (await dialog.getByRole(name === "Update" ? "button" : "link", { name }).boundingBox())?.y ?? 0,
        ),
      );
      const lefts = await Promise.all(
        ["Convert to Customer", "Cancel", "Update"].map(
          async (name) =>
            (await dialog.getByRole(name === "Update" ? "button" : "link", { name }).boundingBox())?.x ?? 0,
        ),
      );
      const reading = tops.map((top, i) => top * 10_000 + (lefts[i] ?? 0));
      expect([...reading].sort((a, b) => a - b)).toEqual(reading);
      await page.context().close();
    });
  }
});
