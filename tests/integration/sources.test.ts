/**
 * Where paying clients come from (ADR 0060), below HTTP on both databases: a visit with ?utm_source=newsletter
 * counted and kept in the visitor's cookie, the inquiry that follows carries it, converts, signs a proposal and
 * pays; the sources report finds the revenue under "newsletter" and its totals equal the profit report's to the
 * cent; a booking keeps its touch; the owner's correction is kept apart from the measured touch; hostile UTM
 * values stay bounded data, neutralised in the CSV; the guard on the new routes.
 */
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { beforeEach, expect, it } from "vitest";
import { bookings, contactSubmissions, sourceVisits, users } from "#app/db/schema.ts";
import { seedBaseline } from "#app/db/seed.server.ts";
import { touchCookieFor } from "#app/domain/attribution.ts";
import { defaultAvailability } from "#app/domain/booking.ts";
import { customerFormSchema } from "#app/domain/customer-form.ts";
import { saveAvailabilitySettings } from "#app/models/bookings.server.ts";
import { studioTimeZone, studioToday } from "#app/models/business-settings.server.ts";
import { convertSubmission, updateSubmission } from "#app/models/contact-submissions.server.ts";
import { profitParts } from "#app/models/profit.server.ts";
import { sourceParts } from "#app/models/sources.server.ts";
import { answerInquiryPost } from "#app/routes/_site/inquiry-answer.server.ts";
import * as exportRoute from "#app/routes/admin/export-sources.ts";
import * as reportRoute from "#app/routes/admin/reports-sources.tsx";
import { openSlots } from "#app/services/booking.server.ts";
import { formTokenField } from "#app/services/contact.server.ts";
import { issueFormToken } from "#app/services/form-token.server.ts";
import { createPageViewCounter } from "#app/services/page-views.server.ts";
import { findClientProposal, signProposal } from "#app/services/proposals.server.ts";
import { bookPost } from "../support/booking-post.ts";
import { describeEachDatabase } from "../support/database.ts";
import { createSentProposal } from "../support/proposals.ts";
import { insertCustomer, insertInvoice } from "../support/records.ts";
import { routeHarness, testConfig } from "../support/routes.ts";

const logger = pino({ level: "silent" });
const site = new URL(testConfig.publicUrl).hostname;
const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/** The visit cookie a browser holds after opening `path` (with `headers`), "name=value". */
function visit(path: string, headers: Record<string, string> = {}, cookie = "") {
  const request = {
    url: `${testConfig.publicUrl}${path}`,
    headers: { get: (name: string) => ({ ...headers, cookie })[name.toLowerCase()] ?? null },
  };
  return touchCookieFor(request, site, { https: false })?.split(";")[0] ?? cookie;
}

