/**
 * The client's proposal link in Chromium against the production build, on a 390 px phone: the
 * middle package and an add-on chosen, the total and deposit following live (the page's script,
 * the server's money module), a drawn signature, the typed name, agree, Sign, the thank-you, and
 * the signed PDF read back with pdftotext (the signer's name and the SHA-256). Without JavaScript
 * "Update total" gives the same total from the server. axe finds no WCAG A/AA violation.
 * Screenshots go to /tmp/shots-proposal/.
 */
import { mkdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { users } from "#app/db/schema.ts";
import { addDaysIso, todayIn } from "#app/domain/dates.ts";
import { adminAccount } from "../support/accounts.ts";
import { axeViolations } from "../support/axe.ts";
import { downloadedBytes } from "../support/browser.ts";
import { createSentProposal, pdfText } from "../support/proposals.ts";
import { insertCustomer } from "../support/records.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

const shots = "/tmp/shots-proposal";
const phone = { viewport: { width: 390, height: 844 } };

async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const db = database.db;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, adminAccount.email));
  const customer = await insertCustomer(db, { name: "Ada Baker", email: "ada@bakery.test" });
  const input = {
    customerId: customer.id,
    expiresOn: addDaysIso(todayIn("UTC"), 30),
    actor: { userId: owner?.id ?? "", email: adminAccount.email },
  };
  const toSign = await createSentProposal(db, input);
  const withoutScript = await createSentProposal(db, input);
  await database.close();
  return { toSign: toSign.token, withoutScript: withoutScript.token };
}
type Seeded = Awaited<ReturnType<typeof seed>>;

const violations = (page: Page) => axeViolations(page, { tags: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] });

const summary = (page: Page, name: string) => page.locator(`[data-summary-value="${name}"]`).textContent();

describe("the client's proposal link", () => {
  let app: SignedInApp<Seeded>;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    app = await startSignedInApp({ seed });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("on a phone: choose, see the total live, draw, sign, and download the signed PDF", async () => {
    // a client far from the studio: the signing time is shown in their own zone
    const context = await app.browser.newContext({ ...phone, acceptDownloads: true, timezoneId: "Asia/Tokyo" });
    const page = await context.newPage();
    await page.goto(`${app.server.url}/p/${app.seeded.toSign}`);
    await page.getByRole("heading", { level: 1, name: "Proposal PRO-0001" }).waitFor();
    await page.waitForFunction(() => document.querySelector("[data-signature-pad]")?.hasAttribute("hidden") === false);
    expect(await page.getByRole("button", { name: "Update total" }).isVisible()).toBe(false);
    expect(await violations(page)).toEqual([]);
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole("radio", { name: /Starter/ }).check();
    expect(await summary(page, "total")).toBe("$1,082.50");
    await page.getByRole("radio", { name: /Business/ }).check();
    await page.getByRole("checkbox", { name: /Logo refresh/ }).check();
    expect(await summary(page, "subtotal")).toBe("$2,800.50");
    expect(await summary(page, "tax")).toBe("$231.04");
    expect(await summary(page, "total")).toBe("$3,031.54");
    expect(await summary(page, "deposit")).toBe("$1,515.77");

    const canvas = page.locator("[data-signature-pad] canvas");
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    if (!box) throw new Error("no signature pad");
    await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
    await page.mouse.down();
    for (let step = 1; step <= 12; step++) {
      await page.mouse.move(box.x + 20 + step * 25, box.y + box.height * (0.7 - 0.4 * Math.sin(step / 2)));
    }
    await page.mouse.up();
    expect(await page.locator('input[name="signature"]').inputValue()).toMatch(/^data:image\/png;base64,/);

    await page.getByLabel("Type your full name").fill("Ada Baker");
    await page.getByRole("checkbox", { name: "I have read and agree to the agreement" }).check();
    // not a full-page shot: that resizes the viewport, and a resize clears a drawn signature (by design)
    await page.screenshot({ path: `${shots}/phone-before-sign.png` });
    await page.getByRole("button", { name: "Sign" }).click();
    await page.getByRole("heading", { name: "Signed — thank you" }).waitFor();
    const signed = page.locator("[data-signed]");
    expect(await signed.textContent()).toContain("Ada Baker");
    expect(await signed.textContent()).toContain("$3,031.54");
    expect(await signed.textContent()).toContain("Your deposit invoice has been emailed to you.");
    // the page's script writes the time in the client's zone once it has run (a moment after the page shows)
    await expect
      .poll(async () => (await signed.locator("time[data-local-time]").textContent()) ?? "")
      .toMatch(/^\w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M \(Asia\/Tokyo\)$/);
    expect(await signed.textContent()).toMatch(/Studio time: \w+day, .* \((?!Asia\/Tokyo)[\w/]+\)/);
    const hash = (await signed.locator(".font-mono").textContent())?.trim() ?? "";
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    await page.screenshot({ path: `${shots}/phone-signed.png`, fullPage: true });
    expect(await violations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download the signed PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("PRO-0001-signed.pdf");
    const text = pdfText(new Uint8Array(await downloadedBytes(download)));
    expect(text).toContain("Signature certificate");
    expect(text).toContain("Ada Baker");
    expect(text).toContain(hash);
    expect(text).not.toContain("None (typed name only)");
    expect(text).not.toContain("could not be read");
    await context.close();
  });

  it("without JavaScript: Update total shows the chosen total from the server", async () => {
    const context = await app.browser.newContext({ ...phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${app.server.url}/p/${app.seeded.withoutScript}`);
    await page.getByRole("heading", { level: 1, name: "Proposal PRO-0002" }).waitFor();
    expect(await page.locator("[data-signature-pad]").isVisible()).toBe(false);
    // the middle package is chosen first
    expect(await summary(page, "total")).toBe("$2,706.25");
    await page.getByRole("checkbox", { name: /Logo refresh/ }).check();
    // a name typed before asking for the total never reaches the address (the choice is posted alone)
    await page.getByLabel("Type your full name").fill("Typed Before Update");
    await page.getByRole("button", { name: "Update total" }).click();
    await page.waitForURL(/addon=a1/);
    expect(page.url()).not.toMatch(/Typed|signer_name|content_hash|agree/);
    expect(await summary(page, "total")).toBe("$3,031.54");
    expect(await summary(page, "deposit")).toBe("$1,515.77");
    expect(await page.getByRole("checkbox", { name: /Logo refresh/ }).isChecked()).toBe(true);
    await page.getByRole("radio", { name: /Premium/ }).check();
    await page.getByRole("button", { name: "Update total" }).click();
    await page.waitForURL(/tier=t3/);
    expect(await summary(page, "total")).toBe("$5,737.79");
    await page.screenshot({ path: `${shots}/phone-no-script.png`, fullPage: true });
    // (axe needs JavaScript in the page: the first test checks the same page with it, before and after signing)
    await context.close();
  });
});
