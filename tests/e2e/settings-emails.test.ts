/**
 * Settings → Emails in Chromium (ADR 0050): the owner picks a mail, edits its subject and opening with
 * placeholders and sees the preview follow as they type (a sample client), an unknown placeholder is
 * refused on its field, the saved wording is what the next mail says, "Reset to default" brings the
 * default back, the accent colour is saved; at 1280, 1024 and 390 px the page fits and axe finds nothing
 * serious, and it works by keyboard.
 */
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe.ts";
import { hydrated } from "../support/browser.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

const shots = "/tmp/shots-settings-emails";

describe("Settings → Emails", () => {
  let app: SignedInApp;

  beforeAll(async () => {
    app = await startSignedInApp();
    mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("edits a mail's wording with a live preview, refuses an unknown placeholder, resets to the default", async () => {
    const page = await app.adminPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${app.server.url}/admin/settings/emails?template=reminder_overdue`);
    await hydrated(page);
    const preview = page.locator("[data-mail-preview]");
    expect(await preview.locator("[data-preview-subject]").textContent()).toMatch(
      /^Reminder: invoice INV-0042 from .+ is overdue$/,
    );
    expect(await preview.locator("[data-preview-opening]").textContent()).toContain("Hello Ada Lovelace,");
    expect(await page.locator("[data-reset-template]").isDisabled()).toBe(true);

    // the preview follows the typing
    const subject = page.getByLabel("Subject");
    await subject.fill("Gentle nudge: {document_number} was due {due_date}");
    await expect
      .poll(() => preview.locator("[data-preview-subject]").textContent())
      .toBe("Gentle nudge: INV-0042 was due 12/15/2026");
    const opening = page.getByLabel("Opening text");
    await opening.fill("Dear {client_name},\n\nJust a reminder about {amount}. {nonsense}");
    await expect.poll(() => preview.locator("[data-preview-opening]").textContent()).toContain("Dear Ada Lovelace,");

    // an unknown placeholder is the field's error; nothing is saved
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Unknown placeholder {nonsense}").first().waitFor();
    await page.screenshot({ path: `${shots}/refused-1280.png`, fullPage: true });

    await opening.fill("Dear {client_name},\n\nJust a reminder about {amount}.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Payment reminder: overdue mail saved").waitFor();
    await expect.poll(() => subject.inputValue()).toBe("Gentle nudge: {document_number} was due {due_date}");
    expect(await page.locator('[data-template-link="reminder_overdue"]').textContent()).toContain("edited");
    expect(await page.locator("[data-reset-template]").isDisabled()).toBe(false);

    // the sizes, axe, and nothing sideways
    for (const width of [1280, 1024, 390]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/edited-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Reset to default, by keyboard
    await page.locator("[data-reset-template]").focus();
    await page.keyboard.press("Enter");
    await page.getByText("Payment reminder: overdue mail is back to its default").waitFor();
    await expect
      .poll(() => subject.inputValue())
      .toBe("Reminder: invoice {document_number} from {studio_name} is overdue");

    // the accent colour: refused when not a colour, saved when it is
    const accent = page.getByLabel("Accent colour");
    await accent.fill("green");
    await page.getByRole("button", { name: "Save colour" }).click();
    await page.getByText("Enter a colour as #rrggbb").first().waitFor();
    await accent.fill("#1D4ED8");
    await page.getByRole("button", { name: "Save colour" }).click();
    await page.getByText("Mail colour saved").waitFor();
    await expect.poll(() => accent.inputValue()).toBe("#1d4ed8");
    await page.context().close();
  });
});
