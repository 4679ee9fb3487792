/**
 * The attack suite over every page, against the production build as a real process. Driven from
 * app/routes.ts (tests/support/route-inventory.ts), so a route added later is covered at once:
 * - every guarded /admin route refuses expired, idle and disabled-account sessions and
 *   foreign-Origin posts, and a member without the admin role meets 'Access Denied';
 * - malformed, negative, huge and unknown ids answer 404 (GET) and never 500 (POST);
 * - stored XSS payloads in every field stay inert text in the admin pages, the printable view,
 *   the public pages and the PDF; no `javascript:` link anywhere; mail's HTML part escapes them;
 * - oversized fields are refused with a clear message and store nothing; extra posted fields and
 *   browser-sent totals change nothing; redirects after sign-in stay on the site;
 * - the public forms under a race and as a mailer (issue 36): every slot of a day booked at once keeps
 *   the daily cap and the buffers, one address gets at most three booking mails a day, and /portal runs
 *   the same queries before answering a known and an unknown address.
 * Covered elsewhere, not repeated: anonymous and staff on every route (admin-routes.test.ts), body
 * limits and malformed input (security.test.ts), the reset flow's same answer (admin.test.ts).
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import jsQR from "jsqr";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, selectRows } from "#app/db/client.server.ts";
import {
  bookings,
  businessSettings,
  contactSubmissions,
  customerInteractions,
  invoiceLineItems,
  invoiceLinks,
  invoices,
  mailAttachments,
  mailOutbox,
  paymentSettings,
  portalLinks,
  projects,
  proposals,
  sessions,
  suspectedSpam,
  users,
} from "#app/db/schema.ts";
import { parseMailContent } from "#app/domain/mail.ts";
import { ambiguousSeparatorMessage } from "#app/domain/money.ts";
import { secretRoutes } from "#app/domain/secret-paths.ts";
import {
  isNormalisedSignature,
  maxSignatureChars,
  signatureMessages,
  signaturePngBytes,
} from "#app/domain/signature.ts";
import { defaultStudio } from "#app/domain/studio.ts";
import { hashToken, newToken } from "#app/services/auth/tokens.server.ts";
import { renderMailHtml } from "#app/services/mail-html.server.tsx";
import { bodyLimitFor, bodyTooLargeMessage } from "../../server/body-limit.ts";
import { adminAccount, dataDirWithAccounts, signInCookie } from "../support/accounts.ts";
import { launchBrowser } from "../support/browser.ts";
import { createPostgresDatabase } from "../support/database.ts";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe.ts";
import { img, jsUrl, payload, script } from "../support/payloads.ts";
import { pdfText } from "../support/pdf.ts";
import { createSentProposal } from "../support/proposals.ts";
import { insertCustomer } from "../support/records.ts";
import { actionRoutes, guardedAdminRoutes, idRoutes, sampleAddress } from "../support/route-inventory.ts";
import { startServer, type TestServer } from "../support/server.ts";
import { startSmtpSink } from "../support/smtp.ts";
import { until } from "../support/wait.ts";

const desktopAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** A session cookie for a token (the same serialisation the server uses: base64 of the JSON string). */
const cookieFor = (token: string) =>
  `studio_session=${encodeURIComponent(Buffer.from(JSON.stringify(token)).toString("base64"))}`;

type Seeded = {
  expired: string;
  idle: string;
  disabled: string;
  submissionId: string;
  customerId: string;
  projectId: string;
  invoiceId: string;
};

/** Sessions that must not work, and records with payloads in every text field, written before start. */
async function seed(dataDir: string): Promise<Seeded> {
  const database = await openDatabase({ dataDir });
  const { db } = database;
  const [owner] = await db.select().from(users).where(eq(users.email, adminAccount.email));
  if (!owner) throw new Error("no admin");
  const tokens = { expired: randomBytes(32).toString("base64url"), idle: randomBytes(32).toString("base64url") };
  const day = 24 * 3600_000;
  await db.insert(sessions).values([
    {
      id: hashToken(tokens.expired),
      userId: owner.id,
      createdAt: new Date(Date.now() - 8 * day),
      lastSeenAt: new Date(Date.now() - 60_000),
      expiresAt: new Date(Date.now() - 1000),
    },
    {
      id: hashToken(tokens.idle),
      userId: owner.id,
      createdAt: new Date(Date.now() - day),
      lastSeenAt: new Date(Date.now() - 13 * 3600_000),
      expiresAt: new Date(Date.now() + 6 * day),
    },
  ]);
  // a disabled admin whose session row survived (the guard's lookup must refuse it)
  const [gone] = await db
    .insert(users)
    .values({ email: "gone@studio.test", passwordHash: null, disabledAt: new Date() })
    .returning();
  if (!gone) throw new Error("no user");
  await db.execute(sql`insert into user_roles (user_id, role) values (${gone.id}, 'admin')`);
  const disabledToken = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    id: hashToken(disabledToken),
    userId: gone.id,
    expiresAt: new Date(Date.now() + day),
  });

  await db
    .update(businessSettings)
    .set({
      businessName: `Studio ${img}`,
      contactName: `Owner ${script}`,
      address: payload,
      website: jsUrl,
      taxId: img,
    })
    .where(sql`user_id is null`);
  const [submission] = await db
    .insert(contactSubmissions)
    .values({
      name: `Visitor ${img}`,
      email: "visitor@example.test",
      businessName: script,
      existingWebsiteUrl: jsUrl,
      projectType: "quote",
      message: payload,
      notes: payload,
    })
    .returning();
  const customer = await insertCustomer(db, {
    name: `Customer ${img}`,
    email: "customer@example.test",
    businessName: `Company ${script}`,
    websiteUrl: jsUrl,
    billingAddress: payload,
    taxId: img,
    notes: payload,
  });
  if (!submission || !customer) throw new Error("seed failed");
  await db.insert(customerInteractions).values({ customerId: customer.id, subject: img, description: payload });
  const [project] = await db
    .insert(projects)
    .values({
      customerId: customer.id,
      projectName: `Project ${img}`,
      description: payload,
      projectType: script,
      notes: payload,
    })
    .returning();
  const [invoice] = await db
    .insert(invoices)
    .values({
      invoiceNumber: "SEED-0001",
      customerId: customer.id,
      projectId: project?.id,
      issueDate: "2026-11-22",
      notes: payload,
      terms: payload,
      subtotal: "10.00",
      totalAmount: "10.00",
      balanceDue: "10.00",
    })
    .returning();
  if (!project || !invoice) throw new Error("seed failed");
  await db.insert(invoiceLineItems).values({
    invoiceId: invoice.id,
    description: payload,
    quantity: "1",
    unitPrice: "10.00",
    lineTotal: "10.00",
  });
  await db.insert(suspectedSpam).values({
    reason: "honeypot",
    fields: { first_name: img, last_name: script, email: "bot@example.test", message: payload },
  });
  await database.close();
  return {
    ...tokens,
    disabled: disabledToken,
    submissionId: submission.id,
    customerId: customer.id,
    projectId: project.id,
    invoiceId: invoice.id,
  };
}

