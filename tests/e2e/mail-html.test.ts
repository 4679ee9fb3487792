/**
 * Mail that looks like the studio (issue 38 item 16) and one sending path (issue 35), against the
 * production build and a real SMTP sink. The studio's settings, a client's name, the owner's wording
 * of a template, the owner's message, a visitor's inquiry and a client's typed signature all carry the
 * attack suite's payloads. Every mail that reaches the sink has a plain-text part and an HTML part with
 * the studio's logo (inline), name and contact details; in Chromium at 390 and 600 px the HTML fits,
 * axe finds nothing, it runs no script and has no event handler or `javascript:` link, the payloads are
 * there as text, and every link on the site answers 200. The automatic documents carry their PDF in its
 * real state: the deposit invoice mailed on signing (Sent), a manual payment's receipt (Partially
 * paid), the void notice (VOID), and dates read as the studio writes them, never ISO.
 */
import { mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { businessSettings, emailTemplates, studioLogo, users } from "#app/db/schema.ts";
import { addDaysIso, todayIn } from "#app/domain/dates.ts";
import { adminAccount, dataDirWithAccounts, signInCookie } from "../support/accounts.ts";
import { axeViolations } from "../support/axe.ts";
import { launchBrowser } from "../support/browser.ts";
import { mailParts } from "../support/mime.ts";
import { img, jsUrl, payload, script } from "../support/payloads.ts";
import { pdfText } from "../support/pdf.ts";
import { createSentProposal } from "../support/proposals.ts";
import { insertCustomer, insertInvoice } from "../support/records.ts";
import { startServer, type TestServer, waitPastTimeTrap } from "../support/server.ts";
import { type ReceivedMail, startSmtpSink } from "../support/smtp.ts";
import { until } from "../support/wait.ts";

const shots = "/tmp/shots-mail";
const studioName = `Pixel ${img} Studio`;
const clientName = `Ada ${img}`;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function seed(dataDir: string, publicUrl: string) {
  const database = await openDatabase({ dataDir });
  const { db } = database;
  try {
    const [owner] = await db.select().from(users).where(eq(users.email, adminAccount.email));
    await db.insert(businessSettings).values({
      businessName: studioName,
      contactName: `Owner ${script}`,
      email: "studio@studio.test",
      phoneNumber: "(555) 010-4242",
      address: `1 Main Street\n${payload}`,
      website: jsUrl,
    });
    const logo = await sharp({ create: { width: 240, height: 80, channels: 3, background: "#16a34a" } })
      .png()
      .toBuffer();
    await db.insert(studioLogo).values({ data: new Uint8Array(logo), mimeType: "image/png" });
    // the owner's own wording of the invoice mail, with payloads in it
    await db.insert(emailTemplates).values({
      key: "invoice",
      subject: `Invoice {document_number} from {studio_name} ${script}`,
      opening: `Hello {client_name},\n\n${img} Invoice {document_number} for {amount} is due on {due_date}. ${jsUrl}`,
    });
    const today = todayIn("America/New_York");
    const ada = await insertCustomer(db, { name: clientName, email: "ada@client.test" });
    const invoice = await insertInvoice(db, {
      invoiceNumber: "INV-0100",
      customerId: ada.id,
      issueDate: today,
      dueDate: addDaysIso(today, 14),
      subtotal: "1000.00",
      totalAmount: "1000.00",
      balanceDue: "1000.00",
    });
    const estimate = await insertInvoice(db, {
      invoiceNumber: "EST-0100",
      invoiceType: "estimate",
      customerId: ada.id,
      issueDate: today,
      subtotal: "500.00",
      totalAmount: "500.00",
      balanceDue: "500.00",
    });
    const proposal = await createSentProposal(db, {
      customerId: ada.id,
      expiresOn: addDaysIso(today, 30),
      actor: { userId: owner?.id ?? "", email: adminAccount.email },
      publicUrl,
    });
    return { invoiceId: invoice.id, estimateId: estimate.id, proposalToken: proposal.token };
  } finally {
    await database.close();
  }
}

/** The mail's PDF attachment, as text. */
async function attachedPdf(mail: ReceivedMail, filename: string): Promise<string> {
  const file = mailParts(mail.raw).files.find((part) => part.headers.includes(filename));
  if (!file) throw new Error(`no ${filename} in ${mail.raw.slice(0, 400)}`);
  return pdfText(new Uint8Array(file.body));
}

describe("mail in HTML, the studio's own, through one sending path", () => {
  let server: TestServer;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let browser: Browser;
  let cookie = "";
  let seeded: Awaited<ReturnType<typeof seed>>;
  let dataDir = "";

  beforeAll(async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    dataDir = dataDirWithAccounts();
    seeded = await seed(dataDir, publicUrl);
    sink = await startSmtpSink();
    [server, browser] = await Promise.all([
      startServer({ dataDir, env: { SMTP_URL: sink.url, PORT: String(port), PUBLIC_URL: publicUrl } }),
      launchBrowser(),
    ]);
    cookie = await signInCookie(server.url, adminAccount);
    mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.stop();
  });

  const post = (path: string, fields: Record<string, string>, withCookie = true) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        ...(withCookie ? { cookie } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });
  const mailTo = (to: string, subject: RegExp) =>
    until(() => sink.received.find((mail) => mail.to.includes(to) && subject.test(mailParts(mail.raw).text ?? "")), {
      timeoutMs: 30_000,
      what: `a mail to ${to} matching ${subject}`,
    });
  const subjectOf = (mail: ReceivedMail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? "";

  it("sends every kind of mail with an HTML part that fits, reads (axe) and links, the payloads only as text", async () => {
    // the owner sends the invoice (their own message) and the estimate
    expect(
      (
        await post(`/admin/invoices/${seeded.invoiceId}/send`, {
          to: "ada@client.test",
          subject: `Invoice INV-0100 ${img}`,
          message: `Hello Ada,\n\n${payload}`,
        })
      ).status,
    ).toBe(302);
    // the send page's defaults are the template's wording
    const sendPage = await (
      await fetch(`${server.url}/admin/invoices/${seeded.estimateId}/send`, { headers: { cookie } })
    ).text();
    expect(sendPage).toContain("Estimate EST-0100 from");
    expect(
      (
        await post(`/admin/invoices/${seeded.estimateId}/send`, {
          to: "ada@client.test",
          subject: "Estimate EST-0100",
          message: "Hello,\n\nPlease find the estimate attached.",
        })
      ).status,
    ).toBe(302);
    // a visitor's inquiry
    const contact = await (await fetch(`${server.url}/contact`)).text();
    const formToken = /name="form_token" value="([^"]+)"/.exec(contact)?.[1] ?? "";
    await waitPastTimeTrap();
    expect(
      (
        await post(
          "/contact",
          {
            first_name: img,
            last_name: script,
            email: "visitor@example.test",
            project_type: "quote",
            business_name: img,
            existing_website_url: "https://example.test",
            message: payload,
            form_token: formToken,
          },
          false,
        )
      ).status,
    ).toBeLessThan(400);

    // the client accepts the estimate on its link, signing with a payload
    const estimateMail = await mailTo("ada@client.test", /View, accept or decline the estimate online/);
    const estimateLink = /\/i\/([A-Za-z0-9_-]{43})/.exec(mailParts(estimateMail.raw).text ?? "")?.[1] ?? "";
    expect((await post(`/i/${estimateLink}`, { intent: "accept", name: `Ada ${img}` }, false)).status).toBe(303);
    // the client signs the proposal: a deposit invoice, mailed with its PDF; the signed copies
    const proposalPage = await (await fetch(`${server.url}/p/${seeded.proposalToken}`)).text();
    const contentHash = /name="content_hash" value="([0-9a-f]{64})"/.exec(proposalPage)?.[1] ?? "";
    expect(
      (
        await post(
          `/p/${seeded.proposalToken}`,
          {
            intent: "sign",
            tier: "t2",
            addons: "a1",
            signer_name: `Ada ${img}`,
            content_hash: contentHash,
            agree: "on",
          },
          false,
        )
      ).status,
    ).toBe(303);
    // a manual payment with its receipt, then a void of the (accepted) estimate: its notice
    expect(
      (
        await post(`/admin/invoices/${seeded.invoiceId}`, {
          intent: "record-payment",
          paid_on: todayIn("America/New_York"),
          amount: "400.00",
          method: "bank_transfer",
          email_receipt: "on",
        })
      ).status,
    ).toBe(302);
    expect(
      (await post(`/admin/invoices/${seeded.estimateId}`, { intent: "void", reason: `Replaced ${img}` })).status,
    ).toBe(302);

    // the deposit goes in the owner's wording of invoice mails (with its payloads)
    const deposit = await mailTo("ada@client.test", /Invoice INV-0001 for \$/);
    const receipt = await mailTo("ada@client.test", /We received your payment of \$400\.00/);
    const voidNotice = await mailTo("ada@client.test", /We have voided estimate EST-0100/);
    const signedCopy = await mailTo("ada@client.test", /Thank you for signing/);
    await mailTo("studio@studio.test", /Signed by:/);
    await mailTo("studio@studio.test", /accepted estimate EST-0100/);
    await mailTo("studio@studio.test", /Open it in the inbox/);
    const invoiceMail = await mailTo("ada@client.test", /Hello Ada,/);

    // the deposit invoice mailed on signing carries its PDF, as Sent; the receipt's says Partially paid
    expect(await attachedPdf(deposit, "INV-0001.pdf")).toMatch(/Status: Sent/);
    expect(await attachedPdf(receipt, "INV-0100.pdf")).toMatch(/Status: Partial/);
    expect(await attachedPdf(voidNotice, "EST-0100.pdf")).toMatch(/V ?O ?I ?D ?:.*Status: Void/);
    expect(mailParts(voidNotice.raw).text).not.toContain("/i/");
    expect(await attachedPdf(signedCopy, "-signed.pdf")).toContain("Ada");
    // dates as the studio writes them (MM/dd/yyyy, and the signing time in its zone), never ISO
    for (const mail of [deposit, receipt, signedCopy, invoiceMail]) {
      const text = (mailParts(mail.raw).text ?? "").replace(/https?:\/\/\S+/g, "");
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    }
    expect(mailParts(signedCopy.raw).text).toMatch(
      /Signed on: \w+day, \w+ \d+, \d{4} at \d+:\d{2} [AP]M \(America\/New_York\)/,
    );
    // the owner's wording of the invoice mail is used by Save & Send and the send page, payloads and all
    expect(sendPage).not.toContain("<script>alert");

    const context = await browser.newContext();
    const page = await context.newPage();
    const linkChecked = new Set<string>();
    for (const [index, mail] of sink.received.entries()) {
      const parts = mailParts(mail.raw);
      expect(parts.text, subjectOf(mail)).toBeTruthy();
      expect(parts.html, subjectOf(mail)).toBeTruthy();
      const html = parts.html ?? "";
      // the logo is inline (cid:), with the mail; as a mail client shows it, from the attachment
      const logo = parts.files.find((file) => file.cid === "studio-logo");
      expect(logo, subjectOf(mail)).toBeTruthy();
      expect(html).toContain('src="cid:studio-logo"');
      const shown = html.replaceAll("cid:studio-logo", `data:image/png;base64,${logo?.body.toString("base64")}`);
      for (const width of [390, 600]) {
        await page.setViewportSize({ width, height: 900 });
        await page.setContent(shown, { waitUntil: "load" });
        const facts = await page.evaluate(() => ({
          scripts: document.querySelectorAll("script").length,
          handlers: [...document.querySelectorAll("*")].flatMap((element) =>
            [...element.attributes]
              .filter((attribute) => /^on/i.test(attribute.name))
              .map((attribute) => attribute.name),
          ),
          links: [...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href") ?? ""),
          text: document.body.textContent ?? "",
          overflow: document.documentElement.scrollWidth,
          buttons: document.querySelectorAll("a[href][style*='background-color']").length,
          name: (document.body.textContent ?? "").includes("Pixel"),
        }));
        expect(facts.scripts, subjectOf(mail)).toBe(0);
        expect(facts.handlers, subjectOf(mail)).toEqual([]);
        expect(facts.overflow, `${subjectOf(mail)} at ${width}`).toBeLessThanOrEqual(width);
        expect(facts.name).toBe(true);
        expect(facts.buttons, subjectOf(mail)).toBeLessThanOrEqual(1);
        for (const href of facts.links) expect(href, subjectOf(mail)).toMatch(/^(https?:|mailto:|tel:)/);
        // the studio's name and address came with payloads: there as text, never as markup
        expect(facts.text).toContain(studioName);
        expect(facts.text).toContain(script);
        expect(
          await axeViolations(page, { tags: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }),
          `${subjectOf(mail)} at ${width}`,
        ).toEqual([]);
        await page.screenshot({ path: `${shots}/mail-${index}-${width}.png`, fullPage: true });
        if (width === 600) {
          for (const href of facts.links.filter((link) => link.startsWith(server.url))) {
            if (linkChecked.has(href)) continue;
            linkChecked.add(href);
            const answer = await fetch(href, { headers: href.includes("/admin/") ? { cookie } : {} });
            expect(answer.status, href).toBe(200);
            await answer.arrayBuffer();
          }
        }
      }
    }
    // every mail a client gets has its button, and the links were followed
    expect(linkChecked.size).toBeGreaterThanOrEqual(6);
    await context.close();
    // the visitor's and the client's payloads reached the owner's mails as text
    const inquiry = mailParts((await mailTo("studio@studio.test", /Open it in the inbox/)).raw).html ?? "";
    expect(inquiry).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(inquiry).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    const answered = mailParts((await mailTo("studio@studio.test", /accepted estimate EST-0100/)).raw).html ?? "";
    expect(answered).toContain("Ada &lt;img src=x onerror=alert(1)&gt;");
    // the owner's template's payloads too
    const depositHtml = mailParts(deposit.raw).html ?? "";
    expect(depositHtml).toContain("&lt;img src=x onerror=alert(1)&gt; Invoice INV-0001");
    expect(mailParts(invoiceMail.raw).html ?? "").not.toContain("<script>alert");
  });
});
