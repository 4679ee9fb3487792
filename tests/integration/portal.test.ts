/**
 * The client portal (ADR 0034) on both databases: a portal shows one customer's records and
 * nothing of another's (every id of another customer's documents and proposals is tried through
 * the portal's Open button), only whitelisted fields; revoked, expired and malformed tokens answer
 * 404; the rate limits hold; the request page answers the same for known and unknown addresses;
 * a GET never marks a document viewed, the view beacon does (once), and a back-office session's
 * beacon marks nothing.
 */

import { desc, eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { type QueryStats, runWithQueryStats } from "#app/db/client.server.ts";
import {
  auditLog,
  bookings,
  invoices,
  mailOutbox,
  payments,
  portalLinkRequests,
  portalLinks,
  proposals,
  rateLimitBuckets,
} from "#app/db/schema.ts";
import { addDaysIso, todayIn } from "#app/domain/dates.ts";
import { toCents } from "#app/domain/money.ts";
import { portalStatement } from "#app/domain/portal.ts";
import type { ViewKind } from "#app/domain/view-beacon.ts";
import { studioTimeZone } from "#app/models/business-settings.server.ts";
import { receivableTotals } from "#app/models/invoices.server.ts";
import { createProposal } from "#app/models/proposals.server.ts";
import * as customerDetail from "#app/routes/admin/customers/detail.tsx";
import * as clientDocument from "#app/routes/client-document.tsx";
import * as portalPage from "#app/routes/portal.tsx";
import * as portalRequest from "#app/routes/portal-request.tsx";
import * as beaconRoute from "#app/routes/view-beacon.ts";
import { issueClientLink } from "#app/services/client-links.server.ts";
import { mailKey } from "#app/services/mail.server.ts";
import {
  answerPortalLinkRequests,
  portalMailLimit,
  portalOpenLimit,
  portalRequestLimit,
} from "#app/services/portal.server.ts";
import { hitAddressLimit } from "#app/services/rate-limit.server.ts";
import { openText } from "#app/services/sealing.server.ts";
import { beaconStamp } from "#app/services/view-beacon.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { insertCustomer, insertInvoice, insertProject, proposalForm } from "../support/records.ts";
import { routeHarness, testConfig } from "../support/routes.ts";

const browserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describeEachDatabase("client portal", (database) => {
  const { call, callRequest, cookieFor } = routeHarness(database);
  const db = () => database().db;
  let admin = "";

  type Records = {
    customerId: string;
    invoiceId: string;
    draftId: string;
    documentIds: string[];
    proposalIds: string[];
    numbers: string[];
  };
  let ada: Records;
  let bob: Records;

  async function recordsFor(name: string, email: string, prefix: string): Promise<Records> {
    const customer = await insertCustomer(db(), {
      name,
      email,
      notes: `${prefix} private owner note`,
      taxId: `${prefix}-TAX-SECRET`,
    });
    const today = todayIn(await studioTimeZone(db()));
    const invoice = await insertInvoice(db(), {
      invoiceNumber: `${prefix}-INV-1`,
      customerId: customer.id,
      status: "sent",
      issueDate: addDaysIso(today, -40),
      dueDate: addDaysIso(today, -10),
      totalAmount: "300.00",
      balanceDue: "200.00",
      amountPaid: "100.00",
      notes: `${prefix} internal invoice note`,
    });
    const upcoming = await insertInvoice(db(), {
      invoiceNumber: `${prefix}-INV-2`,
      customerId: customer.id,
      status: "viewed",
      issueDate: addDaysIso(today, -5),
      dueDate: addDaysIso(today, 20),
      totalAmount: "50.25",
      balanceDue: "50.25",
    });
    const estimate = await insertInvoice(db(), {
      invoiceNumber: `${prefix}-EST-1`,
      invoiceType: "estimate",
      customerId: customer.id,
      status: "sent",
      totalAmount: "900.00",
      balanceDue: "900.00",
    });
    const credit = await insertInvoice(db(), {
      invoiceNumber: `${prefix}-CN-1`,
      invoiceType: "credit_note",
      creditedInvoiceId: invoice.id,
      customerId: customer.id,
      status: "sent",
      totalAmount: "10.00",
      balanceDue: "0.00",
    });
    const draft = await insertInvoice(db(), {
      invoiceNumber: `${prefix}-DRAFT-1`,
      customerId: customer.id,
      status: "draft",
      totalAmount: "70.00",
      balanceDue: "70.00",
    });
    await db()
      .insert(payments)
      .values({
        invoiceId: invoice.id,
        paidOn: addDaysIso(today, -20),
        amount: "100.00",
        method: "card",
        note: `${prefix} payment note`,
      });
    await insertProject(db(), customer.id, {
      projectName: `${prefix} Website`,
      status: "in_progress",
      notes: `${prefix} project note`,
      pricingDetails: {
        type: "phased",
        phases: [
          { id: "p1", name: `${prefix} Discovery`, price: 100 },
          { id: "p2", name: `${prefix} Build`, price: 900 },
        ],
      } as never,
    });
    const start = new Date(Date.now() + 3 * 86_400_000);
    await db()
      .insert(bookings)
      .values({
        startsAt: start,
        endsAt: new Date(start.getTime() + 1_800_000),
        name,
        email,
        note: `${prefix} booking note`,
      });
    const form = proposalForm({
      customer_id: customer.id,
      title: `${prefix} New website`,
      "tiers[0].name": "Basic",
      "tiers[0].lines[0].description": "Basic site",
      "tiers[0].lines[0].quantity": "1",
      "tiers[0].lines[0].unit_price": "500",
      agreement: "We build, you pay.",
      expires_on: addDaysIso(today, 30),
      deposit_kind: "percent",
      deposit_value: "50",
    });
    const sentProposal = await createProposal(db(), form, null);
    await db().update(proposals).set({ status: "sent", sentAt: new Date() }).where(eq(proposals.id, sentProposal.id));
    const draftProposal = await createProposal(db(), form, null);
    return {
      customerId: customer.id,
      invoiceId: invoice.id,
      draftId: draft.id,
      documentIds: [invoice.id, upcoming.id, estimate.id, credit.id, draft.id],
      proposalIds: [sentProposal.id, draftProposal.id],
      numbers: [invoice.invoiceNumber, upcoming.invoiceNumber, estimate.invoiceNumber, credit.invoiceNumber],
    };
  }

  beforeEach(async () => {
    admin = await cookieFor("owner@studio.test", true);
    ada = await recordsFor("Ada Lovelace", "ada@client.test", "ADA");
    bob = await recordsFor("Bob Builder", "bob@client.test", "BOB");
  });

  /** Copy portal link on the customer page, as the owner: the token. */
  async function portalToken(customerId: string): Promise<string> {
    const copied = await call(customerDetail.action, `/admin/customers/${customerId}`, {
      cookie: admin,
      params: { id: customerId },
      form: { intent: "portal-copy" },
    });
    expect(copied.status).toBe(200);
    const link = (copied.data as { portalLink: string }).portalLink;
    expect(link).toMatch(/^http:\/\/studio\.test\/portal\/[A-Za-z0-9_-]{43}$/);
    return link.split("/").pop() ?? "";
  }

  const openPortal = (token: string) => call(portalPage.loader, `/portal/${token}`, { params: { token } });

  /**
   * What a page's beacon script posts: the kind, the token and the stamp the page was rendered with
   * (`stamp: null` leaves it out), from this site (`headers` replace or, set to "", remove a header).
   */
  function beacon(
    kind: string,
    token: string,
    options: { cookie?: string; agent?: string; stamp?: string | null; headers?: Record<string, string> } = {},
  ) {
    const headers = new Headers({
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: testConfig.publicUrl,
      "User-Agent": options.agent ?? browserAgent,
      "Sec-Fetch-Site": "same-origin",
      "Sec-Fetch-Mode": "cors",
      "Sec-Fetch-Dest": "empty",
    });
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value === "") headers.delete(name);
      else headers.set(name, value);
    }
    if (options.cookie) headers.set("Cookie", options.cookie);
    const stamp =
      options.stamp === undefined ? beaconStamp(testConfig.sessionSecret, kind as ViewKind, token) : options.stamp;
    const request = new Request(`${testConfig.publicUrl}/viewed`, {
      method: "POST",
      headers,
      body: new URLSearchParams({ kind, token, ...(stamp === null ? {} : { stamp }) }).toString(),
    });
    return callRequest(beaconRoute.action, request);
  }

  it("shows one customer's documents, payments, bookings, projects and proposals, and nothing else", async () => {
    const token = await portalToken(ada.customerId);
    const page = await openPortal(token);
    expect(page.status).toBe(200);
    const data = page.data as Awaited<ReturnType<typeof portalPage.loader>>;
    expect(data.documents.map((document) => document.invoiceNumber).sort()).toEqual([...ada.numbers].sort());
    expect(data.payments).toHaveLength(1);
    expect(data.bookings).toHaveLength(1);
    expect(data.projects).toEqual([
      expect.objectContaining({ projectName: "ADA Website", phases: ["ADA Discovery", "ADA Build"] }),
    ]);
    expect(data.proposals).toHaveLength(1);
    const text = JSON.stringify(data);
    // nothing of Bob's, and none of the owner's private fields of Ada's
    expect(text).not.toMatch(/BOB|bob@client\.test|Bob Builder/);
    for (const secret of [
      "private owner note",
      "TAX-SECRET",
      "internal invoice note",
      "payment note",
      "project note",
      "booking note",
      "DRAFT",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain("ada@client.test");
  });

  it("the statement agrees with the owner's Outstanding and Overdue", async () => {
    const token = await portalToken(ada.customerId);
    const data = (await openPortal(token)).data as Awaited<ReturnType<typeof portalPage.loader>>;
    const statement = portalStatement(
      data.documents.map((document) => ({ ...document, status: document.storedStatus })),
      data.today,
    );
    const owner = await receivableTotals(db(), data.today, ada.customerId);
    expect(statement.owed).toBe(owner.outstanding);
    expect(statement.overdue).toBe(owner.overdue);
    expect(statement).toMatchObject({ owed: toCents("250.25"), overdue: toCents("200.00"), overdueCount: 1 });
  });

  it("opens only the customer's own sent documents and proposals: every other id answers 404", async () => {
    const token = await portalToken(ada.customerId);
    const open = (kind: string, id: string) =>
      call(portalPage.action, `/portal/${token}`, { params: { token }, form: { kind, id } });
    for (const id of [...bob.documentIds, ada.draftId]) {
      expect((await open("document", id)).status).toBe(404);
    }
    for (const id of [...bob.proposalIds, ada.proposalIds[1] ?? ""]) {
      expect((await open("proposal", id)).status).toBe(404);
    }
    // an id of the wrong kind, a malformed id
    expect((await open("proposal", ada.invoiceId)).status).toBe(404);
    expect((await open("document", "1' or '1'='1")).status).toBe(404);
    // Ada's own: a fresh client link, on its own client page
    for (const id of ada.documentIds.filter((id) => id !== ada.draftId)) {
      const opened = await open("document", id);
      expect(opened.status).toBe(303);
      expect(opened.location).toMatch(/^\/i\/[A-Za-z0-9_-]{43}$/);
    }
    // Pay opens the invoice at its How to pay section
    const pay = await call(portalPage.action, `/portal/${token}`, {
      params: { token },
      form: { kind: "document", id: ada.invoiceId, to: "pay" },
    });
    expect(pay.status).toBe(303);
    expect(pay.location).toMatch(/^\/i\/[A-Za-z0-9_-]{43}#pay$/);
    const proposal = await open("proposal", ada.proposalIds[0] ?? "");
    expect(proposal.status).toBe(303);
    expect(proposal.location).toMatch(/^\/p\/[A-Za-z0-9_-]{43}$/);
    // Bob's portal cannot open Ada's records either
    const bobToken = await portalToken(bob.customerId);
    for (const id of ada.documentIds) {
      const opened = await call(portalPage.action, `/portal/${bobToken}`, {
        params: { token: bobToken },
        form: { kind: "document", id },
      });
      expect(opened.status).toBe(404);
    }
  });

  it("revoked, expired, wrong and malformed tokens answer 404, the page and its buttons alike", async () => {
    const token = await portalToken(ada.customerId);
    expect((await openPortal(token)).status).toBe(200);
    expect((await openPortal("x".repeat(43))).status).toBe(404);
    expect((await openPortal("short")).status).toBe(404);

    const revoked = await call(customerDetail.action, `/admin/customers/${ada.customerId}`, {
      cookie: admin,
      params: { id: ada.customerId },
      form: { intent: "portal-revoke" },
    });
    expect(revoked.status).toBe(302);
    expect((await openPortal(token)).status).toBe(404);
    const button = await call(portalPage.action, `/portal/${token}`, {
      params: { token },
      form: { kind: "document", id: ada.invoiceId },
    });
    expect(button.status).toBe(404);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.event, "portal_links_revoked"));
    expect(entry?.detail).toMatchObject({ count: 1 });

    const second = await portalToken(ada.customerId);
    expect((await openPortal(second)).status).toBe(200);
    const past = new Date(Date.now() - 86_400_000);
    await db()
      .update(portalLinks)
      .set({ createdAt: new Date(past.getTime() - 31 * 86_400_000), expiresAt: past })
      .where(eq(portalLinks.customerId, ada.customerId));
    expect((await openPortal(second)).status).toBe(404);
  });

  it("stores only the token's hash, and a new link expires in 30 days", async () => {
    const token = await portalToken(ada.customerId);
    const rows = await db().select().from(portalLinks);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const row = rows[0];
    const days = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
  });

  it("rate-limits opening portals per address", async () => {
    const token = await portalToken(ada.customerId);
    for (let i = 0; i < portalOpenLimit.limit - 1; i++) {
      await hitAddressLimit(db(), "portal", "127.0.0.1", portalOpenLimit);
    }
    expect((await openPortal(token)).status).toBe(200);
    const limited = await openPortal(token);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("the request page answers the same for known and unknown addresses, mails only known ones, and is rate-limited", async () => {
    const ask = (email: string) => call(portalRequest.action, "/portal", { form: { email } });
    /** what the mail worker does after the page has answered */
    const answerRequests = () => answerPortalLinkRequests({ db: db(), config: testConfig });
    const unknown = await ask("nobody@client.test");
    expect(unknown).toMatchObject({ status: 303, location: "/portal?sent=1" });
    expect(await answerRequests()).toBe(0);
    expect(await db().select().from(mailOutbox)).toHaveLength(0);

    const known = await ask("ADA@client.test");
    expect(known).toMatchObject({ status: 303, location: "/portal?sent=1" });
    expect(await answerRequests()).toBe(1);
    expect(await db().select().from(portalLinkRequests)).toHaveLength(0);
    const [mail] = await db().select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt));
    expect(mail?.to).toBe("ada@client.test");
    expect(mail?.text).not.toContain("/portal/");
    const text = openText(mailKey(testConfig.sessionSecret), mail?.text ?? "") ?? "";
    const token = /\/portal\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? "";
    expect((await openPortal(token)).status).toBe(200);

    expect((await ask("not an address")).status).toBe(400);

    // per address: portalRequestLimit posts an hour, then 429
    await db().delete(rateLimitBuckets);
    for (let i = 0; i < portalRequestLimit.limit; i++) {
      expect((await ask("ada@client.test")).status).toBe(303);
    }
    const limited = await ask("ada@client.test");
    expect(limited.status).toBe(429);
    await answerRequests();
    // per email, silently: at most portalMailLimit mails an hour (one more came before the reset)
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, "ada@client.test"));
    expect(mails).toHaveLength(1 + portalMailLimit.limit);
  });

  it("the request page does the same work before answering for a known and an unknown address; the link is made after (attack finding 6)", async () => {
    /** the answer, the queries run before it, and what was written by then */
    const ask = async (email: string) => {
      const stats: QueryStats = { count: 0, ms: 0 };
      const answer = await runWithQueryStats(stats, () => call(portalRequest.action, "/portal", { form: { email } }));
      const written = {
        mails: (await db().select().from(mailOutbox)).length,
        links: (await db().select().from(portalLinks)).length,
        audit: (await db().select().from(auditLog)).length,
      };
      return { status: answer.status, location: answer.location, queries: stats.count, written };
    };
    const before = {
      mails: (await db().select().from(mailOutbox)).length,
      links: (await db().select().from(portalLinks)).length,
      audit: (await db().select().from(auditLog)).length,
    };
    const unknown = await ask("nobody@client.test");
    const known = await ask("ada@client.test");
    expect(known).toEqual({ ...unknown, written: before });
    expect(unknown.written).toEqual(before);
    // the known address's link and mail come afterwards, from the mail worker
    expect(await answerPortalLinkRequests({ db: db(), config: testConfig })).toBe(1);
    expect((await db().select().from(mailOutbox)).length).toBe(before.mails + 1);
    expect((await db().select().from(portalLinks)).length).toBe(before.links + 1);
    // a request is answered once, even by two workers at once
    await ask("ada@client.test");
    const twice = await Promise.all([
      answerPortalLinkRequests({ db: db(), config: testConfig }),
      answerPortalLinkRequests({ db: db(), config: testConfig }),
    ]);
    expect(twice.reduce((sum, queued) => sum + queued, 0)).toBe(1);
  });

  it("the owner's Send portal link queues a sealed mail and is audited", async () => {
    const sent = await call(customerDetail.action, `/admin/customers/${bob.customerId}`, {
      cookie: admin,
      params: { id: bob.customerId },
      form: { intent: "portal-send" },
    });
    expect(sent.status).toBe(302);
    const [mail] = await db().select().from(mailOutbox);
    expect(mail?.to).toBe("bob@client.test");
    expect(mail?.text).toMatch(/^sealed:/);
    const events = (await db().select().from(auditLog)).map((entry) => entry.event);
    expect(events).toContain("portal_link_sent");
    const anonymous = await call(customerDetail.action, `/admin/customers/${bob.customerId}`, {
      params: { id: bob.customerId },
      form: { intent: "portal-send" },
    });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toContain("/admin/login");
    expect(await db().select().from(mailOutbox)).toHaveLength(1);
  });

  it("a GET never marks a document viewed; the beacon does, once; a back-office session's beacon marks nothing", async () => {
    const link = await issueClientLink(db(), testConfig.publicUrl, ada.invoiceId);
    const token = link.split("/").pop() ?? "";
    const stored = async () => (await db().select().from(invoices).where(eq(invoices.id, ada.invoiceId)))[0];

    for (let i = 0; i < 3; i++) {
      expect((await call(clientDocument.loader, `/i/${token}`, { params: { token } })).status).toBe(200);
    }
    expect(await stored()).toMatchObject({ status: "sent", viewedAt: null });
    // GET on the beacon is 405
    const get = await callRequest(beaconRoute.loader, new Request(`${testConfig.publicUrl}/viewed`));
    expect(get.status).toBe(405);

    // the owner (or any back-office session), a bot, a prefetch: nothing
    expect((await beacon("document", token, { cookie: admin })).status).toBe(204);
    expect((await beacon("document", token, { agent: "Mozilla/5.0 (compatible; Googlebot/2.1)" })).status).toBe(204);
    expect(await stored()).toMatchObject({ status: "sent", viewedAt: null });
    // a wrong token or kind: nothing, the same answer
    expect((await beacon("document", "x".repeat(43))).status).toBe(204);
    expect((await beacon("nothing", token)).status).toBe(204);
    expect(await stored()).toMatchObject({ status: "sent", viewedAt: null });

    expect((await beacon("document", token)).status).toBe(204);
    const first = await stored();
    expect(first?.status).toBe("viewed");
    expect(first?.viewedAt).not.toBeNull();
    await beacon("document", token);
    expect((await stored())?.viewedAt?.getTime()).toBe(first?.viewedAt?.getTime());
  });

  it("counts only the page's own beacon: not another site's post, not one without this site's Origin or the page's stamp", async () => {
    const link = await issueClientLink(db(), testConfig.publicUrl, ada.invoiceId);
    const token = link.split("/").pop() ?? "";
    const other = (await issueClientLink(db(), testConfig.publicUrl, bob.invoiceId)).split("/").pop() ?? "";
    const stored = async () => (await db().select().from(invoices).where(eq(invoices.id, ada.invoiceId)))[0];
    const page = await call(clientDocument.loader, `/i/${token}`, { params: { token } });
    const { stamp } = (page.data as { beacon: { stamp: string } }).beacon;
    const week = 7 * 24 * 3600_000;
    const refused: [string, Parameters<typeof beacon>[2]][] = [
      ["another site's Origin", { stamp, headers: { Origin: "https://evil.example" } }],
      ["Origin null", { stamp, headers: { Origin: "null" } }],
      ["no Origin", { stamp, headers: { Origin: "" } }],
      ["a cross-site fetch", { stamp, headers: { "Sec-Fetch-Site": "cross-site" } }],
      ["a same-site fetch", { stamp, headers: { "Sec-Fetch-Site": "same-site" } }],
      ["a form's navigation", { stamp, headers: { "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" } }],
      ["no stamp", { stamp: null }],
      ["a forged stamp", { stamp: `${Date.now()}.${"A".repeat(43)}` }],
      ["another link's stamp", { stamp: beaconStamp(testConfig.sessionSecret, "document", other) }],
      ["another kind's stamp", { stamp: beaconStamp(testConfig.sessionSecret, "portal", token) }],
      [
        "an expired stamp",
        { stamp: beaconStamp(testConfig.sessionSecret, "document", token, Date.now() - week - 60_000) },
      ],
      [
        "a stamp of the future",
        { stamp: beaconStamp(testConfig.sessionSecret, "document", token, Date.now() + 60_000) },
      ],
      [
        "a stamp signed with another secret",
        { stamp: beaconStamp("another-secret-another-secret-0123456789", "document", token) },
      ],
    ];
    for (const [what, options] of refused) {
      expect((await beacon("document", token, options)).status, what).toBe(204);
      expect(await stored(), what).toMatchObject({ status: "sent", viewedAt: null });
    }
    // the page's own: counted (also from a browser that sends no Fetch Metadata)
    const headers = { "Sec-Fetch-Site": "", "Sec-Fetch-Mode": "", "Sec-Fetch-Dest": "" };
    expect((await beacon("document", token, { stamp, headers })).status).toBe(204);
    expect((await stored())?.status).toBe("viewed");
  });

  it("the portal's beacon remembers when a person last saw it, never the owner's", async () => {
    const token = await portalToken(ada.customerId);
    await openPortal(token);
    await beacon("portal", token, { cookie: admin });
    let [row] = await db().select().from(portalLinks);
    expect(row?.lastViewedAt).toBeNull();
    await beacon("portal", token);
    [row] = await db().select().from(portalLinks);
    expect(row?.lastViewedAt).not.toBeNull();
    const page = await call(customerDetail.loader, `/admin/customers/${ada.customerId}`, {
      cookie: admin,
      params: { id: ada.customerId },
    });
    expect((page.data as { portal: { live: number; lastViewedAt: Date | null } }).portal).toMatchObject({ live: 1 });
  });
});
