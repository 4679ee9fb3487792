/**
 * The back office by keyboard alone, in Chromium against the production build: the submission's dialog
 * keeps Tab inside it in reading order (notes → Convert → Cancel → Update) and gives focus back to
 * the control that opened it; and a whole day's path, submission → customer → project → estimate →
 * invoice → payment, with Tab, Shift+Tab, typing, Enter and Space only (no pointer).
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { contactSubmissions } from "#app/db/schema.ts";
import { lifecycleMessages } from "#app/domain/document-lifecycle.ts";
import { hydrated } from "../support/browser.ts";
import type { TestServer } from "../support/server.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

type Focus = { name: string; kind: string; inMain: boolean };

/** The focused element: its name as a person would read it (accessible label, form label or text) and its kind. */
async function focusedElement(page: Page): Promise<Focus> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await page.evaluate(() => {
        const node = document.activeElement as (HTMLElement & { labels?: NodeListOf<HTMLLabelElement> }) | null;
        if (!node || node === document.body) return { name: "(body)", kind: "body", inMain: false };
        const label = node.getAttribute("aria-label") ?? node.labels?.[0]?.textContent ?? node.textContent ?? "";
        const type = node.getAttribute("type");
        return {
          name: label.replace(/\s+/g, " ").trim(),
          kind: `${node.tagName.toLowerCase()}${type ? `:${type}` : ""}`,
          inMain: node.closest("#admin-main") !== null,
        };
      });
    } catch (error) {
      // a document navigation under way: ask the new page
      if (attempt > 5) throw error;
      await page.waitForLoadState();
    }
  }
}

async function focused(page: Page): Promise<string> {
  return (await focusedElement(page)).name;
}

type Target = { back?: boolean; max?: number; kind?: RegExp; inMain?: boolean };

/** Presses Tab (or Shift+Tab) until the focused element is `name` (and of `kind`, in the main content): reachable by keyboard. */
async function tabTo(page: Page, name: string | RegExp, options: Target = {}) {
  const seen: string[] = [];
  for (let i = 0; i < (options.max ?? 150); i++) {
    await page.keyboard.press(options.back ? "Shift+Tab" : "Tab");
    const now = await focusedElement(page);
    const named = typeof name === "string" ? now.name === name : name.test(now.name);
    if (
      named &&
      (!options.kind || options.kind.test(now.kind)) &&
      (options.inMain === undefined || now.inMain === options.inMain)
    )
      return;
    seen.push(`${now.kind} ${now.name}`);
  }
  throw new Error(`Tab never reached ${String(name)}; it went through: ${seen.slice(0, 60).join(" | ")}`);
}

