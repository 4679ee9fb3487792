/**
 * The team, the invitation page and the audit log in Chromium (ADR 0026, 0027): the owner invites by
 * keyboard alone, the invitee joins through the mailed link, the owner disables the account through
 * the confirmation dialog (also without JavaScript), the audit log shows and filters it all; axe
 * finds nothing at 1280 and 390 px. Screenshots go to /tmp/shots-team/.
 */
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InvitableRole, roleLandingPath } from "#app/domain/team.ts";
import { axeViolations } from "../support/axe.ts";
import { hydrated } from "../support/browser.ts";
import type { TestServer } from "../support/server.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

const shots = "/tmp/shots-team";

const violations = (page: Page) => axeViolations(page, { tags: ["wcag2a", "wcag2aa"] });

describe("team, invitations and the audit log", () => {
  let server: TestServer;
  let browser: Browser;
  let app: SignedInApp;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    app = await startSignedInApp();
    ({ server, browser } = app);
  });
  afterAll(() => app?.stop());

  const adminPage = (viewport = { width: 1280, height: 800 }, javaScriptEnabled = true) =>
    app.adminPage({ viewport, javaScriptEnabled });

  async function invitationLink(email: string): Promise<string> {
    for (let i = 0; i < 50; i++) {
      const mail = server.logs().find((line) => line.to === email && typeof line.text === "string");
      const link = /(http\S+\/admin\/invite\/[\w-]{43})/.exec(String(mail?.text ?? ""))?.[1];
      // PUBLIC_URL is not the test server's address: keep the path
      if (link) return `${server.url}${new URL(link).pathname}`;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no invitation mail to ${email}`);
  }

  it("the owner invites by keyboard from the sidebar; the invitee joins with the roles granted", async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/admin/dashboard`);
    await hydrated(page);
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Team" }).click();
    await page.getByRole("heading", { name: "Team", level: 1 }).waitFor();
    await page.getByText("staff@studio.test").waitFor();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/team-1280.png`, fullPage: true });

    await page.getByLabel("Email").focus();
    await page.keyboard.type("newcomer@studio.test");
    // no role is chosen for the owner: sending without one is refused beside the field
    expect(await page.getByLabel("Role", { exact: true }).inputValue()).toBe("");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.getByText("Choose a role").last().waitFor();
    expect(await page.getByLabel("Role", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator('[data-team-invitation="newcomer@studio.test"]').count()).toBe(0);
    await page.getByLabel("Role", { exact: true }).focus();
    await page.keyboard.type("Admin");
    expect(await page.getByLabel("Role", { exact: true }).inputValue()).toBe("admin");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByText("Invitation sent")
      .waitFor();
    await page.locator('[data-team-invitation="newcomer@studio.test"]').waitFor();

    // inviting an existing account is refused beside the field
    await page.getByLabel("Email").fill("staff@studio.test");
    await page.getByRole("button", { name: "Send Invitation" }).click();
    await page.getByText("An account with this email already exists.").waitFor();
    await page.context().close();

    const link = await invitationLink("newcomer@studio.test");
    const invitee = await (await browser.newContext()).newPage();
    await invitee.goto(link);
    await invitee.getByRole("heading", { name: "Join the team" }).waitFor();
    expect(await violations(invitee)).toEqual([]);
    await invitee.getByLabel("Name").fill("Nina Newcomer");
    await invitee.getByLabel("Password", { exact: true }).fill("password");
    await invitee.getByLabel("Confirm Password").fill("password");
    await invitee.getByRole("button", { name: "Create My Account" }).click();
    await invitee.getByText("This password is too common. Please choose another.").first().waitFor();
    await invitee.getByLabel("Password", { exact: true }).fill("newcomer passphrase 9");
    await invitee.getByLabel("Confirm Password").fill("newcomer passphrase 9");
    await invitee.getByRole("button", { name: "Create My Account" }).click();
    await invitee.waitForURL(`${server.url}/admin/dashboard`);
    await invitee.goto(link);
    await invitee.getByRole("heading", { name: "Invitation no longer valid" }).waitFor();
    expect(await violations(invitee)).toEqual([]);
    await invitee.context().close();
  });

  it("every role the invitation form offers lands its invitee on a page they may use, never 'Access Denied'", async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/admin/settings/team`);
    await hydrated(page);
    const offered = (
      await page
        .getByLabel("Role", { exact: true })
        .locator("option")
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
    ).filter(Boolean);
    expect(offered.length).toBeGreaterThan(0);
    // what each role's server refuses (the admin opens every back-office page)
    const refused: Record<string, readonly string[]> = { admin: [] };
    // an address of this attempt's own: a retry never opens the link an earlier attempt consumed
    const attempt = Date.now().toString(36);
    for (const role of offered) {
      expect(refused[role], `the test knows the role ${role}`).toBeDefined();
      const email = `role-${role}-${attempt}@studio.test`;
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Role", { exact: true }).selectOption(role);
      await page.getByRole("button", { name: "Send Invitation" }).click();
      await page.locator(`[data-team-invitation="${email}"]`).waitFor();

      const invitee = await (await browser.newContext()).newPage();
      await invitee.goto(await invitationLink(email));
      await hydrated(invitee);
      await invitee.getByLabel("Name").fill(`Role ${role}`);
      await invitee.getByLabel("Password", { exact: true }).fill("a role passphrase 77");
      await invitee.getByLabel("Confirm Password").fill("a role passphrase 77");
      await invitee.getByRole("button", { name: "Create My Account" }).click();
      await invitee.waitForURL(`${server.url}${roleLandingPath[role as InvitableRole]}`);
      await invitee.getByRole("navigation", { name: "Back office" }).waitFor();
      expect(await invitee.getByText("Access Denied").count()).toBe(0);
      // every page the sidebar offers opens for the role; the pages it may not use are refused by the server
      const links = await invitee
        .getByRole("navigation", { name: "Back office" })
        .getByRole("link")
        .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).pathname));
      expect(links.length).toBeGreaterThan(0);
      for (const path of new Set(links)) {
        const response = await invitee.request.get(`${server.url}${path}`, { maxRedirects: 0 });
        expect(response.status(), path).toBe(200);
        expect(await response.text(), path).not.toContain("Access Denied");
      }
      for (const path of refused[role] ?? []) {
        const response = await invitee.request.get(`${server.url}${path}`, { maxRedirects: 0 });
        expect(response.status(), path).toBe(403);
      }
      await invitee.context().close();
    }
    await page.context().close();
  });

  it("an invitation is accepted without JavaScript (or before the page's script has come): the form's post is this site's", async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/admin/settings/team`);
    await hydrated(page);
    const email = `plain-${Date.now().toString(36)}@studio.test`;
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Role", { exact: true }).selectOption("admin");
    await page.getByRole("button", { name: "Send Invitation" }).click();
    await page.locator(`[data-team-invitation="${email}"]`).waitFor();
    await page.context().close();

    // on a phone, without JavaScript
    const invitee = await (
      await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
    ).newPage();
    const opened = await invitee.goto(await invitationLink(email));
    // the secret address never leaves the site, yet the page's own form still names its origin
    expect(opened?.headers()["referrer-policy"]).toBe("same-origin");
    await invitee.screenshot({ path: `${shots}/invite-no-script-390.png`, fullPage: true });
    await invitee.getByLabel("Name").fill("Paula Plain");
    await invitee.getByLabel("Password", { exact: true }).fill("a plain passphrase 31");
    await invitee.getByLabel("Confirm Password").fill("a plain passphrase 31");
    await invitee.getByRole("button", { name: "Create My Account" }).click();
    await invitee.waitForURL(`${server.url}/admin/dashboard`);
    // signed in: the inbox (at 390 px the back office's navigation sits behind its menu button)
    await invitee.getByRole("heading", { name: "Contact Forms", level: 1 }).waitFor();
    await invitee.context().close();
  });

  it("disabling asks first in a dialog addressed by the URL, and works without JavaScript", async () => {
    const page = await adminPage({ width: 1280, height: 800 }, false);
    await page.goto(`${server.url}/admin/settings/team`);
    await page.getByRole("link", { name: "Disable staff@studio.test" }).click();
    await page.getByRole("dialog", { name: "Disable this account?" }).waitFor();
    await page.getByRole("button", { name: "Disable Account" }).click();
    await page.waitForURL(`${server.url}/admin/settings/team`);
    const card = page.locator('[data-team-member="staff@studio.test"]');
    await card.getByText("Disabled", { exact: true }).waitFor();
    await card.getByRole("button", { name: "Enable staff@studio.test" }).click();
    await card.getByText("Active", { exact: true }).waitFor();
    const newcomer = page.locator('[data-team-member="newcomer@studio.test"]');
    await newcomer.getByText("Admin", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Revoke the admin role of newcomer@studio.test" }).click();
    await newcomer.getByText("No role", { exact: true }).waitFor();
    await page.context().close();
  });

  it("the audit log: newest first, filtered by event and user, on a phone too, axe clean", async () => {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      const page = await adminPage({ width, height });
      await page.goto(`${server.url}/admin/audit`);
      await hydrated(page);
      await page.getByRole("heading", { name: "Audit log" }).waitFor();
      const entries = page.locator("[data-audit-entry]");
      expect(await entries.first().getAttribute("data-audit-entry")).toBe("admin_revoked");
      for (const label of [
        "Admin role revoked",
        "Account enabled",
        "Account disabled",
        "Invitation accepted",
        "Team member invited",
      ]) {
        await entries.getByText(label, { exact: true }).first().waitFor();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/audit-${width}.png`, fullPage: true });
      await page.getByLabel("Event").selectOption({ label: "Account disabled" });
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/event=account_disabled/);
      await expect.poll(() => entries.count()).toBe(1);
      expect(await entries.first().textContent()).toContain("member: staff@studio.test");
      await page.context().close();
    }
    const page = await adminPage();
    await page.goto(`${server.url}/admin/settings/team`);
    await hydrated(page);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/team-390.png`, fullPage: true });
    await page.context().close();
  });
});
