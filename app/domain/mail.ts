/**
 * What a mail says, as structure (ADR 0049): blocks of text, labelled fields, headings, links and at
 * most one main action. The plain-text part is written from it here (pure); the HTML part is rendered
 * from the same blocks by the mail worker at delivery (services/mail-html.server.tsx), with the
 * studio's logo, name, accent colour and contact details. Every value is plain text: the HTML renderer
 * escapes it, so what a visitor or client typed can never become markup.
 */
import type { StudioIdentity } from "#app/domain/studio.ts";

export type MailBlock =
  /** a paragraph; its line breaks are kept */
  | { type: "text"; text: string }
  /** a small heading over what follows ("Pay by bank transfer") */
  | { type: "heading"; text: string }
  /** "Label: value" lines */
  | { type: "fields"; rows: readonly (readonly [label: string, value: string])[] }
  /** a list of short items */
  | { type: "list"; items: readonly string[] }
  /** a secondary link: "Label:\nurl" in text */
  | { type: "link"; label: string; url: string }
  /** the mail's one main action: a button in HTML, "Label:\nurl" in text */
  | { type: "action"; label: string; url: string };

export type MailContent = {
  subject: string;
  /** what an inbox shows after the subject (defaults to the first paragraph) */
  preview?: string;
  blocks: readonly MailBlock[];
};

/** A mail as the builders answer it: the structure, and its plain text (without the studio's footer). */
export type MailMessageContent = MailContent & { text: string };

/** The mail's blocks as plain text, in order, separated by blank lines (a heading sits right over its block). */
function blocksText(blocks: readonly MailBlock[]): string {
  const texts = blocks.map((block) => {
    switch (block.type) {
      case "text":
      case "heading":
        return block.text;
      case "fields":
        return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
      case "list":
        return block.items.map((item) => `- ${item}`).join("\n");
      case "link":
      case "action":
        return `${block.label}:\n${block.url}`;
    }
    return "";
  });
  return texts.reduce(
    (text, part, index) =>
      index === 0 ? part : `${text}${blocks[index - 1]?.type === "heading" ? "\n" : "\n\n"}${part}`,
    "",
  );
}

/** Builds a mail: its structure and the text it reads as. At most one main action. */
export function mailContent(subject: string, blocks: readonly MailBlock[], preview?: string): MailMessageContent {
  if (blocks.filter((block) => block.type === "action").length > 1) {
    throw new Error(`a mail has one main action at most: ${subject}`);
  }
  return { subject, blocks, text: blocksText(blocks), ...(preview ? { preview } : {}) };
}

/** Paragraphs of a free text (the owner's message): blank lines separate them. */
export function paragraphs(text: string): MailBlock[] {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((part) => part.replace(/\s+$/gm, ""))
    .filter((part) => part.trim() !== "")
    .map((part) => ({ type: "text", text: part }));
}

/** The studio's contact details, one per line, as every mail's footer says them. */
function studioFooterLines(studio: StudioIdentity): string[] {
  return [studio.businessName, studio.address, studio.email, studio.phoneNumber, studio.website]
    .map((value) => value?.trim() ?? "")
    .filter((value) => value !== "");
}

/** The whole plain-text part: the blocks, then the studio's footer under a signature separator. */
export function mailPlainText(content: Pick<MailContent, "blocks">, studio: StudioIdentity): string {
  return `${blocksText(content.blocks)}\n\n-- \n${studioFooterLines(studio).join("\n")}\n`;
}

/** An http(s) address to link to, or null: anything else (javascript:, data:, mistyped) is shown as text. */
export function safeLinkUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The first paragraph, cut short: what an inbox shows after the subject. */
export function previewOf(content: MailContent): string {
  if (content.preview) return content.preview;
  const first = content.blocks.find((block) => block.type === "text");
  const text = first?.type === "text" ? first.text.replace(/\s+/g, " ").trim() : content.subject;
  return text.length > 140 ? `${text.slice(0, 139).trimEnd()}…` : text;
}

/** Parses stored content (the outbox's JSON); null when it is not a mail's structure. */
export function parseMailContent(json: string): MailContent | null {
  try {
    const value = JSON.parse(json) as unknown;
    if (!value || typeof value !== "object") return null;
    const { subject, blocks, preview } = value as Record<string, unknown>;
    if (typeof subject !== "string" || !Array.isArray(blocks)) return null;
    return { subject, blocks: blocks as MailBlock[], ...(typeof preview === "string" ? { preview } : {}) };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- what to attach at delivery

/**
 * A file rendered when the mail is delivered, never kept: a document's PDF in its state at that
 * moment (Sent, Paid, VOID), with the client's link as its QR code when the mail gives one; a signed
 * proposal's PDF with its certificate.
 */
export type AttachmentSource =
  | { kind: "document-pdf"; invoiceId: string; clientUrl: string | null }
  | { kind: "proposal-pdf"; proposalId: string };

export function parseAttachmentSource(json: string): AttachmentSource | null {
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    if (value.kind === "document-pdf" && typeof value.invoiceId === "string") {
      return {
        kind: "document-pdf",
        invoiceId: value.invoiceId,
        clientUrl: typeof value.clientUrl === "string" ? value.clientUrl : null,
      };
    }
    if (value.kind === "proposal-pdf" && typeof value.proposalId === "string") {
      return { kind: "proposal-pdf", proposalId: value.proposalId };
    }
    return null;
  } catch {
    return null;
  }
}

/** An attachment that cannot be made is retried with the mail this many times; then the mail goes without it. */
export const maxAttachmentAttempts = 3;

// ---------------------------------------------------------------- the accent colour

export const defaultAccentColour = "#16a34a";

/** '#rrggbb' (lower case) from what was typed ('#ABC', 'abcdef', ' #a1b2c3 '), or null. */
export function normaliseHexColour(value: string): string | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match?.[1]) return null;
  const hex = match[1].toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join("") : hex}`;
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG's contrast ratio of two '#rrggbb' colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The button's text colour on the accent: black or white, whichever reads better. */
export function textOnAccent(accent: string): "#000000" | "#ffffff" {
  return contrastRatio(accent, "#000000") >= contrastRatio(accent, "#ffffff") ? "#000000" : "#ffffff";
}

/**
 * The accent as a link colour on the mail's white page: the accent itself when it reads (4.5:1), else
 * darkened step by step until it does.
 */
export function linkColourOn(accent: string): string {
  let [r, g, b] = [1, 3, 5].map((offset) => Number.parseInt(accent.slice(offset, offset + 2), 16)) as [
    number,
    number,
    number,
  ];
  const hex = () => `#${[r, g, b].map((value) => value.toString(16).padStart(2, "0")).join("")}`;
  while (contrastRatio(hex(), "#ffffff") < 4.5) {
    [r, g, b] = [r, g, b].map((value) => Math.floor(value * 0.85)) as [number, number, number];
  }
  return hex();
}