describeEachDatabase("sources", (database) => {
  const { call, respond, cookieFor } = routeHarness(database);
  let admin = "";
  let today = "";
  let timeZone = "";

  beforeEach(async () => {
    await seedBaseline(database().db);
    admin = await cookieFor("owner@studio.test", true);
    today = await studioToday(database().db);
    // the report's days are the studio's: its period and what falls in it in one time zone (a test run in New
    // York's evening, after midnight UTC, counted today's records on tomorrow's UTC day)
    timeZone = await studioTimeZone(database().db);
  });

  function inquiry(email: string, cookie: string) {
    const data = new FormData();
    data.set(formTokenField, issueFormToken(testConfig.sessionSecret, Date.now() - 10_000));
    const fields = {
      first_name: "Ada",
      last_name: "Lovelace",
      email,
      project_type: "website",
      message: "We need a site.",
    };
    for (const [key, value] of Object.entries(fields)) data.set(key, value);
    const request = new Request(`${testConfig.publicUrl}/contact`, {
      method: "POST",
      headers: cookie ? { Cookie: cookie } : {},
      body: data,
    });
    return answerInquiryPost(
      { config: { ...testConfig, contactRateLimit: null }, database: database(), logger, ip: "203.0.113.5" },
      request,
    );
  }

  it("follows a newsletter visit to paid revenue, and the totals equal the profit report's to the cent", async () => {
    const db = database().db;
    // a visit from the newsletter is counted and kept in the cookie; the pages after it are no new visits
    const counter = createPageViewCounter(db, logger, { flushMs: 60_000, siteHost: site });
    const view = (path: string, headers: Record<string, string>) =>
      counter.count(
        { method: "GET", url: `${testConfig.publicUrl}${path}`, headers: { get: (name) => headers[name] ?? null } },
        { status: 200, headers: { get: () => "text/html; charset=utf-8" } },
      );
    view("/?utm_source=newsletter&utm_medium=email&utm_campaign=spring", { "user-agent": chrome });
    view("/pricing", { "user-agent": chrome, referer: `${testConfig.publicUrl}/` });
    view("/about", { "user-agent": chrome });
    view("/", { "user-agent": chrome, dnt: "1" });
    await counter.stop();
    const visits = await db.select().from(sourceVisits);
    expect(
      visits
        .map(({ source, medium, campaign, visits: count }) => ({ source, medium, campaign, count }))
        .sort((a, b) => a.source.localeCompare(b.source)),
    ).toEqual([
      { source: "(direct)", medium: "(none)", campaign: "", count: 1 },
      { source: "newsletter", medium: "email", campaign: "spring", count: 1 },
    ]);

    let cookie = visit("/?utm_source=newsletter&utm_medium=email&utm_campaign=spring");
    cookie = visit("/pricing", { referer: `${testConfig.publicUrl}/` }, cookie);
    expect((await inquiry("ada@example.test", cookie)).status).toBe(200);
    expect((await inquiry("grace@example.test", "")).status).toBe(200);
    const [measured] = await db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, "ada@example.test"));
    expect(measured?.touches?.first).toMatchObject({ source: "newsletter", medium: "email", campaign: "spring" });

    // converted, a proposal signed, an invoice issued and partly paid
    const customer = await convertSubmission(
      db,
      measured?.id ?? "",
      customerFormSchema.parse({
        name: "Ada Lovelace",
        email: "ada@example.test",
        payment_terms: "30",
      }),
    );
    if (!customer) throw new Error("not converted");
    const customerId = customer.id;
    const [ownerRow] = await db.select().from(users).where(eq(users.email, "owner@studio.test"));
    const proposal = await createSentProposal(db, {
      customerId,
      expiresOn: "2099-12-31",
      actor: { userId: ownerRow?.id ?? "", email: "owner@studio.test" },
    });
    // the client signs (its deposit invoice is issued at once, to the same customer)
    const opened = await findClientProposal(db, proposal.token, "198.51.100.7");
    if (!opened.ok) throw new Error(opened.reason);
    const signed = await signProposal(
      { db, config: testConfig, logger },
      {
        token: proposal.token,
        form: {
          intent: "sign",
          tier: "t2",
          addons: [],
          signer_name: "Ada Lovelace",
          agree: true,
          content_hash: opened.contentHash,
        },
        ip: "198.51.100.7",
        userAgent: "Test",
      },
    );
    if (!signed.ok) throw new Error(JSON.stringify(signed));
    await insertInvoice(db, {
      invoiceNumber: "INV-7001",
      customerId,
      issueDate: today,
      status: "partial",
      totalAmount: "1200.50",
      amountPaid: "700.25",
    });
    // a customer entered in the back office, with an invoice: "(not recorded)"
    const walkIn = await insertCustomer(db, { name: "Walk In" });
    await insertInvoice(db, {
      invoiceNumber: "INV-7002",
      customerId: walkIn.id,
      issueDate: today,
      status: "paid",
      totalAmount: "99.99",
      amountPaid: "99.99",
    });
    // a draft and a voided invoice count nowhere, as in the profit report
    await insertInvoice(db, {
      invoiceNumber: "INV-7003",
      customerId,
      issueDate: today,
      status: "draft",
      totalAmount: "50",
    });

    const period = { from: `${today.slice(0, 4)}-01-01`, to: today };
    const parts = await sourceParts(db, period, "source", "first", timeZone);
    const bySource = Object.fromEntries(parts.map((part) => [part.key, part]));
    // everything the customer was invoiced, as the profit report counts it for them
    const byCustomer = await profitParts(db, period, "customer");
    const invoicedTo = byCustomer.invoiced.find((part) => part.key === customerId)?.cents ?? 0;
    const paidBy = byCustomer.paid.find((part) => part.key === customerId)?.cents ?? 0;
    expect(invoicedTo).toBeGreaterThan(120_050);
    expect(bySource.newsletter).toMatchObject({
      visits: 1,
      inquiries: 1,
      consultations: 0,
      proposalsSigned: 1,
      invoicedCents: invoicedTo,
      paidCents: paidBy,
    });
    expect(bySource["(direct)"]).toMatchObject({ visits: 1, inquiries: 1, invoicedCents: 0 });
    expect(bySource["(not recorded)"]).toMatchObject({ invoicedCents: 9_999, paidCents: 9_999 });
    const profit = await profitParts(db, period, "month");
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    expect(sum(parts.map((part) => part.invoicedCents))).toBe(sum(profit.invoiced.map((part) => part.cents)));
    expect(sum(parts.map((part) => part.paidCents))).toBe(sum(profit.paid.map((part) => part.cents)));

    // by campaign, and the same through the route (its total row)
    const campaigns = await sourceParts(db, period, "campaign", "first", timeZone);
    expect(campaigns.map((part) => part.label)).toContain("newsletter / email / spring");
    const page = await call(reportRoute.loader, "/admin/reports/sources?by=source", { cookie: admin });
    const data = page.data as { rows: { key: string }[]; total: { invoicedCents: number; paidCents: number } };
    expect(data.total).toMatchObject({ invoicedCents: invoicedTo + 9_999, paidCents: paidBy + 9_999 });
    expect(data.rows[0]?.key).toBe("newsletter");

    // the owner corrects the source: the report follows, the measured touch stays
    await updateSubmission(db, measured?.id ?? "", {
      status: "new",
      notes: null,
      sourceCorrection: { source: "linkedin", medium: "(corrected)", campaign: "" },
    });
    const corrected = Object.fromEntries(
      (await sourceParts(db, period, "source", "first", timeZone)).map((part) => [part.key, part]),
    );
    expect(corrected.linkedin).toMatchObject({ inquiries: 1, proposalsSigned: 1, invoicedCents: invoicedTo });
    expect(corrected.newsletter).toMatchObject({ visits: 1, inquiries: 0, invoicedCents: 0 });
    const [kept] = await db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, measured?.id ?? ""));
    expect(kept?.touches?.first.source).toBe("newsletter");
  });

  it("a booking keeps its visitor's touch, and so does the inquiry it makes", async () => {
    const db = database().db;
    await saveAvailabilitySettings(db, {
      ...defaultAvailability,
      weeklyHours: Array.from({ length: 7 }, () => [{ start: "09:00", end: "17:00" }]),
      minimumNoticeMinutes: 60,
      dailyCap: 0,
    });
    const slot = (await openSlots(db)).days[1]?.slots[0];
    if (!slot) throw new Error("no slot");
    const data = new FormData();
    data.set(formTokenField, issueFormToken(testConfig.sessionSecret, Date.now() - 10_000));
    data.set("slot", slot.toISOString());
    data.set("name", "Linus");
    data.set("email", "linus@example.test");
    const cookie = visit("/book", { referer: "https://www.partner-agency.example/friends" });
    const app = { config: { ...testConfig, contactRateLimit: null }, database: database(), logger, ip: "203.0.113.9" };
    expect((await bookPost(app, data, new Date(), cookie)).kind).toBe("booked");
    const [booking] = await db.select().from(bookings);
    expect(booking?.touches?.first).toMatchObject({ source: "partner-agency.example", medium: "referral" });
    const [made] = await db.select().from(contactSubmissions);
    expect(made?.touches?.first.source).toBe("partner-agency.example");
    const parts = await sourceParts(db, { from: "2000-01-01", to: "2999-12-31" }, "source", "last", "UTC");
    expect(parts.find((part) => part.key === "partner-agency.example")).toMatchObject({
      inquiries: 1,
      consultations: 1,
    });
  });

  it("keeps hostile UTM values as bounded data and neutralises them in the CSV", async () => {
    const db = database().db;
    const hostile = encodeURIComponent(`=HYPERLINK("http://evil.example")<script>\u0007${"x".repeat(300)}`);
    const cookie = visit(`/?utm_source=${hostile}&utm_campaign=${encodeURIComponent("+cmd|' /C calc'!A0")}`);
    expect((await inquiry("mallory@example.test", cookie)).status).toBe(200);
    const [row] = await db.select().from(contactSubmissions);
    expect(row?.touches?.first.source).toHaveLength(100);
    expect(row?.touches?.first.source).not.toContain("\u0007");
    const csv = await respond(exportRoute.loader, "/admin/reports/sources.csv?by=campaign&from=2000-01-01", {
      cookie: admin,
    });
    const text = await csv.text();
    // every cell that a spreadsheet would run starts as text
    expect(text).toContain(`"'=hyperlink(""http://evil.example"")<script>`);
    expect(text).not.toMatch(/(^|,)"?[=+\-@]/m);
  });

  it("refuses the report and its CSV to anyone but an admin", async () => {
    const member = await cookieFor("member@studio.test", false);
    for (const cookie of ["", member]) {
      expect([302, 403]).toContain((await call(reportRoute.loader, "/admin/reports/sources", { cookie })).status);
      expect([302, 403]).toContain((await call(exportRoute.loader, "/admin/reports/sources.csv", { cookie })).status);
    }
  });
});
