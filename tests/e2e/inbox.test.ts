/**
 * The contact submissions inbox in Chromium against the production build: a visitor's inquiry appears live
 * in an open inbox, the detail dialog, status and notes, Convert to Customer, the URL state
 * without JavaScript, the event stream's guard and headers, graceful shutdown with open
 * streams, and (with TEST_DATABASE_URL) two instances on one PostgreSQL.
 * Screenshots go to /tmp/shots-inbox/.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { contactSubmissions } from "#app/db/schema.ts";
import type { ProjectType, SubmissionStatus } from "#app/domain/enums.ts";
import { adminAccount, createAccount, dataDirWithAccounts, signInCookie, staffAccount } from "../support/accounts.ts";
import { seriousViolations } from "../support/axe.ts";
import { hydrated, launchBrowser } from "../support/browser.ts";
import { createPostgresDatabase } from "../support/database.ts";
import { startServer, type TestServer, waitPastTimeTrap } from "../support/server.ts";

const shots = "/tmp/shots-inbox";

/** 27 new (3 named "Zed", 2 of them demo requests), 2 completed, 2 archived; all from 2025. */
async function seedSubmissions(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const t0 = Date.UTC(2025, 0, 1);
  const row = (i: number, status: SubmissionStatus, name: string, projectType: ProjectType = "website") => ({
    name,
    email: `seed${i}@example.test`,
    businessName: `Seed Business ${i}`,
    projectType,
    budgetRange: "medium" as const,
    message: `Seeded message ${i}`,
    status,
    createdAt: new Date(t0 + i * 3_600_000),
  });
  await database.db
    .insert(contactSubmissions)
    .values([
      ...Array.from({ length: 24 }, (_, i) => row(i, "new", `Seed Lead ${i}`)),
      row(24, "new", "Zed Demo One", "demo"),
      row(25, "new", "Zed Demo Two", "demo"),
      row(26, "new", "Zed Quote", "quote"),
      row(27, "completed", "Done Lead A"),
      row(28, "completed", "Done Lead B"),
      row(29, "archived", "Old Lead A"),
      row(30, "archived", "Old Lead B"),
    ]);
  await database.close();
}

async function adminContext(browser: Browser, server: TestServer, options: { javaScriptEnabled?: boolean } = {}) {
  const cookie = await signInCookie(server.url, adminAccount);
  const [name, value] = cookie.split("=") as [string, string];
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await context.addCookies([{ name, value, url: server.url }]);
  return context;
}

