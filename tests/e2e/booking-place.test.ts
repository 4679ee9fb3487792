/**
 * The free consultation's place and its cancelling in Chromium: the owner sets where it happens (a call
 * link), the visitor's mail (text and HTML) and invitation (LOCATION, URL, the manage link in the
 * description) say so, the owner's invitation never holds the link; cancelling on the manage page asks
 * first, with and without JavaScript, at 390 px. Its own server: the booking limits of one address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultStudio } from "#app/domain/studio.ts";
import { seriousViolations } from "../support/axe.ts";
import { calendarPart, manageLink, plain, waitForMail } from "../support/booking-mail.ts";
import { waitPastTimeTrap } from "../support/server.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";
import { startSmtpSink } from "../support/smtp.ts";

describe("the consultation's place and cancelling it", () => {
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

  /** Books the first time of the nth day without JavaScript; the visitor's confirmation mail. */
  async function bookWithoutScript(dayIndex: number, name: string, email: string) {
    const { server, browser } = app;
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/book`);
    await page.getByRole("navigation", { name: "Days with free times" }).getByRole("link").nth(dayIndex).click();
    await page.waitForLoadState();
    await page
      .getByRole("group", { name: /^Times on / })
      .locator("label")
      .first()
      .click();
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Email").fill(email);
    await waitPastTimeTrap();
    const before = sink.received.length;
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await page.waitForLoadState();
    await expect(page.getByRole("status").textContent()).resolves.toContain("Your consultation is booked");
    await context.close();
    return waitForMail(
      sink.received,
      `Confirmation of your free consultation request on ${defaultStudio.businessName}'s website`,
      email,
      before,
    );
  }

  it("the owner sets where it happens: the mail (text and HTML) and the invitation (LOCATION, URL) say so, with the manage link", async () => {
    const { server } = app;
    const admin = await app.adminPage();
    await admin.goto(`${server.url}/admin/bookings/availability`);
    const place = admin.getByLabel("Where the consultation happens");
    await place.fill("12");
    await admin.getByRole("button", { name: "Save availability" }).click();
    await admin.getByText("Enter the phone number with 10 to 20 digits").waitFor();
    await place.fill("https://meet.example.com/studio-call");
    await admin.getByRole("button", { name: "Save availability" }).click();
    await admin
      .getByRole("region", { name: /Notifications/ })
      .getByText("Availability saved")
      .waitFor();
    await admin.reload();
    expect(await admin.getByLabel("Where the consultation happens").inputValue()).toBe(
      "https://meet.example.com/studio-call",
    );
    await admin.context().close();

    const mail = await bookWithoutScript(3, "Katherine Johnson", "katherine@example.test");
    const text = plain(mail.raw);
    const link = manageLink(mail);
    // the text part and the HTML part both name the place and the manage link
    const [textPart, htmlPart] = text.split(/Content-Type: text\/html/i);
    expect(textPart).toContain("Where: a video call, https://meet.example.com/studio-call");
    expect(htmlPart).toContain("Where: a video call, https://meet.example.com/studio-call");
    expect(htmlPart).toContain('href="https://meet.example.com/studio-call"');
    expect(htmlPart).toContain(link);
    const ics = calendarPart(mail.raw).replace(/\r\n[ \t]/g, "");
    expect(ics).toMatch(/^LOCATION:https:\/\/meet\.example\.com\/studio-call\r?$/m);
    expect(ics).toMatch(/^URL(;VALUE=URI)?:https:\/\/meet\.example\.com\/studio-call\r?$/m);
    expect(/^DESCRIPTION:(.*)$/m.exec(ics)?.[1]).toContain(link);
    // the owner's invitation has the place, never the visitor's link
    const owner = await waitForMail(sink.received, "New consultation booked by Katherine Johnson", defaultStudio.email);
    const ownerIcs = calendarPart(owner.raw).replace(/\r\n[ \t]/g, "");
    expect(ownerIcs).toContain("LOCATION:https://meet.example.com/studio-call");
    expect(ownerIcs).not.toContain("/book/manage/");
  });

  for (const javaScriptEnabled of [false, true]) {
    it(`cancelling on the manage page asks first, at 390 px, ${javaScriptEnabled ? "with" : "without"} JavaScript`, async () => {
      const { server, browser } = app;
      const who = javaScriptEnabled ? "script" : "noscript";
      const mail = await bookWithoutScript(javaScriptEnabled ? 5 : 4, `Cancel ${who}`, `cancel-${who}@example.test`);
      const link = manageLink(mail);
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${server.url}${link}`);
      await page.getByRole("button", { name: "Cancel my consultation" }).click();
      const question = page.getByRole("region", { name: "Cancel this consultation?" });
      await question.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/shots-booking-cancel-${who}-390.png`, fullPage: true });
      // Keep: nothing is cancelled, the link still works
      await question.getByRole("link", { name: "Keep" }).click();
      await page.getByRole("heading", { name: "Choose another time" }).waitFor();
      // by keyboard: the cancel button, then Confirm
      await page.getByRole("button", { name: "Cancel my consultation" }).focus();
      await page.keyboard.press("Enter");
      await question.waitFor();
      await question.getByRole("button", { name: "Confirm" }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/book\?cancelled=1/);
      await expect(page.getByRole("status").textContent()).resolves.toContain("Your consultation is cancelled.");
      await waitForMail(sink.received, "Your free consultation is cancelled", `cancel-${who}@example.test`);
      const used = await page.goto(`${server.url}${link}`);
      expect(used?.status()).toBe(410);
      await context.close();
    });
  }
});
