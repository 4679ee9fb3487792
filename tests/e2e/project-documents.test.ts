/**
 * Documents from a project in Chromium against the production build: New Estimate and New Invoice
 * on the project page (at 1024 and 390 px, by keyboard), the editor starting with the project's
 * phases and offering its recurring fees (with and without JavaScript), and picking a project in
 * a new invoice's editor: untouched lines are filled, typed ones only by 'Use project pricing'.
 * Screenshots go to /tmp/shots-project-documents/.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { seriousViolations } from "../support/axe.ts";
import { hydrated } from "../support/browser.ts";
import { insertCustomer, insertProject } from "../support/records.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

const shots = "/tmp/shots-project-documents";

async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const ada = await insertCustomer(database.db, { name: "Ada Lovelace" });
  const shop = await insertProject(database.db, ada.id, {
    projectName: "Shop",
    pricingDetails: {
      type: "phased",
      phases: [
        { id: "p1", name: "Discovery", price: 1_200 },
        { id: "p2", name: "Design", price: 2_400.5 },
        { id: "p3", name: "Build", price: 6_000 },
      ],
      recurring_fees: [
        { id: "f1", name: "Hosting", amount: 25 },
        { id: "f2", name: "Care plan", amount: 90 },
      ],
    },
  });
  await insertProject(database.db, ada.id, {
    projectName: "Audit",
    pricingDetails: { type: "hourly", phases: [], recurring_fees: [] },
    hourlyRate: "85.00",
    estimatedHours: "12.50",
  });
  await database.close();
  return { shopId: shop.id };
}

const toast = (page: Page, text: string) =>
  page
    .getByRole("region", { name: /Notifications/ })
    .getByText(text)
    .waitFor();

/** The editor's lines as [description, quantity, unit price]. */
async function editorLines(page: Page): Promise<string[][]> {
  // the whole page first: on a busy machine the heading can be there while the lines are still arriving
  await page.waitForLoadState("domcontentloaded");
  const count = await page.locator("[data-line]").count();
  const lines: string[][] = [];
  for (let n = 1; n <= count; n++) {
    lines.push([
      await page.getByLabel(`Description, line ${n}`).inputValue(),
      await page.getByLabel(`Quantity, line ${n}`).inputValue(),
      await page.getByLabel(`Unit price, line ${n}`).inputValue(),
    ]);
  }
  return lines;
}

const phaseLines = [
  ["Shop: Discovery", "1", "1200.00"],
  ["Shop: Design", "1", "2400.50"],
  ["Shop: Build", "1", "6000.00"],
];