describe("attacks on every page", () => {
  let server: TestServer;
  let dataDir: string;
  let seeded: Seeded;
  let admin: string;
  let browser: Browser;

  beforeAll(async () => {
    dataDir = dataDirWithAccounts();
    seeded = await seed(dataDir);
    server = await startServer({ dataDir, env: { CONTACT_MIN_FILL_MS: "0" } });
    admin = await signInCookie(server.url, adminAccount);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (address: string, cookie?: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${address}`, {
      redirect: "manual",
      headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) },
    });
  const post = (address: string, fields: Record<string, string>, cookie?: string, origin = server.url) =>
    fetch(`${server.url}${address}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(origin ? { Origin: origin } : {}),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(fields),
    });
  const addresses = () => guardedAdminRoutes.map((leaf) => sampleAddress(leaf.path));

  it("walks every guarded route (from app/routes.ts) with the admin: none answers 5xx", async () => {
    expect(guardedAdminRoutes.length).toBeGreaterThan(15);
    for (const address of addresses()) {
      const response = await get(address, admin);
      // headers are enough (the event stream never ends)
      await response.body?.cancel();
      expect(response.status, address).toBeLessThan(500);
    }
  });

  it("refuses expired, idle and disabled-account sessions on every guarded route, GET and POST", async () => {
    for (const [kind, token] of [
      ["expired", seeded.expired],
      ["idle", seeded.idle],
      ["disabled", seeded.disabled],
    ] as const) {
      for (const address of addresses()) {
        const read = await get(address, cookieFor(token));
        expect(read.status, `${kind} GET ${address}`).toBe(302);
        expect(read.headers.get("location"), `${kind} GET ${address}`).toMatch(/^\/admin\/login\?redirectTo=/);
        const write = await post(address, { intent: "probe" }, cookieFor(token));
        expect([302, 303], `${kind} POST ${address}`).toContain(write.status);
        expect(write.headers.get("location"), `${kind} POST ${address}`).toMatch(/^\/admin\/login/);
      }
    }
  });

  it("grants a foreign Origin no read of any guarded route (no CORS headers), and never caches a page", async () => {
    for (const address of addresses()) {
      const response = await get(address, admin, { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" });
      await response.body?.cancel();
      expect(response.headers.get("access-control-allow-origin"), address).toBeNull();
      expect(response.headers.get("access-control-allow-credentials"), address).toBeNull();
      if (response.status === 200) expect(response.headers.get("cache-control"), address).toContain("no-store");
    }
    const preflight = await fetch(`${server.url}/admin/settings`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("refuses a foreign, null or missing Origin on every guarded route's POST, even with the admin's cookie", async () => {
    for (const address of addresses()) {
      for (const origin of ["https://evil.example", "null", `${server.url}.evil.example`]) {
        const response = await post(address, { intent: "probe" }, admin, origin);
        expect(response.status, `${origin} -> ${address}`).toBe(403);
        expect(await response.text()).toContain("cross-site request refused");
      }
      // no Origin, a foreign Referer
      const referred = await fetch(`${server.url}${address}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: admin,
          Referer: "https://evil.example/page",
        },
        body: "intent=probe",
      });
      expect(referred.status, `referer -> ${address}`).toBe(403);
    }
  });

  it("a member without the admin role meets Access Denied on every route; disabled, their session ends at once", async () => {
    // an invitation that names no role is refused: it would make an account with no page to open
    const roleless = await post("/admin/settings/team", { intent: "invite", email: "helper@studio.test" }, admin);
    expect(roleless.status).toBe(400);
    const invited = await post(
      "/admin/settings/team",
      { intent: "invite", email: "helper@studio.test", role: "admin" },
      admin,
    );
    expect(invited.status).toBe(302);
    let token: string | undefined;
    for (let i = 0; i < 50 && !token; i++) {
      const mail = server.logs().find((line) => line.to === "helper@studio.test" && typeof line.text === "string");
      token = /\/admin\/invite\/([\w-]{43})/.exec(String(mail?.text ?? ""))?.[1];
      if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!token) throw new Error("no invitation mail in the log");
    // the token never appears in the request log
    expect(server.output()).not.toContain(`"path":"/admin/invite/${token}`);
    const opened = await get(`/admin/invite/${token}`);
    expect(opened.status).toBe(200);
    // the page's own policy replaces the site-wide one (one header, not two)
    expect(opened.headers.get("referrer-policy")).toBe("same-origin");
    expect(opened.headers.get("cache-control")).toContain("no-store");
    expect(await opened.text()).toContain("Join the team");
    const accepted = await post(`/admin/invite/${token}`, {
      name: `Helper ${img}`,
      password: "helper passphrase 42",
      confirmPassword: "helper passphrase 42",
    });
    expect(accepted.status).toBe(302);
    const helper = accepted.headers
      .getSetCookie()
      .find((value) => value.startsWith("studio_session="))
      ?.split(";")[0];
    if (!helper) throw new Error("no session cookie");
    // the owner takes the admin role back: the helper's session stays, with no role
    const teamPage = await (await get("/admin/settings/team", admin)).text();
    const memberId = /data-team-member="helper@studio.test"[\s\S]*?name="id" value="([0-9a-f-]{36})"/.exec(
      teamPage,
    )?.[1];
    if (!memberId) throw new Error("helper not on the team page");
    expect((await post("/admin/settings/team", { intent: "revoke-admin", id: memberId }, admin)).status).toBe(302);
    for (const address of addresses()) {
      const read = await get(address, helper);
      expect(read.status, `GET ${address}`).toBe(403);
      const body = await read.text();
      expect(body, address).toContain("Access Denied");
      expect(body, address).not.toContain("Customer Management");
      const write = await post(address, { intent: "probe" }, helper);
      expect(write.status, `POST ${address}`).toBe(403);
    }
    // the used link says so
    const reused = await get(`/admin/invite/${token}`);
    expect(reused.status).toBe(410);
    expect(await reused.text()).toContain("invalid, already used or expired");

    // the owner disables the helper: the open session is refused on its next request
    const team = await (await get("/admin/settings/team", admin)).text();
    const helperId = /data-team-member="helper@studio.test"[\s\S]*?name="id" value="([0-9a-f-]{36})"/.exec(team)?.[1];
    if (!helperId) throw new Error("helper not on the team page");
    expect((await post("/admin/settings/team", { intent: "disable", id: helperId }, admin)).status).toBe(302);
    const after = await get("/admin/dashboard", helper);
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toMatch(/^\/admin\/login/);
    const signIn = await post("/admin/login", {
      intent: "signin",
      email: "helper@studio.test",
      password: "helper passphrase 42",
    });
    expect(signIn.status).toBe(401);
    expect(await signIn.text()).toContain("Invalid login credentials");
  });

  it("malformed, negative, huge and unknown ids answer 404 (GET) and never 500 (POST), on every :id route", async () => {
    expect(idRoutes.length).toBeGreaterThan(4);
    const bad = [
      "not-an-id",
      "-1",
      "0",
      "99999999999999999999999999",
      "1e309",
      "00000000-0000-4000-8000-000000000000",
      "ffffffff-ffff-ffff-ffff-ffffffffffff",
      "%27%20or%201%3D1--",
      "..%2F..%2Fetc%2Fpasswd",
      "%C3%A9",
      "x".repeat(300),
    ];
    for (const leaf of idRoutes) {
      for (const id of bad) {
        const address = sampleAddress(leaf.path, id);
        const read = await get(address, admin);
        expect(read.status, `GET ${address}`).toBe(404);
        const write = await post(address, { intent: "probe", id }, admin);
        await write.arrayBuffer();
        expect(write.status, `POST ${address}`).toBeLessThan(500);
        expect(write.status, `POST ${address}`).not.toBe(200);
      }
    }
    for (const token of ["x", "-1", "A".repeat(43), "%00", "a".repeat(500)]) {
      const response = await get(`/admin/invite/${token}`);
      expect([400, 410], token).toContain(response.status);
    }
  });

  it("stored payloads stay inert text in every admin page, the printable view and the public pages; no javascript: link", async () => {
    const pages = [
      "/admin/dashboard",
      `/admin/dashboard?submission=${seeded.submissionId}`,
      "/admin/spam",
      "/admin/customers",
      `/admin/customers/${seeded.customerId}`,
      `/admin/customers/${seeded.customerId}/edit`,
      "/admin/projects",
      `/admin/projects/${seeded.projectId}`,
      `/admin/projects/${seeded.projectId}/edit`,
      "/admin/invoices",
      `/admin/invoices/${seeded.invoiceId}`,
      `/admin/invoices/${seeded.invoiceId}/pdf`,
      "/admin/settings",
      "/admin/settings/team",
      "/admin/audit",
      "/",
      "/about",
      "/contact",
      "/portfolio",
      "/pricing",
    ];
    const context = await browser.newContext();
    const [name, value] = admin.split("=") as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(`${page.url()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    let shownAsText = 0;
    for (const address of pages) {
      const raw = await (await get(address, admin)).text();
      expect(raw, address).not.toContain(img);
      expect(raw, address).not.toContain(script);
      await page.goto(`${server.url}${address}`);
      await page.waitForLoadState("networkidle");
      const found = await page.evaluate(() => ({
        injectedImages: document.querySelectorAll('img[src="x"]').length,
        injectedScripts: [...document.scripts].filter((node) => node.textContent?.trim() === "alert(1)").length,
        jsLinks: [...document.querySelectorAll("[href], [src], [action], [formaction]")]
          .flatMap((node) => ["href", "src", "action", "formaction"].map((name) => node.getAttribute(name) ?? ""))
          .filter((value) => /^\s*(javascript|data|vbscript):/i.test(value) && !value.startsWith("data:image/")),
        handlers: [...document.querySelectorAll("*")].filter((node) =>
          [...node.attributes].some(
            (attribute) => attribute.name.startsWith("on") && attribute.value.includes("alert"),
          ),
        ).length,
        text: document.body.textContent ?? "",
      }));
      expect(found.injectedImages, address).toBe(0);
      expect(found.injectedScripts, address).toBe(0);
      expect(found.jsLinks, address).toEqual([]);
      expect(found.handlers, address).toBe(0);
      if (found.text.includes(img)) shownAsText++;
    }
    expect(dialogs).toEqual([]);
    // the payloads are really on the pages, as text (so a hole would have shown)
    expect(shownAsText).toBeGreaterThan(8);
    await context.close();
  });

  it("the PDF prints the payloads as text, with no script, link or action", async () => {
    const response = await get(`/admin/invoices/${seeded.invoiceId}.pdf`, admin);
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const raw = Buffer.from(bytes).toString("latin1");
    for (const marker of ["/JavaScript", "/JS ", "/URI", "/Launch", "/SubmitForm", "/OpenAction"]) {
      expect(raw, marker).not.toContain(marker);
    }
    const text = (await pdfText(bytes)).replace(/\s+/g, " ");
    expect(text).toContain(img);
    expect(text).toContain(script);
  });

  it("website fields take only http(s) addresses; a javascript: or data: website is refused and stores nothing", async () => {
    const before = (await (await get("/admin/customers", admin)).text()).length;
    for (const website of [jsUrl, " JavaScript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:x"]) {
      const customer = await post(
        "/admin/customers/new",
        { name: "Link Test", email: "link@example.test", website_url: website },
        admin,
      );
      expect(customer.status, website).toBe(400);
      const settings = await post(
        "/admin/settings",
        { intent: "identity", business_name: "S", contact_name: "C", email: "s@example.test", website },
        admin,
      );
      expect(settings.status, website).toBe(400);
    }
    expect((await (await get("/admin/customers", admin)).text()).length).toBe(before);
  });

  it("an oversized body is refused with 413 and a clear message on every guarded route, before the guard or any parsing", async () => {
    for (const address of addresses()) {
      const limit = bodyLimitFor(address);
      const response = await post(address, { intent: "probe", notes: "x".repeat(limit + 1024) }, admin);
      expect(response.status, address).toBe(413);
      expect(await response.text(), address).toBe(bodyTooLargeMessage);
    }
  });

  it("oversized fields are refused with a clear message and store nothing", async () => {
    const customer = await post("/admin/customers/new", { name: "x".repeat(5000), email: "big@example.test" }, admin);
    expect(customer.status).toBe(400);
    expect(await customer.text()).toContain("Name must be less than 200 characters");
    const project = await post(
      "/admin/projects/new",
      { customer_id: seeded.customerId, project_name: "y".repeat(5000) },
      admin,
    );
    expect(project.status).toBe(400);
    const invite = await post(
      "/admin/settings/team",
      { intent: "invite", email: `${"z".repeat(300)}@example.test` },
      admin,
    );
    expect(invite.status).toBe(400);
    expect(await invite.text()).toContain("Email must be less than 255 characters");
    const list = await (await get("/admin/customers?q=big%40example.test", admin)).text();
    expect(list).not.toContain("big@example.test</");
  });

  it("redirects after sign-in never leave the site", async () => {
    for (const target of [
      "//evil.example/x",
      "https://evil.example",
      "/\\evil.example",
      "/%2F%2Fevil.example",
      "/.//evil.example",
      jsUrl,
      "http:evil.example",
    ]) {
      const response = await post("/admin/login", { intent: "signin", ...adminAccount, redirectTo: target });
      expect(response.status, target).toBe(302);
      const location = response.headers.get("location") ?? "";
      expect(location, target).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, server.url).origin, target).toBe(server.url);
    }
  });

  it("extra posted fields (id, status, totals, amount_paid, user_id, role) change nothing they should not", async () => {
    const saved = await post(
      "/admin/invoices/new",
      {
        customer_id: seeded.customerId,
        issue_date: "2026-11-22",
        "items[0].description": "Design",
        "items[0].quantity": "2",
        "items[0].unit_price": "50",
        subtotal: "0.01",
        total_amount: "0.01",
        balance_due: "0.01",
        amount_paid: "100",
        invoice_number: "HACK-1",
        id: seeded.invoiceId,
        user_id: "00000000-0000-4000-8000-000000000000",
        role: "admin",
      },
      admin,
    );
    expect(saved.status).toBe(302);
    const list = await (await get("/admin/invoices", admin)).text();
    expect(list).not.toContain("HACK-1");
    expect(list).toContain("$100.00");
    expect(list).not.toContain("$0.01");
    // the seeded invoice is untouched
    const original = await (await get(`/admin/invoices/${seeded.invoiceId}/pdf`, admin)).text();
    expect(original).toContain("SEED-0001");
    expect(original).toContain("$10.00");
  });

  it("a visitor's payload reaches the inbox as text, and the owner's mail only as escaped text in its HTML part (tests/e2e/mail-html.test.ts renders every mail)", async () => {
    const html = await (await fetch(`${server.url}/contact`)).text();
    const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const sent = await fetch(`${server.url}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: new URLSearchParams({
        first_name: img,
        last_name: script,
        email: "attacker@example.test",
        project_type: "quote",
        business_name: img,
        existing_website_url: "https://example.test",
        message: payload,
        form_token: token,
      }),
    });
    expect(sent.status).toBeLessThan(400);
    await server.stop();
    const database = await openDatabase({ dataDir });
    try {
      const [stored] = await database.db
        .select()
        .from(contactSubmissions)
        .where(eq(contactSubmissions.email, "attacker@example.test"));
      expect(stored?.message).toBe(payload);
      // the mail keeps the payload as data (its structure, rendered by React at delivery): never markup
      const mail = (await database.db.select().from(mailOutbox)).filter((row) => row.subject.startsWith("New inquiry"));
      expect(mail.length).toBeGreaterThan(0);
      const rendered = await renderMailHtml(
        parseMailContent(mail.at(-1)?.content ?? "") ?? { subject: "", blocks: [] },
        {
          studio: { ...defaultStudio, businessName: `Studio ${img}`, website: jsUrl },
          accent: "#16a34a",
          logo: null,
        },
      );
      expect(rendered.html).not.toContain("<script");
      expect(rendered.html).not.toContain("<img src=x");
      expect(rendered.html).not.toMatch(/href="\s*javascript:/i);
      expect(rendered.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    } finally {
      await database.close();
    }
  });
});

/**
 * The third outside attack's classes (issue 36), against the production build with an SMTP server and
 * live client links of every kind: every path secret masked in the log, every action answering bare,
 * empty, mistyped and oversized posts without a 500, the view beacon counting only the page's own, the
 * ambiguous amount refused, the drawn signature kept small and its limits agreeing with the body
 * limit (in the page, the typed name kept), and no client link left at rest in the outbox's attachments.
 */
type Links = {
  invoiceId: string;
  proposalId: string;
  customerId: string;
  invoice: string;
  proposal: string;
  portal: string;
  booking: string;
};

async function seedLinks(dataDir: string): Promise<Links> {
  const database = await openDatabase({ dataDir });
  const { db } = database;
  const [owner] = await db.select().from(users).where(eq(users.email, adminAccount.email));
  const customer = await insertCustomer(db, {
    name: "Ada Lovelace",
    email: "ada@client.test",
    businessName: "Analytical Engines",
  });
  if (!owner || !customer) throw new Error("seed failed");
  const [invoice] = await db
    .insert(invoices)
    .values({
      invoiceNumber: "INV-0100",
      customerId: customer.id,
      issueDate: "2026-11-01",
      subtotal: "2000.00",
      totalAmount: "2000.00",
      balanceDue: "2000.00",
      status: "sent",
      sentAt: new Date(),
    })
    .returning();
  if (!invoice) throw new Error("seed failed");
  await db.insert(invoiceLineItems).values({
    invoiceId: invoice.id,
    description: "Website build",
    quantity: "1",
    unitPrice: "2000.00",
    lineTotal: "2000.00",
  });
  const tokens = { invoice: newToken(), portal: newToken(), booking: newToken() };
  await db.insert(invoiceLinks).values({ invoiceId: invoice.id, tokenHash: hashToken(tokens.invoice) });
  // the client's Pay form takes an amount
  await db.insert(paymentSettings).values({ allowPartialPayments: true });
  await db.insert(portalLinks).values({
    customerId: customer.id,
    tokenHash: hashToken(tokens.portal),
    expiresAt: new Date(Date.now() + 30 * 24 * 3600_000),
  });
  const startsAt = new Date(Date.now() + 5 * 24 * 3600_000);
  startsAt.setUTCHours(15, 0, 0, 0);
  await db.insert(bookings).values({
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    name: "Ada Lovelace",
    email: "ada@client.test",
    manageTokenHash: hashToken(tokens.booking),
  });
  const proposal = await createSentProposal(db, {
    customerId: customer.id,
    expiresOn: "2099-12-31",
    actor: { userId: owner.id, email: owner.email },
  });
  await database.close();
  return {
    ...tokens,
    proposal: proposal.token,
    proposalId: proposal.id,
    invoiceId: invoice.id,
    customerId: customer.id,
  };
}

/** The live link of a secret route, or a made-up token of the right shape. */
function tokenFor(route: string, links: Links): string {
  if (route.startsWith("/i/")) return links.invoice;
  if (route.startsWith("/p/")) return links.proposal;
  if (route.startsWith("/portal/")) return links.portal;
  if (route.startsWith("/book/manage/")) return links.booking;
  return randomBytes(32).toString("base64url");
}

describe("the third attack's classes (issue 36)", () => {
  let server: TestServer;
  let dataDir: string;
  let links: Links;
  let admin: string;
  let browser: Browser;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let fake: FakeStripe;
  /** every token sent in an address: none may appear in what the server printed */
  const sentTokens = new Set<string>();

  beforeAll(async () => {
    dataDir = dataDirWithAccounts();
    links = await seedLinks(dataDir);
    sink = await startSmtpSink();
    fake = await startFakeStripe();
    server = await startServer({
      dataDir,
      env: {
        SMTP_URL: sink.url,
        CONTACT_MIN_FILL_MS: "0",
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
        STRIPE_API_URL: fake.url,
      },
    });
    admin = await signInCookie(server.url, adminAccount);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.stop();
    await fake?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** a page as a person's desktop browser opens it (headless Chromium says so in its identity: a bot's) */
  const personPage = async () =>
    (await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: desktopAgent })).newPage();

  const send = (
    method: string,
    address: string,
    options: { headers?: Record<string, string>; body?: BodyInit; cookie?: string } = {},
  ) =>
    fetch(`${server.url}${address}`, {
      method,
      redirect: "manual",
      headers: { Origin: server.url, ...options.headers, ...(options.cookie ? { Cookie: options.cookie } : {}) },
      body: options.body,
    });

  it("no path secret reaches the log, however the address is spelled, live or made up, GET or POST", async () => {
    for (const route of secretRoutes) {
      for (const token of [tokenFor(route, links), randomBytes(32).toString("base64url")]) {
        sentTokens.add(token);
        const address = sampleAddress(route, token);
        const encoded = `/%${address.charCodeAt(1).toString(16)}${address.slice(2)}`;
        for (const spelling of [
          address,
          `${address}.data`,
          `${address}/nope`,
          encoded,
          address.toUpperCase().replace(token.toUpperCase(), token),
        ]) {
          const read = await send("GET", spelling);
          await read.arrayBuffer();
          expect(read.status, spelling).toBeLessThan(500);
          // never `no-referrer`: the browser would send `Origin: null` with the page's own forms
          expect(read.headers.get("referrer-policy"), spelling).not.toBe("no-referrer");
          if (spelling === address && read.status !== 404 && read.status !== 405)
            expect(read.headers.get("referrer-policy"), spelling).toBe("same-origin");
        }
        const write = await send("POST", address, {
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "intent=probe",
        });
        await write.arrayBuffer();
        expect(write.status, `POST ${address}`).toBeLessThan(500);
      }
    }
    await until(() => server.logs().filter((line) => line.msg === "request").length > 8 * secretRoutes.length, {
      what: "the request lines",
    });
    const printed = server.output();
    for (const token of sentTokens) expect(printed, "a token in the log").not.toContain(token);
    expect(printed).toContain('"path":"/i/[token]/pay"');
    expect(printed).toContain('"path":"/book/manage/[token]"');
  });

  it("bare, empty, mistyped and oversized posts to every route with an action (public, and signed in, admin): never a 500", async () => {
    expect(actionRoutes.length).toBeGreaterThan(25);
    const ids: Record<string, string> = {
      "/admin/invoices/:id": links.invoiceId,
      "/admin/invoices/:id/send": links.invoiceId,
      "/admin/customers/:id": links.customerId,
      "/admin/customers/:id/edit": links.customerId,
      "/admin/proposals/:id": links.proposalId,
    };
    const address = (route: string) =>
      route.includes(":token")
        ? sampleAddress(route, tokenFor(route, links))
        : sampleAddress(route, ids[route] ?? "00000000-0000-4000-8000-000000000000");
    const bodies: [string, Record<string, string>, BodyInit | undefined][] = [
      ["bare", {}, undefined],
      ["empty", { "Content-Type": "application/x-www-form-urlencoded" }, ""],
      ["empty multipart", { "Content-Type": "multipart/form-data; boundary=x" }, "--x--\r\n"],
      ["multipart without a boundary", { "Content-Type": "multipart/form-data" }, "a=b"],
      ["JSON", { "Content-Type": "application/json" }, '{"intent":"probe"}'],
      ["text/plain", { "Content-Type": "text/plain" }, "intent=probe"],
      ["no type", {}, "intent=probe"],
    ];
    // signing out last: it ends the session the admin routes are walked with
    const routes = [...actionRoutes].sort(
      (a, b) => Number(a.path === "/admin/logout") - Number(b.path === "/admin/logout"),
    );
    const answers: string[] = [];
    for (const leaf of routes) {
      const target = address(leaf.path);
      const cookie = leaf.path.startsWith("/admin") ? admin : undefined;
      for (const [kind, headers, body] of bodies) {
        const response = await send("POST", target, { headers, body, cookie });
        const text = await response.text();
        answers.push(`${response.status} ${kind} ${leaf.path}`);
        expect(response.status, `${kind} POST ${target}: ${text.slice(0, 200)}`).toBeLessThan(500);
        if (kind === "bare" && leaf.path !== "/webhooks/stripe") {
          expect(response.status, `bare POST ${target}`).toBe(400);
          expect(text, `bare POST ${target}`).toContain("Bad Request: send the form as");
        }
      }
      const limit = bodyLimitFor(target);
      const oversized = await send("POST", target, {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: `intent=probe&notes=${"x".repeat(limit + 1024)}`,
        cookie,
      });
      expect(oversized.status, `oversized POST ${target}`).toBe(413);
      expect(await oversized.text()).toBe(bodyTooLargeMessage);
    }
    expect(answers.length).toBeGreaterThan(200);
    admin = await signInCookie(server.url, adminAccount);
  });

  it("the view beacon: another site's post is refused; only the page's own beacon counts", async () => {
    const beacon = (origin: string, fields: Record<string, string>) =>
      send("POST", "/viewed", {
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", "User-Agent": desktopAgent },
        body: new URLSearchParams(fields),
      });
    const evil = await beacon("https://evil.example", { kind: "proposal", token: links.proposal });
    expect(evil.status).toBe(403);
    expect(await evil.text()).toContain("cross-site request refused");
    // this site's Origin and a desktop browser's identity, but not the page's beacon (no stamp): nothing
    // (the portal is never opened in a browser here: checked in the database at the end)
    expect((await beacon(server.url, { kind: "portal", token: links.portal })).status).toBe(204);
    // the page itself, in Chromium: its beacon counts (checked in the database at the end)
    const page = await personPage();
    await page.goto(`${server.url}/i/${links.invoice}`);
    await page.waitForSelector("[data-view-beacon][data-view-sent]", { state: "attached" });
    await page.context().close();
  });

  it("the client's partial amount 10,00 is refused with its message, never read as $1,000.00", async () => {
    const sessions = fake.sessions.size;
    const paid = await send("POST", `/i/${links.invoice}/pay`, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "amount=10%2C00",
    });
    expect(paid.status).toBe(400);
    expect(await paid.text()).toContain(ambiguousSeparatorMessage);
    // nothing went to Checkout, for $1,000.00 or any amount
    expect(fake.sessions.size).toBe(sessions);
  });

  it("a signature past its field's limit is said in the page with the typed name kept (script or none); a drawn one is stored small", async () => {
    const pageHtml = await (await send("GET", `/p/${links.proposal}`)).text();
    const contentHash = /name="content_hash" value="([0-9a-f]{64})"/.exec(pageHtml)?.[1] ?? "";
    const tooLong = `data:image/png;base64,${"A".repeat(maxSignatureChars)}`;
    // without JavaScript: the form's post, answered with the page (never a bare 413)
    const posted = await send("POST", `/p/${links.proposal}`, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "sign",
        tier: "t2",
        signer_name: "Ada Lovelace",
        agree: "on",
        content_hash: contentHash,
        signature: tooLong,
      }),
    });
    expect(posted.status).toBe(400);
    const answer = await posted.text();
    expect(answer).toContain(signatureMessages.tooLarge);
    expect(answer).toMatch(/name="signer_name"[^>]*value="Ada Lovelace"/);

    // with the script: a drawing too large to send says so; a drawn signature signs and is stored small
    const page = await personPage();
    await page.goto(`${server.url}/p/${links.proposal}`);
    await page.getByLabel("Type your full name").fill("Ada Lovelace");
    await page.getByLabel("I have read and agree to the agreement").check();
    const pad = page.locator("[data-signature-pad] canvas");
    await pad.scrollIntoViewIfNeeded();
    await page.evaluate((value) => {
      const field = document.querySelector<HTMLInputElement>('input[name="signature"]');
      if (field) field.value = value;
    }, tooLong);
    await Promise.all([page.waitForLoadState(), page.getByRole("button", { name: "Sign", exact: true }).click()]);
    await page.getByText(signatureMessages.tooLarge).first().waitFor();
    expect(await page.getByLabel("Type your full name").inputValue()).toBe("Ada Lovelace");
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error("no signature pad");
    await page.getByLabel("I have read and agree to the agreement").check();
    await page.mouse.move(box.x + 20, box.y + box.height - 20);
    await page.mouse.down();
    for (let step = 1; step <= 30; step++) {
      await page.mouse.move(
        box.x + 20 + (step * (box.width - 40)) / 30,
        box.y + 20 + ((step % 5) * (box.height - 40)) / 5,
      );
    }
    await page.mouse.up();
    expect(await page.locator('input[name="signature"]').inputValue()).toMatch(/^data:image\/png;base64,/);
    await Promise.all([
      page.waitForURL(/answered=sign/),
      page.getByRole("button", { name: "Sign", exact: true }).click(),
    ]);
    await page.context().close();
    // the signed copies (client and studio, each with the PDF) are handed over before the end
    await until(() => sink.received.filter((mail) => mail.raw.includes("-signed.pdf")).length >= 2, {
      what: "the signed copies",
    });
  });

  it("an invoice's mailed PDF carries its client link as a QR code; once sent, nothing in the database opens the page", async () => {
    const before = sink.received.length;
    const sent = await send("POST", `/admin/invoices/${links.invoiceId}/send`, {
      cookie: admin,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ to: "ada@client.test", subject: "Invoice INV-0100", message: "Please pay." }),
    });
    expect(sent.status).toBe(302);
    const mail = await until(
      () => sink.received.slice(before).find((received) => received.raw.includes("INV-0100.pdf")),
      {
        what: "the invoice mail",
      },
    );
    // the attachment as the client gets it, its QR code read by a real decoder
    const base64 = /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail.raw)?.[1] ?? "";
    const work = mkdtempSync(path.join(tmpdir(), "studio-qr-"));
    try {
      writeFileSync(path.join(work, "invoice.pdf"), Buffer.from(base64.replace(/\s/g, ""), "base64"));
      execFileSync("pdftoppm", [
        "-png",
        "-r",
        "150",
        "-f",
        "1",
        "-l",
        "1",
        path.join(work, "invoice.pdf"),
        path.join(work, "page"),
      ]);
      const { data, info } = await sharp(readFileSync(path.join(work, "page-1.png")))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
      const mailed = /\/i\/([\w-]{43})$/.exec(code?.data ?? "")?.[1];
      if (!mailed) throw new Error(`no client link in the QR code: ${code?.data}`);
      sentTokens.add(mailed);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it("at rest, after all that: no attachment left, no client link anywhere, the page's view counted, the signature small", async () => {
    const printed = server.output();
    for (const token of sentTokens) expect(printed, "a token in the log").not.toContain(token);
    await server.stop();
    const database = await openDatabase({ dataDir });
    try {
      const { db } = database;
      expect(await db.select().from(mailAttachments)).toEqual([]);
      const tables = await selectRows<{ tablename: string }>(
        db,
        sql`select tablename from pg_tables where schemaname = 'public'`,
      );
      let stored = "";
      for (const { tablename } of tables) {
        const rows = await selectRows<Record<string, unknown>>(db, sql.raw(`select * from "public"."${tablename}"`));
        stored += JSON.stringify(
          rows.map((row) =>
            Object.values(row).map((value) =>
              value instanceof Uint8Array ? Buffer.from(value).toString("latin1") : value,
            ),
          ),
        );
      }
      for (const token of sentTokens) expect(stored, "a client link at rest").not.toContain(token);
      const [invoice] = await db.select().from(invoices).where(eq(invoices.id, links.invoiceId));
      expect(invoice?.viewedAt).not.toBeNull();
      const [portal] = await db.select().from(portalLinks);
      expect(portal?.lastViewedAt).toBeNull();
      const [proposal] = await db.select().from(proposals).where(eq(proposals.id, links.proposalId));
      expect(proposal?.status).toBe("signed");
      const signature = signaturePngBytes(proposal?.signatureImage ?? null);
      expect(signature && isNormalisedSignature(signature)).toBe(true);
    } finally {
      await database.close();
    }
  });
});

/**
 * The third attack's races and mail through the public forms (issue 36, attack findings 4, 6 and 8),
 * over HTTP against their own server (no per-address limit on the forms, so the races are real): on
 * PostgreSQL with TEST_DATABASE_URL (where the attack raced), else on PGlite.
 */
describe(`races and mail through the public forms [${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}]`, () => {
  let server: TestServer;
  let dataDir: string;
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  const known = { name: "Known Client", email: "known@client.test" };

  beforeAll(async () => {
    dataDir = dataDirWithAccounts();
    const env = { CONTACT_MIN_FILL_MS: "0", CONTACT_RATE_LIMIT: "off" };
    if (process.env.TEST_DATABASE_URL) {
      postgres = await createPostgresDatabase();
      server = await startServer({ dataDir, env: { ...env, DATABASE_URL: postgres.url } });
      const database = await openDatabase({ databaseUrl: postgres.url, poolSize: 1 });
      await insertCustomer(database.db, known);
      await database.close();
    } else {
      const database = await openDatabase({ dataDir });
      await insertCustomer(database.db, known);
      await database.close();
      server = await startServer({ dataDir, env });
    }
  });
  afterAll(async () => {
    await server?.stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The booking page of a day with free times (the `nth` listed), its slots and its form's cookie. */
  async function bookingDay(nth: number) {
    const first = await fetch(`${server.url}/book`);
    const days = [...(await first.text()).matchAll(/href="[^"]*[?&;]day=(\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]);
    const day = [...new Set(days)][nth] ?? "";
    const page = await fetch(`${server.url}/book?day=${day}`);
    const slots = [...(await page.text()).matchAll(/name="slot"[^>]*value="([^"]+)"/g)].map((m) => m[1] ?? "");
    // the form's time-trap token, in the cookie the booking page sets (ADR 0037)
    const cookie = first.headers.getSetCookie().find((line) => line.startsWith("studio_book_form=")) ?? "";
    return { day, slots, cookie: cookie.split(";")[0] ?? "" };
  }
  const book = (cookie: string, slot: string, name: string, email = `${name}@example.test`) =>
    fetch(`${server.url}/book`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams({ slot, name, email }),
    });

  it("every slot of one day booked at once: the daily cap (4) and the 15-minute buffer hold (attack finding 4)", async () => {
    const { slots, cookie } = await bookingDay(1);
    expect(slots.length).toBeGreaterThanOrEqual(10);
    const answers = await Promise.all(slots.map((slot, index) => book(cookie, slot, `racer${index}`)));
    const booked = slots.filter((_, index) => answers[index]?.status === 303).sort();
    expect(booked).toHaveLength(4);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(slots.length - 4);
    for (let index = 1; index < booked.length; index++) {
      const gap = Date.parse(booked[index] ?? "") - Date.parse(booked[index - 1] ?? "");
      // a 30-minute session and its 15-minute buffer
      expect(gap).toBeGreaterThanOrEqual(45 * 60_000);
    }
  });

  it("one address gets at most three booking confirmations a day (attack finding 8)", async () => {
    const { slots, cookie } = await bookingDay(2);
    const spaced = slots.filter((_, index) => index % 2 === 0);
    for (const slot of spaced.slice(0, 3))
      expect((await book(cookie, slot, "Victim", "victim@example.test")).status).toBe(303);
    const refused = await book(cookie, spaced[3] ?? "", "Victim", "victim@example.test");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("This email address has booked several consultations today already.");
  });

  it("/portal runs the same queries before answering a known and an unknown address (attack finding 6)", async () => {
    const ask = async (email: string) => {
      const requestId = `portal-${randomBytes(6).toString("hex")}`;
      const answer = await fetch(`${server.url}/portal`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "X-Request-Id": requestId },
        body: new URLSearchParams({ email }),
      });
      const line = await until(
        () => server.logs().find((entry) => entry.reqId === requestId && entry.msg === "request"),
        {
          what: "the request's log line",
        },
      );
      return { status: answer.status, location: answer.headers.get("location"), queries: line.queries };
    };
    const unknown = await ask("nobody@client.test");
    const known = await ask("known@client.test");
    expect(known).toEqual(unknown);
    expect(known).toMatchObject({ status: 303, location: "/portal?sent=1" });
  });
});
