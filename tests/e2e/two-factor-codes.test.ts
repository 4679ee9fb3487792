/**
 * Two-factor in Chromium: the backup codes shown once have a Download (a .txt with the codes and the
 * studio's name, also without JavaScript) and a keyboard-reachable Copy that says "Copied"; axe at
 * 1280 and 390 px. A wrong password's red toast does not follow the user onto the two-factor page
 * after the right password. Screenshots go to /tmp/shots-two-factor/.
 */
import { mkdirSync } from "node:fs";
import { generateTOTP } from "@epic-web/totp";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "#app/domain/auth-messages.ts";
import { defaultStudio } from "#app/domain/studio.ts";
import { adminAccount } from "../support/accounts.ts";
import { seriousViolations } from "../support/axe.ts";
import { downloadedBytes, hydrated } from "../support/browser.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

const shots = "/tmp/shots-two-factor";

describe("two-factor backup codes and the sign-in toast", () => {
  let app: SignedInApp;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    app = await startSignedInApp();
    ({ browser } = app);
  });
  afterAll(() => app?.stop());

  /** Turns two-factor on from the security page; the page then shows the backup codes. */
  async function turnOn(page: Page) {
    await page.goto(`${app.server.url}/admin/settings/security`);
    await hydrated(page);
    const twoFactor = page.getByRole("region", { name: "Two-factor authentication" });
    await twoFactor.getByLabel("Your password").fill(adminAccount.password);
    await page.getByRole("button", { name: "Set up two-factor" }).click();
    const secret = (await page.locator("[data-totp-secret]").textContent()) ?? "";
    const { otp } = await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1", charSet: "0123456789" });
    await page.getByLabel("Code from the app").fill(otp);
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.getByRole("list", { name: "Backup codes" }).waitFor();
    return page.getByRole("list", { name: "Backup codes" }).locator("li").allTextContents();
  }

  it("the backup codes: Copy (keyboard, 'Copied') and Download (.txt with the studio's name)", async () => {
    const page = await app.adminPage({ viewport: { width: 1280, height: 900 } });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.server.url });
    const codes = await turnOn(page);
    expect(codes).toHaveLength(10);

    // Copy, by keyboard: focus it, press Enter; the clipboard holds every code; "Copied" is said
    const copy = page.getByRole("button", { name: "Copy codes" });
    await copy.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: "Copied" }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    for (const code of codes) expect(copied).toContain(code);
    expect(copied).toContain(defaultStudio.businessName);

    // Download: a .txt named after the studio with the codes and the studio's name
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download codes (.txt)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+-backup-codes\.txt$/);
    const file = (await downloadedBytes(download)).toString("utf8");
    expect(file).toContain(`${defaultStudio.businessName}: two-factor backup codes`);
    for (const code of codes) expect(file).toContain(code);

    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/backup-codes-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/backup-codes-390.png`, fullPage: true });
    await page.context().close();
  });

  it("a wrong password's red toast does not follow onto the two-factor page", async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${app.server.url}/admin/login`);
    await hydrated(page);
    await page.getByLabel("Email").fill(adminAccount.email);
    await page.getByLabel("Password").fill("not the password at all");
    await page.getByRole("button", { name: "Sign In" }).click();
    const toasts = page.getByRole("region", { name: /Notifications/ });
    await toasts.getByText(authMessages.invalidCredentials).waitFor();
    await page.getByLabel("Password").fill(adminAccount.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "Two-factor sign-in" }).waitFor();
    // the toast is on its way out as the page arrives (sonner marks it removed), gone well before its 4 s
    const live = toasts.locator('[data-sonner-toast]:not([data-removed="true"])', {
      hasText: authMessages.invalidCredentials,
    });
    expect(await live.count()).toBe(0);
    await expect.poll(() => toasts.getByText(authMessages.invalidCredentials).count(), { timeout: 1500 }).toBe(0);
    expect(await page.getByText(authMessages.invalidCredentials).count()).toBe(0);
    await page.screenshot({ path: `${shots}/verify-1280.png`, fullPage: true });
    await page.context().close();
  });
});