describe("documents from a project", () => {
  let app: SignedInApp<{ shopId: string }>;
  const summary = (page: Page, name: string) => page.locator(`[data-summary="${name}"]`).textContent();

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    app = await startSignedInApp({ seed });
  });
  afterAll(() => app?.stop());

  it("New Estimate from a phased project: one line per phase, the right total, saved as a draft linked to the project", async () => {
    const page = await app.adminPage({ viewport: { width: 1280, height: 900 } });
    const projectUrl = `${app.server.url}/admin/projects/${app.seeded.shopId}`;
    await page.goto(projectUrl);
    await hydrated(page);
    await page.getByRole("link", { name: "New Estimate" }).click();
    await page.getByRole("heading", { name: "New Estimate" }).waitFor();
    await hydrated(page);
    expect(
      await page
        .getByLabel(/^Project/)
        .locator("option:checked")
        .textContent(),
    ).toBe("Shop");
    expect(await editorLines(page)).toEqual(phaseLines);
    expect(await summary(page, "total")).toBe("$9,600.50");
    expect(await page.locator("[data-line-total]").allTextContents()).toEqual([
      "Total$1,200.00",
      "Total$2,400.50",
      "Total$6,000.00",
    ]);

    // the recurring fees are offered, not added
    const fees = page.getByRole("link", { name: "Add recurring fees (2)" });
    await fees.click();
    expect((await editorLines(page)).slice(3)).toEqual([
      ["Hosting", "1", "25.00"],
      ["Care plan", "1", "90.00"],
    ]);
    await expect.poll(() => summary(page, "total")).toBe("$9,715.50");
    expect(await fees.count()).toBe(0);
    expect(page.url()).not.toContain("fees=1");
    await page.screenshot({ path: `${shots}/estimate-from-project-1280.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Save as Draft" }).click();
    await toast(page, "Estimate saved successfully");
    await page.goto(projectUrl);
    const related = page.locator("section", { has: page.getByRole("heading", { name: "Related Invoices" }) });
    await related.getByText("EST-0001").waitFor();
    expect(await related.textContent()).toContain("$9,715.50");
  });

  it("the project page's New Estimate and New Invoice: in the header at 1024 and 390 px, and by keyboard", async () => {
    for (const width of [1024, 390]) {
      const page = await app.adminPage({ viewport: { width, height: 800 } });
      await page.goto(`${app.server.url}/admin/projects/${app.seeded.shopId}`);
      await hydrated(page);
      for (const [name, type] of [
        ["New Estimate", "estimate"],
        ["New Invoice", "invoice"],
      ] as const) {
        const link = page.getByRole("link", { name });
        expect(await link.isVisible(), `${name} at ${width}`).toBe(true);
        const box = await link.boundingBox();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width, `${name} at ${width}`).toBe(true);
        expect(await link.getAttribute("href")).toMatch(
          new RegExp(`^/admin/invoices/new\\?type=${type}&customer_id=[0-9a-f-]{36}&project_id=${app.seeded.shopId}$`),
        );
      }
      await page.screenshot({ path: `${shots}/project-header-${width}.png` });
      if (width === 390) {
        // Tab reaches New Estimate; Enter opens the editor
        let focused = "";
        for (let press = 0; press < 40 && focused !== "New Estimate"; press++) {
          await page.keyboard.press("Tab");
          focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
        }
        expect(focused).toBe("New Estimate");
        await page.keyboard.press("Enter");
        await page.getByRole("heading", { name: "New Estimate" }).waitFor();
        expect(await editorLines(page)).toEqual(phaseLines);
      }
      await page.context().close();
    }
  });

  it("picking a project in a new invoice's editor fills untouched lines; typed lines only by 'Use project pricing'", async () => {
    const page = await app.adminPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${app.server.url}/admin/invoices/new?type=invoice`);
    await page.getByRole("heading", { name: "New Invoice" }).waitFor();
    await hydrated(page);
    const project = page.getByLabel(/^Project/);
    await page.getByLabel("Customer", { exact: true }).selectOption({ label: "Ada Lovelace" });
    await project.locator("option", { hasText: "Audit" }).waitFor({ state: "attached" });
    await project.selectOption({ label: "Audit" });
    await expect.poll(() => editorLines(page)).toEqual([["Audit: hours", "12.5", "85.00"]]);
    await expect.poll(() => summary(page, "total")).toBe("$1,062.50");
    expect(await page.getByRole("button", { name: "Use project pricing" }).count()).toBe(0);

    // the owner's own line is never overwritten by picking another project
    await page.getByLabel("Description, line 1").fill("Logo");
    await page.getByLabel("Quantity, line 1").fill("2");
    await page.getByLabel("Unit price, line 1").fill("300");
    await project.selectOption({ label: "Shop" });
    const use = page.getByRole("button", { name: "Use project pricing" });
    await use.waitFor();
    expect(await editorLines(page)).toEqual([["Logo", "2", "300"]]);
    expect(await page.getByRole("link", { name: "Add recurring fees (2)" }).isVisible()).toBe(true);
    await use.click();
    await expect.poll(() => editorLines(page)).toEqual(phaseLines);
    await expect.poll(() => summary(page, "total")).toBe("$9,600.50");
    expect(await use.count()).toBe(0);
    await page.screenshot({ path: `${shots}/picked-project-1280.png`, fullPage: true });
  });

  it("without JavaScript: the fees come as a reload, and 'Load projects' with a chosen project fills blank lines", async () => {
    const page = await app.adminPage({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    await page.goto(`${app.server.url}/admin/projects/${app.seeded.shopId}`);
    await page.getByRole("link", { name: "New Invoice" }).click();
    await page.getByRole("heading", { name: "New Invoice" }).waitFor();
    expect(await editorLines(page)).toEqual(phaseLines);
    await page.getByRole("link", { name: "Add recurring fees (2)" }).click();
    await page.waitForURL(/fees=1$/);
    expect((await editorLines(page)).map((line) => line[0])).toEqual([
      "Shop: Discovery",
      "Shop: Design",
      "Shop: Build",
      "Hosting",
      "Care plan",
    ]);

    await page.goto(`${app.server.url}/admin/invoices/new?type=invoice`);
    await page.getByLabel("Customer", { exact: true }).selectOption({ label: "Ada Lovelace" });
    await page.getByRole("button", { name: "Load projects" }).click();
    await page.getByLabel(/^Project/).selectOption({ label: "Audit" });
    await page.getByRole("button", { name: "Load projects" }).click();
    await page
      .getByLabel(/^Project/)
      .locator("option:checked", { hasText: "Audit" })
      .waitFor({ state: "attached" });
    expect(await editorLines(page)).toEqual([["Audit: hours", "12.5", "85.00"]]);
  });
});
