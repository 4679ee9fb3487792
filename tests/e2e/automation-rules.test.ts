/**
 * The owner's own automation in Chromium against the production build (issue 41, ADR 0063): the owner creates "3
 * days after a proposal is sent and not signed, email the client, with my approval" (an unknown placeholder is
 * refused by name first); the clock moves three days (the server restarted with TEST_CLOCK_OFFSET_MS, which only
 * tests set); the run waits in the queue with the mail as it would go; the owner edits it and approves it; the
 * mail arrives once over SMTP, and its "Stop these emails" link works on a phone without JavaScript; the run is sent
 * once. axe
 * on the form and the queue. Screenshots go to /tmp/shots-automation-rules/.
 */
import { mkdirSync, rmSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { automationRuns, mailOutbox, users } from "#app/db/schema.ts";
import { addDaysIso, todayIn } from "#app/domain/dates.ts";
import { adminAccount, dataDirWithAccounts, signInCookie } from "../support/accounts.ts";
import { seriousViolations } from "../support/axe.ts";
import { hydrated, launchBrowser } from "../support/browser.ts";
import { mailParts } from "../support/mime.ts";
import { createSentProposal } from "../support/proposals.ts";
import { insertCustomer } from "../support/records.ts";
import { startServer, type TestServer } from "../support/server.ts";
import { startSmtpSink } from "../support/smtp.ts";
import { until } from "../support/wait.ts";

const shots = "/tmp/shots-automation-rules";
const day = 86_400_000;

async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const customer = await insertCustomer(database.db, { name: "Ada Lovelace", email: "ada@client.test" });
    const [owner] = await database.db.select().from(users).where(eq(users.email, adminAccount.email));
    await createSentProposal(database.db, {
      customerId: customer.id,
      expiresOn: addDaysIso(todayIn("America/New_York"), 30),
      actor: { userId: owner?.id ?? "", email: adminAccount.email },
    });
  } finally {
    await database.close();
  }
}

