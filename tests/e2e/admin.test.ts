/**
 * The back office in Chromium against the production build: the four login modes with the
 * spec's texts, the reset mail (through a real SMTP sink), the guard, logout, the sidebar
 * shortcut and cookie, CSRF, hydration, and the first-admin set-up link.
 * Screenshots go to /tmp/shots-auth/.
 */
import { mkdirSync, rmSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAccount, dataDirWithAccounts, signInCookie, staffAccount } from "../support/accounts.ts";
import { hydrated, launchBrowser } from "../support/browser.ts";
import { startServer, type TestServer } from "../support/server.ts";
import { startSmtpSink } from "../support/smtp.ts";
import { until } from "../support/wait.ts";

const shots = "/tmp/shots-auth";

/** Quoted-printable bodies wrap long lines and escape "=". */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function signInWithForm(page: Page, baseUrl: string, account: { email: string; password: string }) {
  await page.goto(`${baseUrl}/admin/login`);
  await hydrated(page);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

describe("back office", () => {
  let server: TestServer;
  let browser: Browser;
  let dataDir: string;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    sink = await startSmtpSink();
    dataDir = dataDirWithAccounts();
    server = await startServer({ dataDir, env: { SMTP_URL: sink.url } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("guards: an anonymous visitor is sent to the login page and comes back after signing in", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/admin/dashboard?status=archived`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    // the sign-in page carries the studio's name, not "Studio back office"
    expect(await page.title()).toBe("Admin Login | Studio Web Development");
    await page.getByText("Studio Web Development", { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/admin/dashboard?status=archived");
    await hydrated(page);
    await page.getByLabel("Email").fill(adminAccount.email);
    await page.getByLabel("Password").fill(adminAccount.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${server.url}/admin/dashboard?status=archived`);
    await page.getByRole("heading", { name: "Contact Forms", level: 1 }).waitFor();
    expect(await page.title()).toBe("Contact Forms | Studio Web Development");
    await page.locator("#admin-sidebar").getByText("Studio Web Development", { exact: true }).waitFor();
    await page.close();
  });

  it("login mode 1: the spec's validation messages and a failed sign-in toast", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/admin/login`);
    await hydrated(page);
    await page.screenshot({ path: `${shots}/login-signin-1280.png` });
    await expect(page.getByRole("link", { name: "Forgot password?" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Back to website" }).getAttribute("href")).resolves.toBe("/");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("12345");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Invalid email address").waitFor();
    await page.getByText("Password must be at least 6 characters").waitFor();
    await page.getByLabel("Email").fill(adminAccount.email);
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Sign In" }).click();
    const region = page.getByRole("region", { name: /Notifications/ });
    await region.getByText("Invalid login credentials").waitFor();
    await page.screenshot({ path: `${shots}/login-error-1280.png` });
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await page.close();
  });

  it("login modes 2, 3 and 4: request a link, check your email, set a new password", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${server.url}/admin/login`);
    await hydrated(page);
    await page.screenshot({ path: `${shots}/login-signin-390.png` });
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Reset Password" }).waitFor();
    await page.screenshot({ path: `${shots}/login-forgot-390.png` });
    await page.getByLabel("Email").fill(adminAccount.email.toUpperCase());
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByText("Password reset link sent! Check your email.").waitFor();
    await page.getByRole("heading", { name: "Check Your Email" }).waitFor();
    await page.screenshot({ path: `${shots}/login-sent-390.png` });
    await page.getByRole("link", { name: "Back to Login" }).click();
    await page.getByRole("heading", { name: "Admin Login" }).waitFor();

    const mail = await until(() => sink.received.find((message) => message.to.includes(adminAccount.email)));
    const body = decodeQuotedPrintable(mail.raw);
    const link = /(http:\/\/\S+\/admin\/login#type=recovery&token=[\w-]+)/.exec(body)?.[1];
    expect(link).toBeTruthy();
    // links are built from PUBLIC_URL; this test server runs on another port, so keep only the fragment
    const fragment = new URL(link ?? "").hash;
    const token = new URLSearchParams(fragment.slice(1)).get("token") ?? "";
    expect(server.output()).not.toContain(token);

    await page.goto(`${server.url}/admin/login${fragment}`);
    await page.getByText("Please enter your new password.").waitFor();
    await page.getByRole("heading", { name: "Set New Password" }).waitFor();
    // the token leaves the address bar at once
    expect(page.url()).toBe(`${server.url}/admin/login`);
    await page.getByLabel("New Password", { exact: true }).fill("a fresh passphrase");
    await page.getByLabel("Confirm Password").fill("a fresh passphrasE");
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.screenshot({ path: `${shots}/login-recovery-390.png` });
    await page.getByLabel("Confirm Password").fill("a fresh passphrase");
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await page.getByText("Password updated successfully!").waitFor();
    await page.close();

    // the old password is gone, the link is used up
    const old = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "signin", ...adminAccount }),
    });
    expect(old.status).toBe(401);
    adminAccount.password = "a fresh passphrase";
    const reuse = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "recovery",
        token,
        password: "yet another pass",
        confirmPassword: "yet another pass",
      }),
    });
    expect(reuse.status).toBe(410);
    expect(await reuse.text()).toContain("invalid or has expired");
  });

  it("the reset request answers the same for an unknown address, and sends nothing", async () => {
    const before = sink.received.length;
    const page = await browser.newPage();
    await page.goto(`${server.url}/admin/login?mode=forgot`);
    await hydrated(page);
    await page.getByLabel("Email").fill("nobody@studio.test");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByText("Password reset link sent! Check your email.").waitFor();
    await page.getByRole("heading", { name: "Check Your Email" }).waitFor();
    // no fixed wait: a request for a known account goes through the same outbox, in order;
    // once its mail has arrived, a mail for the unknown address would have arrived before it
    await page.goto(`${server.url}/admin/login?mode=forgot`);
    await hydrated(page);
    await page.getByLabel("Email").fill(staffAccount.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await until(() => sink.received.slice(before).find((message) => message.to.includes(staffAccount.email)));
    expect(sink.received.slice(before).flatMap((message) => message.to)).toEqual([staffAccount.email]);
    await page.close();
  });

  it("shows a signed-in user without the admin role the Access Denied page (403)", async () => {
    const page = await browser.newPage();
    await signInWithForm(page, server.url, staffAccount);
    await page.getByRole("heading", { name: "Access Denied" }).waitFor();
    await page.getByText("You do not have admin privileges.").waitFor();
    const again = await page.goto(`${server.url}/admin/dashboard`);
    expect(again?.status()).toBe(403);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(`${server.url}/`);
    await page.close();
  });

  it("the shell: hydrates, shows the email, the sidebar with counts, toggles with Ctrl+B and remembers it", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInWithForm(page, server.url, adminAccount);
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await hydrated(page);
    await page.getByText(adminAccount.email).first().waitFor();
    const sidebar = page.locator("#admin-sidebar");
    for (const label of ["Customer Management", "Contact Forms", "New", "In Progress", "Completed", "Archived"]) {
      await expect(sidebar.getByText(label, { exact: true }).first().isVisible(), label).resolves.toBe(true);
    }
    expect(await sidebar.locator("[data-attention]").count()).toBe(2);
    for (const [name, href] of [
      ["Customers", "/admin/customers"],
      ["Projects", "/admin/projects"],
      ["Invoices", "/admin/invoices"],
    ]) {
      await expect(sidebar.getByRole("link", { name }).getAttribute("href")).resolves.toBe(href);
    }
    const header = page.locator("header");
    await expect(header.getByRole("link", { name: "Home" }).getAttribute("href")).resolves.toBe("/");
    await expect(header.getByRole("link", { name: "Settings" }).getAttribute("href")).resolves.toBe("/admin/settings");
    await page.screenshot({ path: `${shots}/shell-1280.png` });

    expect(await sidebar.getAttribute("data-state")).toBe("expanded");
    await page.keyboard.press("Control+b");
    await expect(sidebar.getAttribute("data-state")).resolves.toBe("collapsed");
    const cookie = (await context.cookies()).find((entry) => entry.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // the width transition has ended
    await page.waitForFunction(() => document.getElementById("admin-sidebar")?.getBoundingClientRect().width === 0);
    await page.screenshot({ path: `${shots}/shell-collapsed-1280.png` });

    // the server renders the remembered state (no flash of the open sidebar)
    const session = (await context.cookies()).find((entry) => entry.name === "studio_session");
    const html = await (
      await fetch(`${server.url}/admin/dashboard`, {
        headers: { Cookie: `studio_session=${session?.value}; sidebar_state=false` },
      })
    ).text();
    expect(html).toMatch(/id="admin-sidebar"[^>]*data-state="collapsed"/);
    await page.reload();
    await expect(sidebar.getAttribute("data-state")).resolves.toBe("collapsed");
    await page.keyboard.press("Control+b");
    await expect(sidebar.getAttribute("data-state")).resolves.toBe("expanded");
    await context.close();
  });

  it("the shell below 768 px: the sidebar is off-canvas", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInWithForm(page, server.url, adminAccount);
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await hydrated(page);
    await expect(page.locator("#admin-sidebar").isVisible()).resolves.toBe(false);
    await page.screenshot({ path: `${shots}/shell-390.png` });
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    const menu = page.getByRole("dialog", { name: "Back office menu" });
    await menu.waitFor();
    await expect(menu.getByText("Customer Management").isVisible()).resolves.toBe(true);
    await page.screenshot({ path: `${shots}/shell-menu-390.png` });
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    // focus goes back to the button that opened the menu, not to the page's start
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Toggle sidebar");
    await context.close();
  });

  it("logout ends the session and goes to the public site", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInWithForm(page, server.url, adminAccount);
    await page.waitForURL(`${server.url}/admin/dashboard`);
    const before = (await context.cookies()).find((entry) => entry.name === "studio_session")?.value;
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/admin/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    // the old cookie is dead on the server too
    const replay = await fetch(`${server.url}/admin/dashboard`, {
      redirect: "manual",
      headers: { Cookie: `studio_session=${before}` },
    });
    expect(replay.status).toBe(302);
    await context.close();
  });

  it("CSRF: a cross-origin POST carrying the session cookie is refused with 403", async () => {
    const cookie = await signInCookie(server.url, adminAccount);
    // the Sign Out form's post: an empty form
    const attempt = (headers: Record<string, string>) =>
      fetch(`${server.url}/admin/logout`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: "",
      });
    expect((await attempt({ Origin: "https://evil.example" })).status).toBe(403);
    expect((await attempt({ Referer: "https://evil.example/page" })).status).toBe(403);
    expect((await attempt({ Origin: "null" })).status).toBe(403);
    expect((await attempt({})).status).toBe(403);
    // still signed in: nothing happened
    const still = await fetch(`${server.url}/admin/dashboard`, { redirect: "manual", headers: { Cookie: cookie } });
    expect(still.status).toBe(200);
    // same origin goes through
    expect((await attempt({ Origin: server.url })).status).toBe(302);
  });

  it("sends the session cookie HttpOnly and SameSite=Lax (Secure only over https)", async () => {
    const response = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "signin", ...adminAccount }),
    });
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("studio_session=")) ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(cookie).toMatch(/Path=\//);
  });

  it("audits sign-ins without secrets in the log output", () => {
    expect(server.output()).not.toContain(adminAccount.password);
    expect(server.output()).not.toContain(staffAccount.password);
  });
});

