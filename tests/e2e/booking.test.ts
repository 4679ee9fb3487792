import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultStudio } from "#app/domain/studio.ts";
import { seriousViolations } from "../support/axe.ts";
import { calendarPart, manageLink, plain, waitForMail } from "../support/booking-mail.ts";
import { hydrated } from "../support/browser.ts";
import { waitPastTimeTrap } from "../support/server.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";
import { startSmtpSink } from "../support/smtp.ts";

describe("booking the free consultation", () => {
  let app: SignedInApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await startSignedInApp({ env: { SMTP_URL: sink.url } });
  });
  afterAll(async () => {
    await app?.stop();
    await sink?.stop();
  });

  it("books without JavaScript at 390 px, mails the invitation, moves by the link once, shows in the back office", async () => {
    const { server, browser } = app;
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const first = await page.goto(`${server.url}/book`);
    expect(first?.status()).toBe(200);
    expect(first?.headers()["cache-control"]).toBe("no-store");
    await page.getByRole("heading", { name: "Book a Free Consultation" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // a day is a plain link; its times are radio buttons in a fieldset
    const days = page.getByRole("navigation", { name: "Days with free times" }).getByRole("link");
    await days.nth(1).click();
    await page.waitForLoadState();
    const times = page.getByRole("group", { name: /^Times on / });
    const chosen = times.getByRole("radio").first();
    const slot = await chosen.getAttribute("value");
    await times.locator("label").first().click();
    await page.getByLabel("Name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill("ada@example.test");
    await page.getByLabel(/What would you like to talk about/).fill("A booking system, fittingly.");
    await waitPastTimeTrap();
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await page.waitForLoadState();
    await expect(page.getByRole("status").textContent()).resolves.toContain("Your consultation is booked");
    expect(new URL(page.url()).searchParams.get("booked")).toBe(slot);
    // the booked time is no longer offered
    expect(await page.locator(`input[value="${slot}"]`).count()).toBe(0);

    const mail = await waitForMail(
      sink.received,
      `Confirmation of your free consultation request on ${defaultStudio.businessName}'s website`,
      "ada@example.test",
    );
    const text = plain(mail.raw);
    expect(text).toContain(`This email confirms a request made on ${defaultStudio.businessName}'s website`);
    expect(text).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    const ics = calendarPart(mail.raw);
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toMatch(/ORGANIZER;CN="[^"]+":mailto:/);
    expect(ics).toContain(`DTSTART:${slot?.replace(/[-:]/g, "").slice(0, 15)}Z`);
    const owner = await waitForMail(sink.received, "New consultation booked by Ada Lovelace", defaultStudio.email);
    expect(calendarPart(owner.raw)).toContain("METHOD:REQUEST");
    expect(plain(owner.raw)).toContain("A booking system, fittingly.");

    // the link: choose another time; the old one is free again
    const link = manageLink(mail);
    const before = sink.received.length;
    await page.goto(`${server.url}${link}`);
    await page.getByRole("heading", { name: "Your consultation" }).waitFor();
    // axe runs in the page: the same page with JavaScript, at the same width
    const checkerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const checker = await checkerContext.newPage();
    await checker.goto(`${server.url}${link}`);
    await checker.getByRole("heading", { name: "Your consultation" }).waitFor();
    expect(await seriousViolations(checker)).toEqual([]);
    // with JavaScript, the booking page's script names the browser's zone in the address once
    await checker.goto(`${server.url}/book`);
    await checker.waitForURL(/[?&]tz=/);
    await checker.getByRole("heading", { name: "Book a Free Consultation" }).waitFor();
    expect(await seriousViolations(checker)).toEqual([]);
    await checkerContext.close();
    const moveTimes = page.getByRole("group", { name: /^Times on / });
    const next = await moveTimes.getByRole("radio").nth(2).getAttribute("value");
    await moveTimes.locator("label").nth(2).click();
    await page.getByRole("button", { name: "Move my consultation" }).click();
    await page.waitForLoadState();
    await expect(page.getByRole("status").textContent()).resolves.toContain("Your consultation has been moved.");
    expect(new URL(page.url()).searchParams.get("moved")).toBe(next);
    const moved = await waitForMail(sink.received, "Your free consultation has been moved", "ada@example.test", before);
    expect(manageLink(moved)).not.toBe(link);

    // the used link works no more
    const used = await page.goto(`${server.url}${link}`);
    expect(used?.status()).toBe(410);
    await page.getByText("This link has already been used, or the consultation was cancelled.").waitFor();
    await context.close();

    // the back office lists it, with the new time
    const admin = await app.adminPage();
    await admin.goto(`${server.url}/admin/bookings`);
    const row = admin.locator("[data-booking-row]", { hasText: "Ada Lovelace" });
    await row.waitFor();
    expect(await row.count()).toBe(1);
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.goto(`${server.url}/admin/dashboard?type=consultation`);
    await admin.getByText("ada@example.test").first().waitFor();
    // the inbox names the next consultations and leads to the bookings
    const nextBookings = admin.locator("[data-next-bookings]");
    expect(await nextBookings.textContent()).toContain("Ada Lovelace");
    await nextBookings.getByRole("link", { name: "All bookings" }).click();
    await admin.waitForURL(`${server.url}/admin/bookings`);
    await admin.context().close();
  });

  it("of two posts racing for one slot, one books it and the other hears it was just taken (409)", async () => {
    const { server } = app;
    // the page is the same bytes for everyone (the public-page cache); the form's token is in a cookie
    const page = await fetch(`${server.url}/book`);
    const html = await page.text();
    expect(html).not.toContain("form_token");
    const cookie = page.headers.getSetCookie().find((line) => line.startsWith("studio_book_form=")) ?? "";
    expect(cookie).toMatch(/; Max-Age=\d+; Path=\/book; HttpOnly; SameSite=Lax/);
    // a second visitor: the same bytes and ETag, a token of their own; the inline script allowed by its hash
    const other = await fetch(`${server.url}/book`);
    expect(await other.text()).toBe(html);
    expect(other.headers.get("etag")).toBe(page.headers.get("etag"));
    expect(other.headers.getSetCookie()[0]?.split(";")[0]).not.toBe(cookie.split(";")[0]);
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);
    expect(page.headers.get("content-security-policy")).not.toContain("'nonce-");
    const slots = [...html.matchAll(/name="slot"[^>]*value="([^"]+)"/g)].map((match) => match[1]);
    const slot = slots.at(-1) ?? "";
    expect(slot).not.toBe("");
    await waitPastTimeTrap();
    const post = (name: string) =>
      fetch(`${server.url}/book`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: server.url,
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: cookie.split(";")[0] ?? "",
        },
        body: new URLSearchParams({ slot, name, email: `${name}@example.test` }),
      });
    const answers = await Promise.all([post("first"), post("second")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409]);
    const loser = answers.find((answer) => answer.status === 409);
    expect(await loser?.text()).toContain("That time was just taken. Please choose another.");
  });

  it("without the page's cookie (cookies blocked) a post is not booked: the form comes back with the values, and works", async () => {
    const { server, browser } = app;
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/book`);
    const days = page.getByRole("navigation", { name: "Days with free times" }).getByRole("link");
    await days.nth(2).click();
    await page.waitForLoadState();
    const times = page.getByRole("group", { name: /^Times on / });
    const slot = await times.getByRole("radio").nth(1).getAttribute("value");
    await times.locator("label").nth(1).click();
    await page.getByLabel("Name").fill("Grace Hopper");
    await page.getByLabel("Email").fill("grace@example.test");
    await waitPastTimeTrap();
    // the browser does not send the token's cookie back
    await context.clearCookies();
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await page.waitForLoadState();
    await page
      .getByText("Your consultation is not booked yet: your browser did not send back this page's cookie.")
      .waitFor();
    expect(await page.getByLabel("Name").inputValue()).toBe("Grace Hopper");
    expect(await page.getByLabel("Email").inputValue()).toBe("grace@example.test");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // this answer was rendered for this visitor: its form carries the token, and confirming again at once books
    await context.clearCookies();
    await page.locator(`label[for="${await page.locator(`input[value="${slot}"]`).getAttribute("id")}"]`).click();
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await page.waitForLoadState();
    await expect(page.getByRole("status").textContent()).resolves.toContain("Your consultation is booked");
    expect(new URL(page.url()).searchParams.get("booked")).toBe(slot);
    await context.close();
  });

  it("the consultation reminder is an automation the owner sees, pauses and resumes (ADR 0063)", async () => {
    const owner = await app.adminPage({ viewport: { width: 1024, height: 768 } });
    await owner.goto(`${app.server.url}/admin/automations`);
    await hydrated(owner);
    const reminder = owner.locator("tr[data-rule='booking-reminder']");
    await reminder.getByText("Consultation reminder").waitFor();
    await reminder.getByText("When: A free consultation is booked, the day before it starts").waitFor();
    await owner.locator("tr[data-rule='payment-reminder']").getByText("Active").waitFor();
    await owner.getByRole("searchbox", { name: "Search runs" }).waitFor();
    expect(await seriousViolations(owner)).toEqual([]);
    await owner.getByRole("button", { name: "Pause: Consultation reminder" }).click();
    await owner
      .getByRole("region", { name: /Notifications/ })
      .getByText("Consultation reminder paused: nothing is sent until you resume it")
      .waitFor();
    await reminder.getByText("Paused").waitFor();
    expect(await reminder.getAttribute("data-paused")).toBe("true");
    // the other rule goes on
    expect(await owner.locator("tr[data-rule='payment-reminder']").getAttribute("data-paused")).toBe("false");
    await owner.getByRole("button", { name: "Resume: Consultation reminder" }).click();
    await owner
      .getByRole("region", { name: /Notifications/ })
      .getByText("Consultation reminder resumed")
      .waitFor();
    await reminder.getByText("Active").waitFor();
    await owner.context().close();
  });
});
