import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  linkColourOn,
  mailContent,
  mailPlainText,
  normaliseHexColour,
  paragraphs,
  parseAttachmentSource,
  parseMailContent,
  previewOf,
  safeLinkUrl,
  textOnAccent,
} from "#app/domain/mail.ts";
import { defaultStudio } from "#app/domain/studio.ts";

describe("a mail's structure and its plain text", () => {
  const mail = mailContent("Invoice INV-0001 from Studio", [
    ...paragraphs("Hello Ada,\n\nPlease find invoice INV-0001 attached.\nThank you."),
    { type: "action", label: "View the invoice online", url: "https://studio.test/i/abc" },
    { type: "heading", text: "Pay by bank transfer" },
    { type: "text", text: "IBAN: DE89\nReference: INV-0001" },
    { type: "fields", rows: [["Total", "$10.00"]] },
    { type: "list", items: ["Line items", "Total $1 → $2"] },
  ]);

  it("reads as the blocks in order, a heading right over its block, the action's link on its own line", () => {
    expect(mail.text).toBe(
      [
        "Hello Ada,",
        "",
        "Please find invoice INV-0001 attached.\nThank you.",
        "",
        "View the invoice online:\nhttps://studio.test/i/abc",
        "",
        "Pay by bank transfer\nIBAN: DE89\nReference: INV-0001",
        "",
        "Total: $10.00",
        "",
        "- Line items\n- Total $1 → $2",
      ].join("\n"),
    );
  });

  it("ends the plain text with the studio's contact details under a signature separator", () => {
    const text = mailPlainText(mail, { ...defaultStudio, address: "1 Main St", website: "https://studio.test" });
    expect(
      text.endsWith(
        `\n\n-- \n${defaultStudio.businessName}\n1 Main St\nhello@studio.test\n(555) 010-4242\nhttps://studio.test\n`,
      ),
    ).toBe(true);
  });

  it("has one main action at most", () => {
    expect(() =>
      mailContent("Two", [
        { type: "action", label: "A", url: "https://a.test" },
        { type: "action", label: "B", url: "https://b.test" },
      ]),
    ).toThrow(/one main action/);
  });

  it("round-trips through the outbox's JSON, and refuses what is not a mail", () => {
    expect(parseMailContent(JSON.stringify({ subject: mail.subject, blocks: mail.blocks }))).toEqual({
      subject: mail.subject,
      blocks: mail.blocks,
    });
    expect(parseMailContent("{")).toBeNull();
    expect(parseMailContent(JSON.stringify({ subject: 1, blocks: [] }))).toBeNull();
    expect(previewOf(mail)).toBe("Hello Ada,");
  });

  it("names what to render at delivery, and nothing else", () => {
    const source = { kind: "document-pdf", invoiceId: "i1", clientUrl: "https://studio.test/i/x" } as const;
    expect(parseAttachmentSource(JSON.stringify(source))).toEqual(source);
    expect(parseAttachmentSource(JSON.stringify({ kind: "document-pdf", invoiceId: "i1" }))).toEqual({
      ...source,
      clientUrl: null,
    });
    expect(parseAttachmentSource(JSON.stringify({ kind: "proposal-pdf", proposalId: "p1" }))).toEqual({
      kind: "proposal-pdf",
      proposalId: "p1",
    });
    expect(parseAttachmentSource(JSON.stringify({ kind: "file", path: "/etc/passwd" }))).toBeNull();
    expect(parseAttachmentSource("not json")).toBeNull();
  });

  it("links only to http(s) addresses", () => {
    expect(safeLinkUrl("https://studio.test/x")).toBe("https://studio.test/x");
    for (const unsafe of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "studio.test",
      "",
    ]) {
      expect(safeLinkUrl(unsafe)).toBeNull();
    }
  });
});

describe("the accent colour", () => {
  it("is read as #rrggbb, or refused", () => {
    expect(normaliseHexColour(" #ABC ")).toBe("#aabbcc");
    expect(normaliseHexColour("16a34a")).toBe("#16a34a");
    expect(normaliseHexColour("#12345")).toBeNull();
    expect(normaliseHexColour("red")).toBeNull();
  });

  it("gets the text colour that reads on it, and a link colour that reads on white (WCAG AA)", () => {
    for (const accent of ["#16a34a", "#ffff00", "#000000", "#ffffff", "#777777", "#1d4ed8", "#f97316"]) {
      expect(contrastRatio(accent, textOnAccent(accent))).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(linkColourOn(accent), "#ffffff")).toBeGreaterThanOrEqual(4.5);
    }
    expect(textOnAccent("#ffff00")).toBe("#000000");
    expect(textOnAccent("#1d4ed8")).toBe("#ffffff");
    expect(linkColourOn("#1d4ed8")).toBe("#1d4ed8");
  });
});
