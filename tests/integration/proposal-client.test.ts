/**
 * The client's proposal link and its signed PDF: the page's loader (the total of the choice in the
 * address, 404 for a wrong token), the sign action (a refusal keeps the typed name; signing
 * redirects), and the signed PDF read back with pdftotext: the certificate page with the signer's
 * name, the full SHA-256, the choice and the drawn signature (a decompression bomb is left out). A
 * drawn signature is made small once, when signed, and the PDF embeds it as stored; one too large
 * (characters or declared pixels) is the field's message, the typed name kept (issue 36).
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, expect, it } from "vitest";
import { mailAttachments, proposals, users } from "#app/db/schema.ts";
import { addDaysIso, todayIn } from "#app/domain/dates.ts";
import { parseAttachmentSource } from "#app/domain/mail.ts";
import {
  isNormalisedSignature,
  maxSignatureChars,
  pngHeader,
  signatureMessages,
  signaturePngBytes,
} from "#app/domain/signature.ts";
import { getProposal } from "#app/models/proposals.server.ts";
import * as clientProposal from "#app/routes/client-proposal.tsx";
import * as clientProposalPdf from "#app/routes/client-proposal-pdf.ts";
import * as beaconRoute from "#app/routes/view-beacon.ts";
import { signatureForPdf } from "#app/services/logo-image.server.ts";
import { renderAttachment } from "#app/services/mail-parts.server.ts";
import { renderProposalPdf } from "#app/services/proposal-pdf.server.tsx";
import { findClientProposal } from "#app/services/proposals.server.ts";
import { describeEachDatabase } from "../support/database.ts";
import { pngBomb } from "../support/images.ts";
import { createSentProposal, pdfText } from "../support/proposals.ts";
import { insertCustomer } from "../support/records.ts";
import { routeHarness, testConfig } from "../support/routes.ts";

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;

describeEachDatabase("the client's proposal link", (database) => {
  const { call, callRequest, cookieFor, respond } = routeHarness(database);
  let token = "";
  let proposalId = "";

  beforeEach(async () => {
    const db = database().db;
    await cookieFor("owner@studio.test", true);
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, "owner@studio.test"));
    const customer = await insertCustomer(db, { name: "Ada Baker", email: "ada@bakery.test" });
    const sent = await createSentProposal(db, {
      customerId: customer.id,
      expiresOn: addDaysIso(todayIn("UTC"), 30),
      actor: { userId: owner?.id ?? "", email: "owner@studio.test" },
    });
    token = sent.token;
    proposalId = sent.id;
  });

  const page = (query = "") => call(clientProposal.loader, `/p/${token}${query}`, { params: { token } });

  it("shows the total of the choice in the address, and 404 for a wrong token", async () => {
    const shown = await page("?tier=t2&addon=a1");
    expect(shown.status).toBe(200);
    expect(shown.data).toMatchObject({
      choice: { tierId: "t2", addonIds: ["a1"] },
      summary: { subtotal: "$2,800.50", tax: "$231.04", total: "$3,031.54", deposit: "$1,515.77" },
    });
    // the page's own form asks with `addons`; no choice is the middle tier
    expect((await page("?tier=t2&addons=a1")).data).toMatchObject({ summary: { total: "$3,031.54" } });
    expect((await page()).data).toMatchObject({ choice: { tierId: "t2", addonIds: [] } });
    const wrong = "A".repeat(43);
    expect((await call(clientProposal.loader, `/p/${wrong}`, { params: { token: wrong } })).status).toBe(404);
    // opening the page marks nothing; the view beacon (a browser showing it) does
    const status = async () =>
      (await database().db.select().from(proposals).where(eq(proposals.id, proposalId)))[0]?.status;
    expect(await status()).toBe("sent");
    const { stamp } = ((await page()).data as { beacon: { stamp: string } }).beacon;
    const beacon = new Request(`${testConfig.publicUrl}/viewed`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: testConfig.publicUrl,
        "User-Agent":
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
      },
      body: new URLSearchParams({ kind: "proposal", token, stamp }).toString(),
    });
    expect((await callRequest(beaconRoute.action, beacon)).status).toBe(204);
    expect(await status()).toBe("viewed");
  });

  it("signs: a refusal keeps the typed name, a signature redirects, the PDF carries the certificate", async () => {
    const found = await findClientProposal(database().db, token, "127.0.0.1");
    if (!found.ok) throw new Error(found.reason);
    const signature = await sharp({
      create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="300" height="100"><path d="M10 80 Q 150 0 290 80" stroke="black" stroke-width="4" fill="none"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const base = {
      intent: "sign",
      tier: "t2",
      addons: "a1",
      signer_name: "Ada  Baker",
      content_hash: found.contentHash,
      signature: dataUrl(signature),
    };
    const unticked = await call(clientProposal.action, `/p/${token}`, { params: { token }, form: base });
    expect(unticked.status).toBe(400);
    expect(JSON.stringify(unticked.data)).toContain("Ada  Baker");
    const stale = await call(clientProposal.action, `/p/${token}`, {
      params: { token },
      form: { ...base, agree: "on", content_hash: "0".repeat(64) },
    });
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.data)).toContain("has changed since you opened it");

    const signed = await call(clientProposal.action, `/p/${token}`, {
      params: { token },
      form: { ...base, agree: "on" },
    });
    expect(signed).toMatchObject({ status: 303, location: `/p/${token}?answered=sign` });
    const after = await page("?answered=sign");
    expect(after.data).toMatchObject({
      state: "signed",
      canAnswer: false,
      depositInvoiced: true,
      doc: { signature: { signerName: "Ada Baker", total: "$3,031.54", deposit: "$1,515.77" } },
    });
    // the deposit invoice's mail and the signed copies (client and studio) carry their PDFs, rendered
    // when they are delivered
    const attached = await database().db.select().from(mailAttachments);
    expect(attached.map((row) => row.filename).sort()).toEqual([
      "INV-0001.pdf",
      "PRO-0001-signed.pdf",
      "PRO-0001-signed.pdf",
    ]);
    const signedCopy = attached.find((row) => row.filename === "PRO-0001-signed.pdf");
    const source = parseAttachmentSource(signedCopy?.source ?? "");
    expect(source?.kind).toBe("proposal-pdf");
    if (source) expect(pdfText(await renderAttachment(database().db, source))).toContain(found.contentHash);
    const again = await call(clientProposal.action, `/p/${token}`, {
      params: { token },
      form: { ...base, agree: "on" },
    });
    expect(again.status).toBe(409);

    const response = await respond(clientProposalPdf.loader, `/p/${token}/pdf`, { params: { token } });
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain("PRO-0001-signed.pdf");
    const text = pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain("Signature certificate");
    expect(text).toContain("Ada Baker");
    expect(text).toContain(found.contentHash);
    expect(text).toContain("Business");
    expect(text).toContain("Logo refresh");
    expect(text).toContain("$3,031.54");
    expect(text).toContain("$1,515.77");
    expect(text).not.toContain("could not be read");
  });

  /** A browser's canvas drawing: RGBA, transparent, a few strokes, `width` x `height` device pixels. */
  const drawing = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        {
          input: Buffer.from(
            `<svg width="${width}" height="${height}"><path d="M20 ${height - 30} C ${width / 3} 0, ${width / 2} ${height}, ${width - 20} 30" stroke="#18181b" stroke-width="5" fill="none"/><path d="M40 40 L ${width - 60} ${height - 40}" stroke="#18181b" stroke-width="5"/></svg>`,
          ),
        },
      ])
      .png()
      .toBuffer();

  it("a drawn signature is made small once when signed, and the PDF embeds it as stored", async () => {
    const found = await findClientProposal(database().db, token, "127.0.0.1");
    if (!found.ok) throw new Error(found.reason);
    const drawn = await drawing(1536, 288);
    expect(pngHeader(drawn)).toMatchObject({ width: 1536, height: 288, colourType: 6 });
    const signed = await call(clientProposal.action, `/p/${token}`, {
      params: { token },
      form: {
        intent: "sign",
        tier: "t2",
        signer_name: "Ada Baker",
        agree: "on",
        content_hash: found.contentHash,
        signature: dataUrl(drawn),
      },
    });
    expect(signed.status).toBe(303);
    const [row] = await database().db.select().from(proposals).where(eq(proposals.id, proposalId));
    const stored = signaturePngBytes(row?.signatureImage ?? null);
    if (!stored) throw new Error("no signature stored");
    // within the box, flattened, a palette of grays: a few KB instead of the canvas's
    expect(pngHeader(stored)).toMatchObject({ width: 1200, height: 225, colourType: 3 });
    expect(isNormalisedSignature(stored)).toBe(true);
    expect(stored.length).toBeLessThan(drawn.length / 2);
    expect(stored.length).toBeLessThan(16 * 1024);
    // the PDF takes the stored bytes as they are (nothing decoded at render)
    expect((await signatureForPdf(stored))?.data).toBe(stored);
    const proposal = await getProposal(database().db, proposalId);
    if (!proposal) throw new Error("no proposal");
    const text = pdfText(await renderProposalPdf(database().db, proposal));
    expect(text).toContain("Ada Baker");
    expect(text).not.toContain("could not be read");
  });

  it("a signature too large to take is the field's message in the page, the typed name kept, nothing signed", async () => {
    const found = await findClientProposal(database().db, token, "127.0.0.1");
    if (!found.ok) throw new Error(found.reason);
    const base = { intent: "sign", tier: "t2", signer_name: "Ada Baker", agree: "on", content_hash: found.contentHash };
    // a canvas of 2,000 x 1,000 (declared in its header) and a data URL past the field's limit
    const huge = dataUrl(await pngBomb(2000, 1000, "rgba"));
    const long = `${dataUrl(await drawing(300, 100)).slice(0, -4)}${"A".repeat(maxSignatureChars)}AAAA`;
    for (const signature of [huge, long]) {
      const refused = await call(clientProposal.action, `/p/${token}`, {
        params: { token },
        form: { ...base, signature },
      });
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({
        result: { error: { signature: [signatureMessages.tooLarge] }, initialValue: { signer_name: "Ada Baker" } },
      });
      // the page does not send the signature back
      expect(JSON.stringify(refused.data)).not.toContain("base64");
    }
    const [row] = await database().db.select().from(proposals).where(eq(proposals.id, proposalId));
    expect(row?.status).toBe("sent");
  });

  it("a signature stored before it was normalised still prints: made small at its first render, and kept", async () => {
    const legacy = await drawing(1536, 288);
    const first = await signatureForPdf(new Uint8Array(legacy));
    expect(first && pngHeader(first.data)).toMatchObject({ width: 1200, height: 225, colourType: 3 });
    expect(await signatureForPdf(new Uint8Array(legacy))).toBe(first);
  });

  it("Update total posts the choice and is sent to its address; the typed name goes nowhere", async () => {
    const form = { intent: "choose", tier: "t1", addons: "a1", signer_name: "Ada Baker", agree: "on" };
    const chosen = await call(clientProposal.action, `/p/${token}`, { params: { token }, form });
    expect(chosen).toMatchObject({ status: 303, location: `/p/${token}?tier=t1&addon=a1#summary-title` });
    const [proposal] = await database().db.select().from(proposals).where(eq(proposals.id, proposalId));
    expect(proposal?.status).toBe("sent");
    expect(proposal?.signerName).toBeNull();
  });

  it("declines once: the thank-you, then nothing more to answer", async () => {
    const found = await findClientProposal(database().db, token, "127.0.0.1");
    if (!found.ok) throw new Error(found.reason);
    const form = { intent: "decline", content_hash: found.contentHash };
    const declined = await call(clientProposal.action, `/p/${token}`, { params: { token }, form });
    expect(declined).toMatchObject({ status: 303, location: `/p/${token}?answered=decline` });
    expect((await page("?answered=decline")).data).toMatchObject({
      state: "declined",
      canAnswer: false,
      notice: "You declined this proposal. Thank you for letting us know.",
    });
    const again = await call(clientProposal.action, `/p/${token}`, { params: { token }, form });
    expect(again.status).toBe(409);
  });

  it("a drawn signature that declares a huge canvas is left out of the PDF, the record kept", async () => {
    const db = database().db;
    const bomb = await pngBomb(10_000, 10_000, "gray");
    await db
      .update(proposals)
      .set({
        status: "signed",
        signedAt: new Date("2026-11-20T15:04:05Z"),
        signerName: "Mallory <b>Bold</b>",
        signerIp: "203.0.113.9",
        signerUserAgent: "Mozilla/5.0 (test)",
        signatureImage: dataUrl(bomb),
        contentHash: "a".repeat(64),
        chosenTierId: "t1",
        chosenAddonIds: [],
        signedTotal: "1082.50",
        depositAmount: "541.25",
      })
      .where(eq(proposals.id, proposalId));
    const proposal = await getProposal(db, proposalId);
    if (!proposal) throw new Error("no proposal");
    const text = pdfText(await renderProposalPdf(db, proposal));
    expect(text).toContain("Mallory <b>Bold</b>");
    expect(text).toContain("a".repeat(64));
    expect(text).toContain("2026-11-20T15:04:05.000Z");
    expect(text).toContain("203.0.113.9");
    expect(text).toContain("Mozilla/5.0 (test)");
    expect(text).toContain("Drawn, but the image could not be read");
  });
});
