/**
 * The security page in Chromium against the production build, one server for the three flows:
 * two browsers signed in as one admin, the first signs out the other; two-factor turned on with the
 * key and a code, a sign-in that needs a code (a backup code), then turned off with the password;
 * a passkey added with a virtual authenticator and used to sign in without a password. Axe at 1280
 * and 390 px; screenshots in /tmp/shots-security/.
 */
import { mkdirSync } from "node:fs";
import { generateTOTP } from "@epic-web/totp";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAccount, dataDirWithAccounts, signInCookie } from "../support/accounts.ts";
import { axeViolations } from "../support/axe.ts";
import { hydrated, launchBrowser } from "../support/browser.ts";
import { startServer, type TestServer } from "../support/server.ts";

const shots = "/tmp/shots-security";

describe("sessions, two-factor and passkeys", () => {
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
    mkdirSync(shots, { recursive: true });
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
      expect(await axeViolations(page, { tags: ["wcag2a", "wcag2aa"] })).toEqual([]);
    }
    await first.screenshot({ path: `${shots}/sessions-1280.png`, fullPage: true });
    await first.getByRole("button", { name: "Sign out all other sessions" }).click();
    await first.waitForURL(`${server.url}/admin/settings/security`);
    await expect.poll(async () => first.getByText("This session").count()).toBe(1);
    await second.goto(`${server.url}/admin/dashboard`);
    expect(new URL(second.url()).pathname).toBe("/admin/login");
    await first.goto(`${server.url}/admin/dashboard`);
    expect(new URL(first.url()).pathname).toBe("/admin/dashboard");
  });

  it("enrol with the key and a code, then signing in asks for a code; a backup code works", async () => {
    const cookie = await signInCookie(server.url, adminAccount);
    const [name, value] = cookie.split("=") as [string, string];
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    await context.addCookies([{ name, value, url: server.url }]);
    const owner = await context.newPage();
    await owner.goto(`${server.url}/admin/settings/security`);
    // the passkeys section has its own "Your password" field once the page has hydrated
    const twoFactor = owner.getByRole("region", { name: "Two-factor authentication" });
    await twoFactor.getByLabel("Your password").fill(adminAccount.password);
    await owner.getByRole("button", { name: "Set up two-factor" }).click();
    const secret = (await owner.locator("[data-totp-secret]").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(await owner.getByRole("img", { name: "QR code for your authenticator app" }).count()).toBe(1);
    const { otp } = await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1", charSet: "0123456789" });
    await owner.getByLabel("Code from the app").fill(otp);
    await owner.getByRole("button", { name: "Turn on" }).click();
    await owner.getByRole("list", { name: "Backup codes" }).waitFor();
    await owner.screenshot({ path: `${shots}/backup-codes-390.png`, fullPage: true });
    const codes = await owner.getByRole("list", { name: "Backup codes" }).locator("li").allTextContents();
    expect(codes).toHaveLength(10);
    expect(await axeViolations(owner, { tags: ["wcag2a", "wcag2aa"] })).toEqual([]);

    // a new browser: the password, then a code
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${server.url}/admin/login`);
    await visitor.getByLabel("Email").fill(adminAccount.email);
    await visitor.getByLabel("Password").fill(adminAccount.password);
    await visitor.getByRole("button", { name: "Sign In" }).click();
    await visitor.getByRole("heading", { name: "Two-factor sign-in" }).waitFor();
    expect((await visitor.goto(`${server.url}/admin/dashboard`))?.url()).toContain("/admin/login");
    await visitor.goto(`${server.url}/admin/login/verify`);
    await visitor.getByLabel("Code").fill("000000");
    await visitor.getByRole("button", { name: "Verify" }).click();
    await visitor.getByText("That code is not valid").waitFor();
    await visitor.getByLabel("Code").fill(codes[0] ?? "");
    await visitor.getByRole("button", { name: "Verify" }).click();
    await visitor.waitForURL(`${server.url}/admin/dashboard`);

    // turning it off needs the password; then the password alone signs in again
    await owner.goto(`${server.url}/admin/settings/security`);
    await owner.getByText("9 backup codes left.", { exact: false }).waitFor();
    await twoFactor.getByLabel("Your password").fill("not the password");
    await owner.getByRole("button", { name: "Turn off two-factor" }).click();
    await owner.getByText("Your password is not correct").waitFor();
    await twoFactor.getByLabel("Your password").fill(adminAccount.password);
    await owner.getByRole("button", { name: "Turn off two-factor" }).click();
    await owner.getByRole("button", { name: "Set up two-factor" }).waitFor();
    await owner.screenshot({ path: `${shots}/security-390.png`, fullPage: true });
  });

  it("adds a passkey with a virtual authenticator, then signs in with it and no password", async () => {
    // WebAuthn needs a domain, not an IP address: the same server, by the name localhost
    const site = server.url.replace("127.0.0.1", "localhost");
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto(`${site}/admin/login`);
    await page.getByLabel("Email").fill(adminAccount.email);
    await page.getByLabel("Password", { exact: true }).fill(adminAccount.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${site}/admin/dashboard`);

    await page.goto(`${site}/admin/settings/security`);
    await hydrated(page);
    await page.getByLabel("Name for this passkey").fill("Test laptop");
    await page.getByLabel("Your password").last().fill(adminAccount.password);
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await page.getByRole("list", { name: "Your passkeys" }).getByText("Test laptop", { exact: true }).waitFor();
    await page.screenshot({ path: `${shots}/passkeys-1280.png`, fullPage: true });

    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${site}/`);
    await page.goto(`${site}/admin/login`);
    await hydrated(page);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await page.waitForURL(`${site}/admin/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/admin/dashboard");

    // removing it needs the password: a wrong one is a 400 shown on that passkey's own form
    await page.goto(`${site}/admin/settings/security`);
    await hydrated(page);
    const passkeyList = page.getByRole("list", { name: "Your passkeys" });
    await passkeyList.getByLabel("Password to remove").fill("not the password");
    const refused = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().includes("/admin/settings/security"),
    );
    await passkeyList.getByRole("button", { name: "Remove Test laptop" }).click();
    expect((await refused).status()).toBe(400);
    await passkeyList.getByText("Your password is not correct").waitFor();
    expect(await passkeyList.getByLabel("Password to remove").getAttribute("aria-invalid")).toBe("true");
    await passkeyList.getByLabel("Password to remove").fill(adminAccount.password);
    await passkeyList.getByRole("button", { name: "Remove Test laptop" }).click();
    await page.getByText("Passkey removed").waitFor();
    expect(await page.getByRole("list", { name: "Your passkeys" }).count()).toBe(0);
  });
});
