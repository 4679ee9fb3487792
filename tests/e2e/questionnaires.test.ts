/**
 * Onboarding questionnaires in Chromium against the production build and a real SMTP sink: the owner
 * builds a questionnaire and sends it from the customer page → the client opens the mailed link at
 * 390 px, saves for later, comes back, sees what is missing, is refused on Submit (messages beside the
 * fields, typed answers kept), submits → the owner accepts the proposed billing address in the review
 * queue and the customer record changes. Then the owner reopens it with a reason, and the client, without
 * JavaScript, edits and submits again. axe finds nothing serious. Screenshots go to /tmp/shots-questionnaires/.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { seriousViolations } from "../support/axe.ts";
import { plain } from "../support/booking-mail.ts";
import { hydrated } from "../support/browser.ts";
import { insertCustomers } from "../support/records.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";
import { startSmtpSink } from "../support/smtp.ts";
import { until } from "../support/wait.ts";

const shots = "/tmp/shots-questionnaires";
const onePixelPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const userAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function seed(dataDir: string) {
  const database = await openDatabase({ dataDir });
  const [ada] = await insertCustomers(database.db, [
    { name: "Ada Lovelace", email: "ada@client.test", billingAddress: "1 Old Road" },
    { name: "Bob Builder", email: "bob@client.test" },
  ]);
  await database.close();
  return { adaId: ada?.id ?? "" };
}

function questionnaireLink(raw: string, base: string): string {
  const match = /https?:\/\/[^\s"<>]+(\/q\/[A-Za-z0-9_-]{43})/.exec(plain(raw));
  if (!match?.[1]) throw new Error("no questionnaire link in the mail");
  return `${base}${match[1]}`;
}

describe("onboarding questionnaires", () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let app: SignedInApp<Awaited<ReturnType<typeof seed>>>;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    sink = await startSmtpSink();
    app = await startSignedInApp({ seed, env: { SMTP_URL: sink.url } });
  });
  afterAll(async () => {
    await app?.stop();
    await sink?.stop();
  });

  async function toast(page: Page, text: string | RegExp) {
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByText(text)
      .waitFor();
  }

  async function addQuestion(
    owner: Page,
    values: { label: string; kind?: string; maps?: string; options?: string; required?: boolean },
  ) {
    const form = owner.getByRole("form", { name: "Add a question" });
    await form.getByLabel("Question", { exact: true }).fill(values.label);
    if (values.kind) await form.getByLabel("Kind of answer").selectOption({ label: values.kind });
    if (values.maps) await form.getByLabel("Proposes a value for").selectOption({ label: values.maps });
    if (values.options) await form.getByLabel("Options").fill(values.options);
    if (values.required) await form.getByLabel("An answer is required").check();
    await form.getByRole("button", { name: "Add question" }).click();
    await owner.locator(`[data-question="${values.label}"]`).waitFor();
  }

  it("owner builds and sends → the client saves, comes back, is told what is missing, submits → the owner accepts the address", async () => {
    const { server } = app;
    const owner = await app.adminPage({ viewport: { width: 1280, height: 900 }, userAgent });
    await owner.goto(`${server.url}/admin/questionnaires`);
    await hydrated(owner);
    await owner.getByLabel("Name", { exact: true }).fill("Kick-off");
    await owner.getByLabel("Default for project type").fill("website");
    await owner.getByRole("button", { name: "Create questionnaire" }).click();
    await owner.waitForURL(/\/admin\/questionnaires\/[0-9a-f-]{36}$/);
    await hydrated(owner);
    // a choice with one option is refused beside its field, the typed label kept
    const form = owner.getByRole("form", { name: "Add a question" });
    await form.getByLabel("Question", { exact: true }).fill("Style");
    await form.getByLabel("Kind of answer").selectOption({ label: "Choice (one of the options)" });
    await form.getByLabel("Options").fill("Calm");
    await form.getByRole("button", { name: "Add question" }).click();
    await form.getByText("A choice needs at least 2 options, one per line").waitFor();
    expect(await form.getByLabel("Question", { exact: true }).inputValue()).toBe("Style");
    await form.getByLabel("Options").fill("Calm\nBold");
    await form.getByLabel("An answer is required").check();
    await form.getByRole("button", { name: "Add question" }).click();
    await owner.locator('[data-question="Style"]').waitFor();
    await addQuestion(owner, { label: "Business name", required: true });
    await addQuestion(owner, { label: "Billing address", kind: "Long text", maps: "Billing address" });
    await addQuestion(owner, { label: "Your logo", kind: "File upload" });
    // axe on the page itself (stacked toasts fade behind each other)
    await owner.reload();
    await hydrated(owner);
    expect(await seriousViolations(owner)).toEqual([]);
    await owner.screenshot({ path: `${shots}/builder-1280.png`, fullPage: true });

    // sent by hand from the customer page
    await owner.goto(`${server.url}/admin/customers/${app.seeded.adaId}`);
    await hydrated(owner);
    const card = owner.getByRole("region", { name: "Questionnaires" });
    await card.getByText("None sent yet.").waitFor();
    await card.getByLabel("Questionnaire").selectOption({ label: "Kick-off" });
    await card.getByRole("button", { name: "Send questionnaire" }).click();
    await toast(owner, "Questionnaire emailed to ada@client.test");
    const mail = await until(() => sink.received.find((received) => plain(received.raw).includes("/q/")), {
      timeoutMs: 30_000,
      what: "the questionnaire mail",
    });
    expect(mail.to).toEqual(["ada@client.test"]);
    const link = questionnaireLink(mail.raw, server.url);

    // the client, at 390 px
    const clientContext = await app.browser.newContext({ viewport: { width: 390, height: 844 }, userAgent });
    const client = await clientContext.newPage();
    const response = await client.goto(link);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await client.getByRole("heading", { name: "Kick-off" }).waitFor();
    const missing = client.getByRole("region", { name: /Still missing/ });
    expect(await missing.getByRole("link").allTextContents()).toEqual(["Style", "Business name"]);
    await client.getByLabel("Billing address").fill("2 New Street");
    await client.getByRole("button", { name: "Save for later" }).click();
    await client.getByText("Saved. You can come back").waitFor();
    // comes back later: the answer is there, the missing list too
    await client.goto(link);
    expect(await client.getByLabel("Billing address").inputValue()).toBe("2 New Street");
    await missing.getByRole("link", { name: "Business name" }).click();
    expect(await client.evaluate(() => location.hash)).toBe("#answer_q2");
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(client)).toEqual([]);
    await client.screenshot({ path: `${shots}/client-390.png`, fullPage: true });

    // Submit refuses: the messages beside the fields, every typed answer kept (and the file sent with it)
    await client.getByLabel("Business name").fill("");
    await client
      .getByLabel("Your logo")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: onePixelPng });
    const refused = client.waitForResponse((answer) => answer.request().method() === "POST");
    await client.getByRole("button", { name: "Submit" }).click();
    expect((await refused).status()).toBe(400);
    await client.locator("#answer_q2-error").getByText("This question needs an answer").waitFor();
    await client.locator("#answer_q1-error").getByText("This question needs an answer").waitFor();
    expect(await client.getByLabel("Billing address").inputValue()).toBe("2 New Street");
    await client.getByText("Received: logo.png").waitFor();
    expect(await missing.getByRole("link").allTextContents()).toEqual(["Style", "Business name"]);
    expect(await seriousViolations(client)).toEqual([]);
    await client.screenshot({ path: `${shots}/client-refused-390.png`, fullPage: true });
    await client.getByLabel("Bold").check();
    await client.getByLabel("Business name").fill("Analytical Engines");
    await client.getByRole("button", { name: "Submit" }).click();
    await client.getByText("Thank you: your answers were sent.").waitFor();
    expect(await client.locator("main").textContent()).toContain("Analytical Engines");
    expect(await client.locator("main").textContent()).toContain("logo.png");
    await clientContext.close();

    // the owner: the card counts the proposed change; accepting it changes the record
    await owner.goto(`${server.url}/admin/customers/${app.seeded.adaId}`);
    await owner.getByText("1 proposed change to review").click();
    await owner.waitForURL(/\/admin\/reviews/);
    await hydrated(owner);
    const item = owner.locator('[data-review="Billing address"]');
    expect(await item.textContent()).toContain("1 Old Road");
    await item.getByLabel("Billing address to accept for Ada Lovelace").fill("2 New Street, Springfield");
    await item.getByRole("button", { name: "Accept" }).click();
    await toast(owner, "Accepted: the customer record is updated");
    await owner.getByText("Nothing waits for review.").waitFor();
    await owner.goto(`${server.url}/admin/customers/${app.seeded.adaId}`);
    await owner.getByText("2 New Street, Springfield").waitFor();
    await owner.getByRole("region", { name: "Questionnaires" }).getByText("Submitted", { exact: true }).waitFor();
  });

  it("the owner reopens it with a reason; without JavaScript the client edits and submits again", async () => {
    const { server } = app;
    const owner = await app.adminPage({ viewport: { width: 1280, height: 900 }, userAgent });
    await owner.goto(`${server.url}/admin/customers/${app.seeded.adaId}`);
    await owner
      .getByRole("region", { name: "Questionnaires" })
      .getByRole("link", { name: /Kick-off/ })
      .click();
    await owner.waitForURL(/\/admin\/questionnaires\/sent\//);
    await hydrated(owner);
    // the client's file, downloaded by the owner
    const download = await owner.request.get(
      `${server.url}${await owner.getByRole("link", { name: "logo.png" }).getAttribute("href")}`,
    );
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("image/png");
    const before = sink.received.length;
    await owner.getByLabel("Reason (mailed to the client)").fill("Please choose a calmer style.");
    await owner.getByRole("button", { name: "Reopen" }).click();
    await toast(owner, /Reopened: the reason was emailed/);
    await owner.reload();
    await hydrated(owner);
    expect(await seriousViolations(owner)).toEqual([]);
    const mail = await until(
      () => sink.received.slice(before).find((received) => plain(received.raw).includes("/q/")),
      { timeoutMs: 30_000, what: "the reopening mail" },
    );
    expect(plain(mail.raw)).toContain("Please choose a calmer style.");

    const noScript = await app.browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent,
      javaScriptEnabled: false,
    });
    const page = await noScript.newPage();
    await page.goto(questionnaireLink(mail.raw, server.url));
    await page.getByText("Please choose a calmer style.").waitFor();
    expect(await page.getByLabel("Business name").inputValue()).toBe("Analytical Engines");
    await page.getByLabel("Business name").fill("");
    await page.getByLabel("Calm").check();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.locator("#answer_q2-error").getByText("This question needs an answer").waitFor();
    expect(await page.getByLabel("Calm").isChecked()).toBe(true);
    await page.getByLabel("Business name").fill("Analytical Engines Ltd");
    await page.getByRole("button", { name: "Save for later" }).click();
    await page.getByText("Saved. You can come back").waitFor();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Thank you: your answers were sent.").waitFor();
    await page.screenshot({ path: `${shots}/client-nojs-390.png`, fullPage: true });
    // a wrong token is a 404
    expect((await page.goto(`${server.url}/q/${"x".repeat(43)}`))?.status()).toBe(404);
    await noScript.close();

    // the history keeps both submissions
    await owner.reload();
    const history = await owner.locator("[data-history] li").allTextContents();
    expect(history.filter((line) => line.includes("Submitted"))).toHaveLength(2);
    expect(history.some((line) => line.includes("Reopened: Please choose a calmer style."))).toBe(true);
  });
});
