/**
 * The team, the invitation page and the audit log in Chromium (ADR 0026, 0027): the owner invites by
 * keyboard alone, the invitee joins through the mailed link, the owner disables the account through
 * the confirmation dialog (also without JavaScript), the audit log shows and filters it all; axe
 * finds nothing at 1280 and 390 px. Screenshots go to /tmp/shots-team/.
 */
import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";

const shots = "/tmp/shots-team";

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`,
  );
}

const hydrated = (page: Page) => page.waitForFunction(() => "__reactRouterRouteModules" in window);

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
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    expect(await page.getByLabel(/^Admin/).isChecked()).toBe(true);
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