async function submitInquiry(
  context: BrowserContext,
  baseUrl: string,
  values: { first: string; last: string; email: string; message: string; phone?: string },
) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/contact`);
  await page.locator("form[data-enhanced]").waitFor();
  await page.getByLabel("First Name").fill(values.first);
  await page.getByLabel("Last Name").fill(values.last);
  await page.getByLabel("Email", { exact: true }).fill(values.email);
  if (values.phone) await page.getByLabel(/^Phone Number/).fill(values.phone);
  await page.getByLabel("Project Type").selectOption("contact");
  await page.getByLabel("Message").fill(values.message);
  await waitPastTimeTrap();
  await page.getByRole("button", { name: "Send Message" }).click();
  await page
    .getByRole("region", { name: /Notifications/ })
    .getByText("Thank you for reaching out!")
    .waitFor();
  await page.close();
}

const tabCount = (page: Page, tab: "inbox" | "archived") => page.locator(`[data-count="${tab}"]`).first().textContent();
const sidebarCount = (page: Page, label: string) =>
  page
    .locator("#admin-sidebar")
    .getByRole("link", { name: new RegExp(`^${label}\\b`) })
    .locator("span.font-mono")
    .evaluate((node) => node.firstChild?.textContent ?? "");

describe("contact submissions inbox", () => {
  let server: TestServer;
  let browser: Browser;
  let dataDir: string;
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    dataDir = dataDirWithAccounts();
    await seedSubmissions(dataDir);
    server = await startServer({ dataDir });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a visitor's inquiry appears live in an open inbox, with its counts, without a reload", async () => {
    const admin = await adminContext(browser, server);
    const page = await admin.newPage();
    await page.goto(`${server.url}/admin/dashboard`);
    await hydrated(page);
    expect(await tabCount(page, "inbox")).toBe("29");
    expect(await tabCount(page, "archived")).toBe("2");
    expect(await sidebarCount(page, "New")).toBe("27");
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 7;
    });
    await page.screenshot({ path: `${shots}/inbox-1280.png`, fullPage: true });

    const visitor = await browser.newContext();
    await submitInquiry(visitor, server.url, {
      first: "Live",
      last: "Lead",
      email: "live.lead@example.test",
      phone: "+1 (555) 010-2000",
      message: "First line.\nSecond line.\n\nAfter a blank line.",
    });
    const row = page.locator("tr", { hasText: "Live Lead" });
    // how fast is measured by bench/live-updates.ts; here: it arrives, without a reload
    await row.waitFor({ timeout: 5_000 });
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
    await expect(row.textContent()).resolves.toContain("Not specified");
    await expect(row.textContent()).resolves.toContain("General Contact");
    // newest first
    await expect(page.locator("tbody tr").first().textContent()).resolves.toContain("Live Lead");
    await page.waitForFunction(() => document.querySelector('[data-count="inbox"]')?.textContent === "30");
    expect(await sidebarCount(page, "New")).toBe("28");
    await visitor.close();
    await admin.close();
  });

  it("the detail dialog shows the submission, and status and notes are saved", async () => {
    const admin = await adminContext(browser, server);
    const page = await admin.newPage();
    await page.goto(`${server.url}/admin/dashboard`);
    await hydrated(page);
    await page.getByRole("link", { name: "View submission from Live Lead" }).click();
    const dialog = page.getByRole("dialog", { name: "Submission Details" });
    await dialog.waitFor();
    expect(new URL(page.url()).searchParams.get("submission")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await dialog.getByRole("link", { name: "live.lead@example.test" }).getAttribute("href")).toBe(
      "mailto:live.lead@example.test",
    );
    expect(await dialog.getByRole("link", { name: "+1 (555) 010-2000" }).getAttribute("href")).toBe("tel:+15550102000");
    const text = (await dialog.textContent()) ?? "";
    expect(text).toContain("General Contact");
    expect(text).toContain("Not specified");
    const message = dialog.getByTestId("submission-message");
    // the public form posts line breaks as CRLF; they are shown as line breaks either way
    expect((await message.textContent())?.replace(/\r\n/g, "\n")).toBe(
      "First line.\nSecond line.\n\nAfter a blank line.",
    );
    expect((await message.boundingBox())?.height ?? 0).toBeGreaterThan(60);
    expect(await message.evaluate((node) => getComputedStyle(node).whiteSpace)).toBe("pre-wrap");
    await expect(dialog.getByRole("link", { name: "Convert to Customer" }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: `${shots}/detail-1280.png` });

    // a reload keeps the dialog open (the URL says so)
    await page.reload();
    await hydrated(page);
    await dialog.waitFor();

    await dialog.getByLabel("Status").selectOption("in-progress");
    await dialog.getByLabel("Internal Notes").fill("Called back.\nSend a quote on Friday.");
    await dialog.getByRole("button", { name: "Update" }).click();
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByText("Submission updated successfully")
      .waitFor();
    await dialog.waitFor({ state: "detached" });
    // no longer among the new ones: focus is on the list's heading, and the list says where it went
    await page.locator("tr", { hasText: "Live Lead" }).waitFor({ state: "detached" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("inbox-list-title");
    const moved = page.getByRole("status").filter({ hasText: "Live Lead moved to In Progress." });
    await moved.waitFor();
    expect(await moved.getByRole("link", { name: "Show it in In Progress" }).getAttribute("href")).toMatch(
      /^\/admin\/dashboard\?status=in-progress&submission=[0-9a-f-]{36}$/,
    );
    await page.waitForFunction(() => {
      const link = [...document.querySelectorAll("#admin-sidebar a")].find((a) => a.textContent?.startsWith("New"));
      return link?.querySelector("span.font-mono")?.firstChild?.textContent === "27";
    });

    await page.goto(`${server.url}/admin/dashboard?status=in-progress`);
    await hydrated(page);
    await page.getByRole("link", { name: "View submission from Live Lead" }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel("Internal Notes").inputValue()).toBe("Called back.\nSend a quote on Friday.");
    expect(await dialog.getByLabel("Status").inputValue()).toBe("in-progress");
    // an update that keeps the lead in the list gives focus back to its row's View link
    await dialog.getByRole("button", { name: "Update" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("View submission from Live Lead");
    expect(await page.locator("[data-moved]").count()).toBe(0);
    await page.getByRole("link", { name: "View submission from Live Lead" }).click();
    await dialog.waitFor();
    // Escape closes the dialog and goes back to the list's address
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(new URL(page.url()).search).toBe("?status=in-progress");
    await admin.close();
  });

  it("the server refuses notes over 5000 characters with a clear message", async () => {
    const cookie = await signInCookie(server.url, adminAccount);
    const list = await fetch(`${server.url}/admin/dashboard?status=in-progress`, { headers: { Cookie: cookie } });
    const id = /submission=([0-9a-f-]{36})/.exec(await list.text())?.[1];
    expect(id).toBeTruthy();
    const response = await fetch(`${server.url}/admin/dashboard?status=in-progress&submission=${id}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "update", id: id ?? "", status: "new", notes: "x".repeat(5001) }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Notes must be less than 5000 characters");
  });

  it("converts a submission to a customer once, then links to the customer", async () => {
    const admin = await adminContext(browser, server);
    const page = await admin.newPage();
    await page.goto(`${server.url}/admin/dashboard?status=in-progress`);
    await hydrated(page);
    await page.getByRole("link", { name: "View submission from Live Lead" }).click();
    await page
      .getByRole("dialog", { name: "Submission Details" })
      .getByRole("link", { name: "Convert to Customer" })
      .click();
    const dialog = page.getByRole("dialog", { name: "Convert to Customer" });
    await dialog.waitFor();
    expect(new URL(page.url()).searchParams.get("convert")).toBe("1");
    expect(await dialog.getByLabel("Name", { exact: true }).inputValue()).toBe("Live Lead");
    expect(await dialog.getByLabel("Email", { exact: true }).inputValue()).toBe("live.lead@example.test");
    expect(await dialog.getByLabel("Phone").inputValue()).toBe("+1 (555) 010-2000");
    expect(await dialog.getByLabel("Payment Terms (days)").inputValue()).toBe("30");
    expect(await dialog.getByLabel("Notes").inputValue()).toBe("Called back.\nSend a quote on Friday.");
    await dialog.getByLabel("Street").fill("12 Orchard Lane");
    await dialog.getByLabel("City").fill("Springfield");
    await page.screenshot({ path: `${shots}/convert-1280.png` });
    const detailUrl = page.url().replace("&convert=1", "");

    await dialog.getByLabel("Name", { exact: true }).fill("");
    await dialog.getByRole("button", { name: "Convert to Customer" }).click();
    await dialog.getByText("Name and email are required").first().waitFor();
    await dialog.getByLabel("Name", { exact: true }).fill("Live Lead");
    await dialog.getByRole("button", { name: "Convert to Customer" }).click();
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByText("Success: Contact converted to customer successfully")
      .waitFor();
    // it lands on the new customer, with the billing address typed in the dialog
    await page.waitForURL(/\/admin\/customers\/[0-9a-f-]{36}$/);
    const customerPath = new URL(page.url()).pathname;
    await page.getByRole("heading", { name: "Live Lead" }).first().waitFor();
    await page.getByText("12 Orchard Lane").first().waitFor();

    // the submission now links to its customer, and its inquiry is being worked (In Progress)
    await page.goto(detailUrl);
    await hydrated(page);
    const details = page.getByRole("dialog", { name: "Submission Details" });
    await details.waitFor();
    expect(await details.getByRole("link", { name: "View Customer" }).getAttribute("href")).toBe(customerPath);
    expect(await details.getByRole("link", { name: "Convert to Customer" }).count()).toBe(0);

    // asking for the convert dialog again shows the details with the link instead
    await page.goto(`${detailUrl}&convert=1`);
    await hydrated(page);
    await details.waitFor();
    expect(await page.getByRole("dialog", { name: "Convert to Customer" }).count()).toBe(0);

    // a second conversion posted anyway is refused with the destructive 'Error' toast
    await page.evaluate(async (url) => {
      const id = new URL(url).searchParams.get("submission") ?? "";
      const form = document.createElement("form");
      form.method = "post";
      form.action = url;
      for (const [name, value] of Object.entries({ intent: "convert", id, name: "Twice", email: "t@example.test" })) {
        const input = document.createElement("input");
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    }, detailUrl);
    const region = page.getByRole("region", { name: /Notifications/ });
    await region.getByText("Error", { exact: true }).waitFor();
    await region.getByText("This submission has already been converted to a customer.").waitFor();
    await admin.close();
  });

  it("search, type filter, tabs, pagination and the dialog work without JavaScript", async () => {
    const context = await adminContext(browser, server, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/dashboard`);
    await expect(page.locator("tbody tr").count()).resolves.toBe(25);
    await page.getByText("Page 1 of 2").waitFor();
    await page.getByText(/Showing\s*1\s*–\s*25\s*of\s*27/).waitFor();
    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/page=2/);
    await page.getByText("Page 2 of 2").waitFor();
    await expect(page.locator("tbody tr").count()).resolves.toBe(2);

    await page.getByRole("searchbox", { name: "Search submissions" }).fill("zed");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=zed/);
    await expect(page.locator("tbody tr").count()).resolves.toBe(3);
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();

    await page.getByLabel("Type").selectOption("demo");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/type=demo/);
    await expect(page.locator("tbody tr").count()).resolves.toBe(2);
    await expect(page.locator("tbody").textContent()).resolves.toContain("Demo Request");

    await page.getByRole("searchbox", { name: "Search submissions" }).fill("nothing matches this");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByText("No submissions found").waitFor();

    await page
      .getByRole("link", { name: /^Archived/ })
      .first()
      .click();
    await page.waitForURL(/status=archived/);
    await expect(page.locator("tbody tr").count()).resolves.toBe(2);
    await page.getByRole("link", { name: /^Inbox/ }).click();
    await page.waitForURL(`${server.url}/admin/dashboard`);

    await page.getByRole("link", { name: "View submission from Zed Quote" }).click();
    const dialog = page.getByRole("dialog", { name: "Submission Details" });
    await dialog.waitFor();
    await dialog.getByLabel("Status").selectOption("completed");
    await dialog.getByRole("button", { name: "Update" }).click();
    await page.waitForURL(/\/admin\/dashboard\?moved=[0-9a-f-]{36}$/);
    await page.getByText("Zed Quote moved to Completed.").waitFor();
    expect(await page.getByRole("link", { name: "View submission from Zed Quote" }).count()).toBe(0);
    await page.getByRole("link", { name: /^Completed/ }).click();
    await page.getByRole("link", { name: "View submission from Zed Quote" }).waitFor();

    // a search finds the worked lead from any status of the Inbox tab, not only New
    await page.goto(`${server.url}/admin/dashboard`);
    await page.getByRole("searchbox", { name: "Search submissions" }).fill("zed quote");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=zed/);
    await page.getByRole("link", { name: "View submission from Zed Quote" }).waitFor();
    await page.getByRole("heading", { name: /^All submissions/ }).waitFor();

    // the default view's status is a removable chip; removed, the list and its CSV hold the whole tab
    await page.goto(`${server.url}/admin/dashboard`);
    const chip = page.getByRole("link", { name: "Remove filter Status: New" });
    await chip.waitFor();
    await chip.click();
    await page.waitForURL(/status=all/);
    // every submission of the Inbox tab (the tab's count), whatever earlier tests did to them
    const inTab = Number(await tabCount(page, "inbox"));
    expect(inTab).toBeGreaterThan(27);
    await page.getByText(new RegExp(`Showing\\s*1\\s*–\\s*25\\s*of\\s*${inTab}\\b`)).waitFor();
    expect(await page.getByRole("link", { name: /^Remove filter/ }).count()).toBe(0);
    const csvHref = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    expect(csvHref).toBe("/admin/dashboard/export.csv?status=all");
    const csv = await (await page.request.get(`${server.url}${csvHref}`)).text();
    // one record per submission, each starting with its ISO time (a message's line breaks are inside quotes)
    const records = csv.split(/\r?\n/).filter((line) => /^"?\d{4}-\d{2}-\d{2}T/.test(line));
    expect(records).toHaveLength(inTab);
    expect(csv).toContain("Zed Quote");
    expect(csv).toContain("Done Lead A");
    expect(csv).not.toContain("Old Lead A");
    await context.close();
  });

  it("the dialogs fit a laptop with the longest content: the body scrolls, the buttons stay in view and in the Tab order", async () => {
    const admin = await adminContext(browser, server);
    const page = await admin.newPage();
    await page.goto(`${server.url}/admin/dashboard?status=completed`);
    await hydrated(page);
    await page.getByRole("link", { name: "View submission from Done Lead B" }).click();
    const dialog = page.getByRole("dialog", { name: "Submission Details" });
    await dialog.waitFor();
    // the longest notes the field takes
    await dialog.getByLabel("Internal Notes").fill(`${"A long note line. ".repeat(40)}\n`.repeat(7).slice(0, 5000));
    await dialog.getByRole("button", { name: "Update" }).click();
    await dialog.waitFor({ state: "detached" });
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 1024, height: 768 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/admin/dashboard?status=completed`);
      await hydrated(page);
      await page.getByRole("link", { name: "View submission from Done Lead B" }).click();
      await dialog.waitFor();
      const box = await dialog.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= viewport.height, `dialog within ${viewport.height}`).toBe(true);
      for (const name of ["Convert to Customer", "Cancel", "Update"]) {
        const control = dialog.getByRole(name === "Update" ? "button" : "link", { name, exact: true });
        const place = await control.boundingBox();
        expect(place && place.y >= 0 && place.y + place.height <= viewport.height, `${name} in view`).toBe(true);
      }
      await page.screenshot({ path: `${shots}/detail-long-${viewport.width}.png` });
      // Tab from the notes reaches the footer's buttons, in order
      await dialog.getByLabel("Internal Notes").focus();
      const order: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        await page.keyboard.press("Tab");
        order.push(
          await page.evaluate(() => {
            const node = document.activeElement;
            return node?.getAttribute("role") === "dialog"
              ? `the dialog itself (${node.tagName})`
              : (node?.textContent?.trim() ?? "");
          }),
        );
      }
      expect(order).toEqual(["Convert to Customer", "Cancel", "Update"]);
      // the convert dialog too
      await dialog.getByRole("link", { name: "Convert to Customer" }).click();
      const convert = page.getByRole("dialog", { name: "Convert to Customer" });
      await convert.waitFor();
      const submit = await convert.getByRole("button", { name: "Convert to Customer" }).boundingBox();
      expect(submit && submit.y + submit.height <= viewport.height, "Convert to Customer in view").toBe(true);
      await page.screenshot({ path: `${shots}/convert-long-${viewport.width}.png` });
      await page.keyboard.press("Escape");
      await convert.waitFor({ state: "detached" });
    }
    await admin.close();
  });

  it("accessibility (axe): the inbox, the detail dialog and the convert dialog", async () => {
    const context = await adminContext(browser, server);
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/dashboard`);
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "View submission from Seed Lead 22" }).click();
    await page.getByRole("dialog", { name: "Submission Details" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Convert to Customer" }).click();
    await page.getByRole("dialog", { name: "Convert to Customer" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("the small screen: inbox, detail and convert dialogs", async () => {
    const context = await adminContext(browser, server);
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/admin/dashboard`);
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${shots}/inbox-390.png`, fullPage: true });
    await page.getByRole("link", { name: "View submission from Seed Lead 23" }).click();
    await page.getByRole("dialog", { name: "Submission Details" }).waitFor();
    await page.screenshot({ path: `${shots}/detail-390.png` });
    await page.getByRole("link", { name: "Convert to Customer" }).click();
    await page.getByRole("dialog", { name: "Convert to Customer" }).waitFor();
    await page.screenshot({ path: `${shots}/convert-390.png` });
    await context.close();
  });

  it("/admin/events: refused to anonymous and non-admin users; an admin gets the stream", async () => {
    const anonymous = await fetch(`${server.url}/admin/events`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fevents");
    const staff = await fetch(`${server.url}/admin/events`, {
      redirect: "manual",
      headers: { Cookie: await signInCookie(server.url, staffAccount) },
    });
    expect(staff.status).toBe(403);
    expect(staff.headers.get("content-type") ?? "").not.toContain("text/event-stream");

    const abort = new AbortController();
    const response = await fetch(`${server.url}/admin/events`, {
      headers: { Cookie: await signInCookie(server.url, adminAccount) },
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(response.headers.get("content-encoding")).toBeNull();
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain("retry: 2000\n");
    abort.abort();
  });
});

describe("event streams and shutdown", () => {
  it("open streams end when the server shuts down, so it stops at once", async () => {
    const dataDir = dataDirWithAccounts();
    const server = await startServer({ dataDir });
    try {
      const cookie = await signInCookie(server.url, adminAccount);
      const response = await fetch(`${server.url}/admin/events`, { headers: { Cookie: cookie } });
      const reader = response.body?.getReader();
      await reader?.read();
      const started = Date.now();
      const ended = (async () => {
        for (;;) {
          const chunk = await reader?.read().catch(() => ({ done: true }));
          if (!chunk || chunk.done) return Date.now() - started;
        }
      })();
      expect(await server.stop()).toBe(0);
      // the shutdown ended the stream itself: a stream left open is cut when the 10 s drain for requests under way
      // runs out, and the server says so (read from its log, not the clock: a stop took over 5 s on two busy cores)
      expect(server.output()).toContain('"msg":"stopped"');
      expect(server.output()).not.toContain("requests still under way were cut");
      expect(await ended).toBeGreaterThanOrEqual(0);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// registered only when the run has a PostgreSQL test database (PGlite is one process per data directory)
if (process.env.TEST_DATABASE_URL)
  describe("two instances on one PostgreSQL", () => {
    it("a submission posted through instance B shows live on an inbox open on instance A", async () => {
      const database = await createPostgresDatabase();
      const env = { DATABASE_URL: database.url, SESSION_SECRET: "two-instances-test-secret-0123456789abcdef" };
      const dataDir = mkdtempSync(path.join(tmpdir(), "studio-e2e-pg-"));
      createAccount(dataDir, adminAccount, { env: { DATABASE_URL: database.url } });
      const a = await startServer({ env });
      const b = await startServer({ env });
      const browser = await launchBrowser();
      try {
        expect(a.port).not.toBe(b.port);
        const admin = await adminContext(browser, a);
        const page = await admin.newPage();
        await page.goto(`${a.url}/admin/dashboard`);
        await hydrated(page);
        await page.getByText("No submissions found").waitFor();
        await page.evaluate(() => {
          (window as unknown as { marker: number }).marker = 9;
        });
        const visitor = await browser.newContext();
        await submitInquiry(visitor, b.url, {
          first: "Across",
          last: "Instances",
          email: "across@example.test",
          message: "Sent through instance B.",
        });
        await page.locator("tr", { hasText: "Across Instances" }).waitFor({ timeout: 5_000 });
        expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(9);
        await page.waitForFunction(() => document.querySelector('[data-count="inbox"]')?.textContent === "1");
        await admin.close();
      } finally {
        await browser.close();
        await a.stop();
        await b.stop();
        rmSync(dataDir, { recursive: true, force: true });
        await database.drop();
      }
    });
  });