async function typeInto(page: Page, name: string | RegExp, text: string, options: Target = {}) {
  await tabTo(page, name, { kind: /^(input|textarea)/, ...options });
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

async function toast(page: Page, text: string | RegExp) {
  await page
    .getByRole("region", { name: /Notifications/ })
    .getByText(text)
    .first()
    .waitFor();
}

describe("the back office by keyboard alone", () => {
  let app: SignedInApp;
  let server: TestServer;
  beforeAll(async () => {
    app = await startSignedInApp({
      seed: async (dataDir) => {
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
      },
    });
    server = app.server;
  });
  afterAll(async () => {
    await app?.stop();
  });

  const signedInPage = (viewport = { width: 1280, height: 900 }) => app.adminPage({ viewport });

  it("the submission's dialog: Tab goes from Internal Notes to Convert, Cancel and Update; closing returns focus to View", async () => {
    const page = await signedInPage();
    await page.goto(`${server.url}/admin/dashboard`);
    await hydrated(page);
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
    it(`the submission's dialog opened from its address at ${viewport.width} px keeps the same Tab order`, async () => {
      const page = await signedInPage(viewport);
      await page.goto(`${server.url}/admin/dashboard`);
      const href = await page.locator('[aria-label="View submission from Grace Hopper"]').first().getAttribute("href");
      await page.goto(`${server.url}${href}`);
      await hydrated(page);
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

  it("a day by keyboard alone: submission → customer → project → estimate → invoice → payment", async () => {
    const page = await signedInPage();
    await page.goto(`${server.url}/admin/dashboard`);
    await hydrated(page);

    // the submission becomes a customer
    await tabTo(page, "View submission from Grace Hopper");
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Submission Details" }).waitFor();
    await tabTo(page, "Convert to Customer");
    await page.keyboard.press("Enter");
    const convert = page.getByRole("dialog", { name: "Convert to Customer" });
    await convert.waitFor();
    await tabTo(page, "Convert to Customer");
    await page.keyboard.press("Enter");
    await toast(page, /converted to customer/);
    // the conversion lands on the new customer
    await page.getByRole("heading", { name: "Grace Hopper", level: 1 }).waitFor();
    await hydrated(page);

    // a project for the customer
    await tabTo(page, "Projects", { inMain: true });
    await page.keyboard.press("Enter");
    await tabTo(page, "New Project");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "New Project" }).waitFor();
    await hydrated(page);
    await typeInto(page, /^Project Name/, "Compiler site");
    await typeInto(page, /^Fixed Price/, "2400", { kind: /^input:(text|number)$/ });
    await tabTo(page, "Create Project");
    await page.keyboard.press("Enter");
    // back on the customer's Projects tab, with the new project
    await toast(page, "Project created successfully");
    await page.getByRole("main").getByText("Compiler site").waitFor();
    await hydrated(page);

    // an estimate for it, sent
    await tabTo(page, "Invoices", { inMain: false });
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: /Invoices/, level: 1 }).waitFor();
    await hydrated(page);
    await tabTo(page, "Create New");
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "New Estimate" }).waitFor();
    // the menu puts focus on its first item a moment after it opens, and each arrow moves it a moment later:
    // each press waits for the focus to have moved (on a busy machine a read right after it saw the old item)
    await expect.poll(() => focused(page)).toMatch(/^New (Invoice|Estimate)$/);
    for (let i = 0; i < 5 && (await focused(page)) !== "New Estimate"; i++) {
      const before = await focused(page);
      await page.keyboard.press("ArrowDown");
      await expect.poll(() => focused(page)).not.toBe(before);
    }
    expect(await focused(page)).toBe("New Estimate");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "New Estimate" }).waitFor();
    await hydrated(page);
    await tabTo(page, /^Customer/);
    await page.keyboard.type("Grace Hopper");
    await expect.poll(() => page.getByLabel("Project (optional)").locator("option").count()).toBeGreaterThan(1);
    await tabTo(page, /^Project \(optional\)/);
    await page.keyboard.type("Compiler site");
    await typeInto(page, "Description, line 1", "Website build");
    await typeInto(page, "Quantity, line 1", "1");
    await typeInto(page, "Unit price, line 1", "2400");
    await tabTo(page, "Save & Send", { back: true });
    await page.keyboard.press("Enter");
    await toast(page, /Estimate saved and sent|sent/i);
    await hydrated(page);

    // the client said yes by phone: accepted, converted, the invoice sent
    await tabTo(page, "Edit EST-0001");
    await page.keyboard.press("Enter");
    // sent: shown under its number, not as "Edit Estimate"
    await page.getByRole("heading", { name: "Estimate EST-0001", level: 1 }).waitFor();
    await hydrated(page);
    await tabTo(page, "Mark as Accepted");
    await page.keyboard.press("Enter");
    await toast(page, "Estimate marked as accepted");
    // the answered estimate is closed: the editor says so instead of offering a save
    await page.getByText(lifecycleMessages.estimateClosed).waitFor();
    expect(await page.getByRole("button", { name: /^Save/ }).count()).toBe(0);
    expect(await page.getByLabel("Description, line 1").isDisabled()).toBe(true);
    await page.screenshot({ path: "/tmp/kb/estimate-closed.png" });
    await tabTo(page, "Convert to Invoice");
    await page.keyboard.press("Enter");
    await toast(page, /Invoice INV-0001 created from the estimate/);
    await page.getByRole("heading", { name: "Edit Invoice" }).waitFor();
    await hydrated(page);
    await tabTo(page, "Save & Send");
    await page.keyboard.press("Enter");
    await toast(page, /Invoice saved and sent|sent/i);
    await hydrated(page);

    // the payment
    await tabTo(page, "Edit INV-0001");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Invoice INV-0001", level: 1 }).waitFor();
    await hydrated(page);
    const payments = page.getByRole("region", { name: "Payments" });
    expect(await payments.getByLabel("Amount").inputValue()).toBe("2400.00");
    await tabTo(page, "Record Payment");
    await page.keyboard.press("Enter");
    await toast(page, "Payment recorded");
    await expect.poll(() => page.locator("[data-invoice-status]").textContent()).toBe("Paid");
    await page.screenshot({ path: "/tmp/kb/paid.png", fullPage: true });
    await page.context().close();
  });
});