describe("first-admin set-up link", () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("is printed at start when no admin exists, creates the first admin once, then closes", async () => {
    // a plain banner line, not inside a JSON log line
    const setupUrl = /^ {2}(http\S+\/admin\/setup\S*)$/m.exec(server.output())?.[1] ?? "";
    expect(server.logs().some((entry) => JSON.stringify(entry).includes("#token="))).toBe(false);
    expect(setupUrl).toMatch(/\/admin\/setup#token=[\w-]{43}$/);
    const fragment = new URL(setupUrl).hash;

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // without the token the form is useless
    await page.goto(`${server.url}/admin/setup`);
    await hydrated(page);
    await page.getByLabel("Email").fill("first@studio.test");
    await page.getByLabel("Password", { exact: true }).fill("first admin passphrase");
    await page.getByLabel("Confirm Password").fill("first admin passphrase");
    await page.getByRole("button", { name: "Create Admin Account" }).click();
    await page.getByText("This set-up link is invalid or has expired.", { exact: false }).first().waitFor();

    await page.goto("about:blank");
    await page.goto(`${server.url}/admin/setup${fragment}`);
    await hydrated(page);
    await page.waitForURL(`${server.url}/admin/setup`);
    await page.screenshot({ path: `${shots}/setup-1280.png` });
    await page.getByLabel("Email").fill("first@studio.test");
    await page.getByLabel("Password", { exact: true }).fill("first admin passphrase");
    await page.getByLabel("Confirm Password").fill("first admin passphrase");
    await page.getByRole("button", { name: "Create Admin Account" }).click();
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await page.getByText("Admin account created.", { exact: false }).waitFor();

    await page.goto(`${server.url}/admin/setup`);
    await page.getByRole("heading", { name: "Set-up complete" }).waitFor();
    await page.close();

    const reuse = await fetch(`${server.url}/admin/setup`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        token: fragment.replace("#token=", ""),
        email: "second@studio.test",
        password: "second admin passphrase",
        confirmPassword: "second admin passphrase",
      }),
    });
    expect(reuse.status).toBe(403);
  });
});