describe("an owner's automation with approval", () => {
  const dataDir = dataDirWithAccounts();
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let server: TestServer | undefined;
  let browser: Browser;

  /** The server on the same data, its automations' clock `days` ahead. */
  async function serve(days: number) {
    await server?.stop();
    server = await startServer({
      dataDir,
      env: { SMTP_URL: sink.url, TEST_CLOCK_OFFSET_MS: String(Math.round(days * day)) },
    });
    return server;
  }
  async function ownerPage(at: TestServer): Promise<Page> {
    const [name, value] = (await signInCookie(at.url, adminAccount)).split("=") as [string, string];
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name, value, url: at.url }]);
    return context.newPage();
  }
  const nudges = () => sink.received.filter((mail) => mail.raw.includes("Subject: Any questions, Ada?"));

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    await seed(dataDir);
    sink = await startSmtpSink();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("created, the clock moved three days, approved as edited in the queue: the mail arrives once", async () => {
    const today = await serve(0);
    const page = await ownerPage(today);
    await page.goto(`${today.url}/admin/automations`);
    await hydrated(page);
    await page.getByRole("link", { name: "New automation" }).click();
    await page.getByRole("heading", { name: "New automation", level: 1 }).waitFor();
    await hydrated(page);
    await page.getByLabel("Name", { exact: true }).fill("Nudge an unsigned proposal");
    await page.getByLabel("When", { exact: true }).selectOption("proposal_unsigned");
    await page.getByLabel("Days", { exact: true }).fill("3");
    await page.getByLabel("Subject", { exact: true }).fill("Any questions about {proposal_title}?");
    await page.getByLabel("Message", { exact: true }).fill("Hi {client},\n\nHappy to help.");
    expect(await page.getByLabel("Wait for my approval", { exact: true }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Create automation" }).click();
    await page
      .getByText(
        "Unknown field {client}: this trigger offers {client_name}, {studio_name}, {document_number}, {proposal_title}, {valid_until}",
      )
      .first()
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByLabel("Message", { exact: true })
      .fill("Hi {client_name},\n\nHappy to walk you through {document_number}.");
    await page.getByRole("button", { name: "Create automation" }).click();
    await page.getByText("Automation created: Nudge an unsigned proposal").first().waitFor();
    const row = page.locator('[data-rule^="custom:"]');
    expect(await row.textContent()).toContain("3 days after it was sent");
    expect(await row.textContent()).toContain("Email the client, after my approval");
    await page.screenshot({ path: `${shots}/rules.png`, fullPage: true });
    // tried on the customer first: what it would send, and when; nothing is sent
    await page.getByRole("link", { name: "Edit: Nudge an unsigned proposal" }).click();
    await page.getByRole("heading", { name: "Try it without sending" }).waitFor();
    await page.getByLabel("Customer", { exact: true }).selectOption({ label: "Ada Lovelace" });
    await page.getByRole("button", { name: "Try it", exact: true }).click();
    const tried = page.locator("[data-trial-item]");
    await tried.first().waitFor();
    expect(await tried.getAttribute("data-verdict")).toBe("later");
    expect(await tried.textContent()).toContain("Any questions about A new website for the bakery?");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/try-it.png`, fullPage: true });
    // a project completed asks for a testimonial: that step writes its own mail, so no words are asked for
    await page.goto(`${today.url}/admin/automations/new`);
    await hydrated(page);
    await page.getByLabel("Name", { exact: true }).fill("Ask for a testimonial");
    await page.getByLabel("When", { exact: true }).selectOption("project_completed");
    await page.getByLabel("Then", { exact: true }).selectOption({ label: "Request a testimonial" });
    await page.locator("[data-own-mail]").waitFor();
    expect(await page.getByLabel("Subject", { exact: true }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/testimonial-rule.png`, fullPage: true });
    // on a phone: nothing wider than it
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${shots}/testimonial-rule-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("button", { name: "Create automation" }).click();
    await page.getByText("Automation created: Ask for a testimonial").first().waitFor();
    expect(await page.locator('[data-rule^="custom:"]', { hasText: "Ask for a testimonial" }).textContent()).toContain(
      "A project is completed: 3 days after it was completed, while it stays completed",
    );
    await page.context().close();

    // three days and an hour on: the start's maintenance pass holds the run for approval, sends nothing
    const later = await serve(3 + 1 / 24);
    const owner = await ownerPage(later);
    await owner.goto(`${later.url}/admin/automations`);
    const queue = owner.locator("[data-approval-queue]");
    await expect
      .poll(async () => {
        if (await queue.count()) return true;
        await owner.reload();
        return false;
      })
      .toBe(true);
    await hydrated(owner);
    await queue.getByRole("heading", { name: "Waiting for your approval (1)" }).waitFor();
    expect(await queue.textContent()).toContain("To: ada@client.test");
    expect(await queue.getByLabel("Subject", { exact: true }).inputValue()).toBe(
      "Any questions about A new website for the bakery?",
    );
    expect(await queue.getByLabel("Message", { exact: true }).inputValue()).toMatch(
      /^Hi Ada Lovelace,\n\nHappy to walk you through PRO-\d+\.$/,
    );
    expect(await seriousViolations(owner)).toEqual([]);
    await owner.screenshot({ path: `${shots}/queue.png`, fullPage: true });
    expect(sink.received.filter((mail) => mail.raw.includes("Any questions"))).toEqual([]);

    await queue.getByLabel("Subject", { exact: true }).fill("Any questions, Ada?");
    await queue.getByLabel("Message", { exact: true }).fill("Hi Ada,\n\nJust checking in about the proposal.");
    await queue.getByRole("button", { name: /^Approve: PRO-\d+ · Ada Lovelace$/ }).click();
    await owner
      .getByText(/^Approved and sent: PRO-\d+ · Ada Lovelace$/)
      .first()
      .waitFor();
    await until(() => nudges().length === 1, { what: "the approved mail over SMTP" });
    const [mail] = nudges();
    expect(mail?.to).toEqual(["ada@client.test"]);
    expect(mail?.raw).toContain("Just checking in about the proposal.");
    expect(mail?.raw).toContain("/stop-emails/");
    expect(await owner.locator("[data-approval-queue]").count()).toBe(0);
    await owner.context().close();

    // the client's "Stop these emails", on a phone, without JavaScript: asked once, then done
    const stopPath = /\/stop-emails\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/.exec(mailParts(mail?.raw ?? "").text ?? "")?.[0];
    expect(stopPath).toBeDefined();
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const client = await phone.newPage();
    const opened = await client.goto(`${later.url}${stopPath}`);
    expect(opened?.headers()["cache-control"]).toBe("no-store");
    expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await client.getByRole("heading", { name: "Stop these emails?" }).waitFor();
    expect(await client.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await client.getByRole("button", { name: "Stop these emails" }).click();
    await client
      .getByRole("status")
      .getByText(/^Done: .+ will send this address no more automatic emails\./)
      .waitFor();
    await client.screenshot({ path: `${shots}/stopped-390.png`, fullPage: true });
    await phone.close();
    const reader = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const read = await reader.newPage();
    await read.goto(`${later.url}${stopPath}`);
    expect(await seriousViolations(read)).toEqual([]);
    await reader.close();

    // stopped: one run, sent once; one mail queued
    await server?.stop();
    server = undefined;
    expect(nudges()).toHaveLength(1);
    const database = await openDatabase({ dataDir });
    try {
      const runs = await database.db.select().from(automationRuns);
      expect(runs.map((run) => [run.status, run.attempts])).toEqual([["sent", 1]]);
      const queued = await database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, "ada@client.test"), eq(mailOutbox.subject, "Any questions, Ada?")));
      expect(queued).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
