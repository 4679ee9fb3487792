import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { startServer, type TestServer, waitPastTimeTrap } from "../support/server.ts";
import { startSmtpSink } from "../support/smtp.ts";
import { until } from "../support/wait.ts";

async function fillValid(page: Page, overrides: Record<string, string> = {}) {
  const values = {
    "First Name": "Ada",
    "Last Name": "Lovelace",
    Email: "ada@example.test",
    Message: "We would like a booking system.",
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel("Project Type").selectOption("webapp");
  await page.getByLabel("Budget Range (optional)").selectOption("medium");
}

async function waitForMail(received: { raw: string }[], subject: string) {
  for (let i = 0; i < 100; i++) {
    const found = received.find((mail) => mail.raw.includes(`Subject: ${subject}`));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail with subject ${subject}`);
}

describe("contact form", () => {
  let server: TestServer;
  let browser: Browser;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startServer({ env: { SMTP_URL: sink.url } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.stop();
  });

  it("works without JavaScript: errors with values kept (400), then the thank-you message", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/contact`);
    await fillValid(page, { Email: "not-an-email", "Last Name": "" });
    await waitPastTimeTrap();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await page.waitForLoadState();
    await expect(page.getByText("Invalid email address").isVisible()).resolves.toBe(true);
    await expect(page.getByText("Last name is required").isVisible()).resolves.toBe(true);
    expect(await page.getByLabel("First Name").inputValue()).toBe("Ada");
    expect(await page.getByLabel("Message").inputValue()).toBe("We would like a booking system.");
    expect(await page.getByLabel("Email", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    const describedBy = await page.getByLabel("Email", { exact: true }).getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("Invalid email address");
    // focus moves to the first field in error
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("last_name");

    await page.getByLabel("Email", { exact: true }).fill("ada@example.test");
    await page.getByLabel("Last Name").fill("Lovelace");
    await waitPastTimeTrap();
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForLoadState();
    await expect(page.getByRole("status").textContent()).resolves.toContain("Thank you for reaching out!");
    await expect(page.getByText("Our team will get back to you shortly.").isVisible()).resolves.toBe(true);
    // the thank-you view offers the consultation's booking page
    await expect(
      page.getByRole("status").getByRole("link", { name: "Schedule Free Consultation" }).getAttribute("href"),
    ).resolves.toBe("/book");
    // post/redirect/get: the thank-you view is its own address, so a reload sends nothing again
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/contact?sent=1");
    expect(await page.getByLabel("First Name").inputValue()).toBe("");
    const mail = await waitForMail(sink.received, "New inquiry from Ada Lovelace");
    expect(mail.raw).toContain("Project type: Web Application");
    await context.close();
  });

  it("with JavaScript: validates on blur, sends without a reload, shows the toast and clears the form", async () => {
    // the page ships no React: only the form's own small module
    const scripts: string[] = [];
    const page = await browser.newPage();
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto(`${server.url}/contact`);
    await page.locator("form[data-enhanced]").waitFor();
    expect(scripts.some((url) => /entry\.client|jsx-runtime|react/.test(url))).toBe(false);
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });
    await page.getByLabel("Email", { exact: true }).fill("nope");
    await page.getByLabel("Email", { exact: true }).blur();
    await page.getByText("Invalid email address").waitFor();

    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("First name is required").waitFor();
    expect(await page.getByText("Please select a project type").isVisible()).toBe(true);
    expect(await page.getByText("Message is required").isVisible()).toBe(true);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("first_name");

    await fillValid(page, { "First Name": "Grace", "Last Name": "Hopper", Email: "grace@navy.test" });
    await waitPastTimeTrap();
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = page.getByRole("region", { name: /Notifications/ });
    await toast.getByText("Thank you for reaching out!").waitFor();
    await toast.getByText("Our team will get back to you shortly.").waitFor();
    expect(await page.getByLabel("First Name").inputValue()).toBe("");
    // the thank-you offers the consultation, booked on the site
    const offer = page.getByRole("link", { name: "Schedule Free Consultation" });
    expect(await offer.isVisible()).toBe(true);
    expect(await offer.getAttribute("href")).toBe("/book");
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42); // no reload
    await waitForMail(sink.received, "New inquiry from Grace Hopper");
    await page.close();
  });

  it("with JavaScript: a failed send shows the 'Error' toast and keeps what was typed", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/contact`);
    await page.locator("form[data-enhanced]").waitFor();
    await page.route("**/contact/send", (route) => route.fulfill({ status: 503, body: "down" }));
    await fillValid(page);
    await waitPastTimeTrap();
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = page.getByRole("region", { name: /Notifications/ });
    await toast.getByText("Something went wrong. Please try again.").waitFor();
    expect(await toast.getByText("Error", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel("First Name").inputValue()).toBe("Ada");
    await page.close();
  });
});

describe("contact form defences", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { CONTACT_RATE_LIMIT: "2/600" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function tokenFromPage() {
    const html = await (await fetch(`${server.url}/contact`)).text();
    const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
    if (!token) throw new Error("no form token on the page");
    return token;
  }

  function post(fields: Record<string, string>, redirect: RequestRedirect = "follow") {
    return fetch(`${server.url}/contact`, {
      method: "POST",
      redirect,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams(fields).toString(),
    });
  }

  const inquiry = {
    first_name: "Bot",
    last_name: "Tester",
    email: "bot@example.test",
    project_type: "quote",
    message: "hello",
  };

  it("answers bots like a success and stores nothing; limits real posts per IP (429); refuses big bodies (413)", async () => {
    const token = await tokenFromPage();
    const tooFast = await post({ ...inquiry, form_token: token });
    expect(tooFast.status).toBe(200);
    expect(await tooFast.text()).toContain("Thank you for reaching out!");
    await waitPastTimeTrap();
    const honeypot = await post({ ...inquiry, form_token: token, company_website: "http://spam.example" });
    expect(honeypot.status).toBe(200);

    expect((await post({ ...inquiry, form_token: token })).status).toBe(200);
    const sent = await post({ ...inquiry, form_token: token }, "manual");
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/contact?sent=1");
    expect(sent.headers.get("cache-control")).toBe("no-store");
    // its request log line counts the queries the post ran (the body is read before the action runs)
    // four posts answered 303 so far: two kept as spam, then the two stored inquiries
    const sentLines = () =>
      server.logs().filter((line) => line.msg === "request" && line.method === "POST" && line.status === 303);
    await until(() => sentLines().length >= 4);
    const postLine = sentLines().at(-1);
    expect(postLine?.queries).toBeGreaterThanOrEqual(4);
    const limited = await post({ ...inquiry, form_token: token });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await limited.text()).toContain("Please wait a few minutes and try again.");

    const big = await post({ ...inquiry, form_token: token, message: "x".repeat(40_000) });
    expect(big.status).toBe(413);

    const refusals = server.logs().filter((line) => line.msg === "contact submission refused");
    expect(refusals.map((line) => line.reason)).toEqual(["too-fast", "honeypot", "rate-limit"]);
    const stored = server.logs().filter((line) => line.msg === "contact submission stored");
    expect(stored).toHaveLength(2);
    for (const line of refusals) expect(Object.keys(line)).not.toContain("message");
  });
});
