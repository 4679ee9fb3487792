/**
 * The package chosen on /pricing stays with the inquiry: the pricing page's button leads to the
 * contact form with the package chosen (changeable, without JavaScript too), the submission keeps
 * it, and the owner sees it in the notification mail, the inbox (list and dialog) and the CSV export.
 * An address naming no package is ignored. Screenshots go to /tmp/shots-inquiry-package/.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe.ts";
import { hydrated } from "../support/browser.ts";
import { waitPastTimeTrap } from "../support/server.ts";
import { type SignedInApp, startSignedInApp } from "../support/signed-in-app.ts";
import { startSmtpSink } from "../support/smtp.ts";
import { until } from "../support/wait.ts";

const shots = "/tmp/shots-inquiry-package";

async function fill(page: Page, name: string) {
  await page.getByLabel("First Name").fill(name);
  await page.getByLabel("Last Name").fill("Visitor");
  await page.getByLabel("Email", { exact: true }).fill(`${name.toLowerCase()}@example.test`);
  await page.getByLabel("Message").fill("A site for my bakery.");
}

describe("the package chosen on /pricing", () => {
  let app: SignedInApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    sink = await startSmtpSink();
    app = await startSignedInApp({ env: { SMTP_URL: sink.url } });
  });
  afterAll(async () => {
    await app?.stop();
    await sink?.stop();
  });

  it("goes from the pricing page's button to the form, is kept with the inquiry and shown to the owner", async () => {
    // without JavaScript: the pricing page's link, the form's chosen package, a plain post
    const visitor = await (await app.browser.newContext({ javaScriptEnabled: false })).newPage();
    await visitor.goto(`${app.server.url}/pricing`);
    await visitor.locator("li", { hasText: "Standard Package" }).getByRole("link", { name: "Choose Standard" }).click();
    await visitor.getByLabel("Package (optional)").waitFor();
    const search = new URL(visitor.url()).searchParams;
    expect(search.get("type")).toBe("quote");
    expect(search.get("package")).toMatch(/^\d+$/);
    const packageSelect = visitor.getByLabel("Package (optional)");
    expect(await packageSelect.inputValue()).toBe(search.get("package"));
    expect(await packageSelect.locator("option:checked").textContent()).toBe("Standard Package");
    expect(await visitor.getByLabel("Project Type").inputValue()).toBe("quote");
    // the visitor changes their mind: Premium
    await packageSelect.selectOption({ label: "Premium Package" });
    await fill(visitor, "Nojs");
    await waitPastTimeTrap();
    await visitor.getByRole("button", { name: "Send Message" }).click();
    await visitor.getByText("Thank you for reaching out!").waitFor();

    // with JavaScript (sent without a reload), 390 px wide, the package as the button chose it
    const phone = await (await app.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await phone.goto(`${app.server.url}/pricing`);
    await phone.locator("li", { hasText: "Basic Package" }).getByRole("link").click();
    await phone.getByLabel("Package (optional)").waitFor();
    expect(await phone.getByLabel("Package (optional)").locator("option:checked").textContent()).toBe("Basic Package");
    await fill(phone, "Phone");
    await phone.screenshot({ path: `${shots}/contact-package-390.png`, fullPage: true });
    expect(await seriousViolations(phone)).toEqual([]);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await waitPastTimeTrap();
    await phone.getByRole("button", { name: "Send Message" }).click();
    await phone.getByText("Thank you for reaching out!").first().waitFor();

    // an address naming no package: no package chosen, never an error
    for (const ref of ["999999", "nope", "-1", "%3Cscript%3E", "1e3"]) {
      const response = await fetch(`${app.server.url}/contact?package=${ref}`);
      expect(response.status, ref).toBe(200);
      expect(await response.text(), ref).not.toMatch(/<option[^>]*selected[^>]*>[^<]*Package</);
    }

    // the owner's mails name the package
    await until(() => sink.received.filter((mail) => mail.raw.includes("New inquiry from")).length >= 2);
    const mails = sink.received.map((mail) => mail.raw);
    expect(mails.some((raw) => raw.includes("New inquiry from Nojs") && raw.includes("Premium Package"))).toBe(true);
    expect(mails.some((raw) => raw.includes("New inquiry from Phone") && raw.includes("Basic Package"))).toBe(true);

    // the inbox: the list and the dialog
    for (const width of [1280, 390]) {
      const owner = await app.adminPage({ viewport: { width, height: 900 } });
      await owner.goto(`${app.server.url}/admin/dashboard`);
      await hydrated(owner);
      const row = owner.locator("[data-submission-row]", { hasText: "Nojs Visitor" });
      expect(await row.locator("[data-package]").textContent()).toBe("Premium Package");
      await owner.getByRole("link", { name: "View submission from Nojs Visitor" }).click();
      const dialog = owner.getByRole("dialog", { name: "Submission Details" });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain("PackagePremium Package");
      await owner.screenshot({ path: `${shots}/inbox-dialog-${width}.png` });
      expect(await seriousViolations(owner), `${width} px`).toEqual([]);
    }

    // the CSV export has a Package column
    const csv = await (
      await fetch(`${app.server.url}/admin/dashboard/export.csv`, { headers: { Cookie: app.cookie } })
    ).text();
    const [header, ...lines] = csv.replace(/^\uFEFF/, "").split(/\r?\n/);
    expect(header).toContain("Budget,Package,Status");
    expect(lines.find((line) => line.includes("Nojs Visitor"))).toContain("Premium Package");
    expect(lines.find((line) => line.includes("Phone Visitor"))).toContain("Basic Package");
  });
});
