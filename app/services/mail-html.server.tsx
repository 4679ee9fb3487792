/**
 * Every mail's HTML part (ADR 0049), with React Email: the studio's logo and name over a rule in its
 * accent colour, the blocks of domain/mail.ts in order, the one main action as a button, and a footer
 * with the studio's contact details. Server only (the mail worker imports it on its first delivery);
 * every value goes through React, so what a client or visitor typed is escaped text, never markup, and a
 * link is drawn only to an http(s) address (a `javascript:` website is printed as text).
 */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import { type CSSProperties, Fragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  linkColourOn,
  type MailBlock,
  type MailContent,
  previewOf,
  safeLinkUrl,
  textOnAccent,
} from "#app/domain/mail.ts";
import { telHref } from "#app/domain/studio.ts";
import type { MailBranding } from "#app/services/mail-parts.server.ts";

/** The doctype mail clients expect (the one @react-email/render writes). */
const xhtmlDoctype =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** The logo's Content-ID in the mail: `cid:` links the HTML's image to the inline attachment. */
const logoContentId = "studio-logo";

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const ink = "#18181b";
const muted = "#52525b";

const styles = {
  body: { backgroundColor: "#f4f4f5", margin: 0, padding: "24px 0", fontFamily: font, color: ink },
  container: { backgroundColor: "#ffffff", maxWidth: "600px", width: "100%", margin: "0 auto", borderRadius: "8px" },
  header: { padding: "24px 28px 16px" },
  studioName: { fontSize: "18px", fontWeight: 700, margin: 0, color: ink },
  content: { padding: "8px 28px 8px" },
  // a long unbroken value (a hash, a link) wraps instead of widening the mail on a phone
  text: { fontSize: "16px", lineHeight: "24px", margin: "0 0 16px", color: ink, overflowWrap: "anywhere" },
  heading: { fontSize: "17px", lineHeight: "24px", fontWeight: 700, margin: "8px 0 8px", color: ink },
  label: { fontWeight: 700 },
  list: { fontSize: "16px", lineHeight: "24px", margin: "0 0 16px", paddingLeft: "20px", color: ink },
  action: { padding: "8px 0 20px" },
  button: { borderRadius: "6px", fontSize: "16px", fontWeight: 700, padding: "12px 22px", textDecoration: "none" },
  fallback: { fontSize: "13px", lineHeight: "20px", margin: "12px 0 0", color: muted, wordBreak: "break-all" },
  footer: { padding: "0 28px 24px" },
  footerText: { fontSize: "13px", lineHeight: "20px", margin: 0, color: muted, overflowWrap: "anywhere" },
} satisfies Record<string, CSSProperties>;

/** Pieces one per line: each after the first on a new line. */
function onLines(pieces: readonly ReactNode[]): ReactNode[] {
  return pieces.map((piece, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a static render, never reordered
    <Fragment key={index}>
      {index > 0 ? <br /> : null}
      {piece}
    </Fragment>
  ));
}

/** Text with its line breaks kept. */
function lines(text: string): ReactNode[] {
  return onLines(text.split("\n"));
}

function BlockView({ block, linkColour, accent }: { block: MailBlock; linkColour: string; accent: string }) {
  const link = { color: linkColour, textDecoration: "underline" } satisfies CSSProperties;
  switch (block.type) {
    case "text":
      return <Text style={styles.text}>{lines(block.text)}</Text>;
    case "heading":
      return (
        <Heading as="h2" style={styles.heading}>
          {block.text}
        </Heading>
      );
    case "fields":
      return (
        <Text style={styles.text}>
          {onLines(
            block.rows.map(([label, value]) => (
              <>
                <span style={styles.label}>{label}:</span> {value}
              </>
            )),
          )}
        </Text>
      );
    case "list":
      return (
        <ul style={styles.list}>
          {block.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a static render, never reordered
            <li key={index}>{item}</li>
          ))}
        </ul>
      );
    case "link": {
      const href = safeLinkUrl(block.url);
      return (
        <Text style={styles.text}>
          {block.label}:{" "}
          {href ? (
            <Link href={href} style={{ ...link, wordBreak: "break-all" }}>
              {block.url}
            </Link>
          ) : (
            block.url
          )}
        </Text>
      );
    }
    case "action": {
      const href = safeLinkUrl(block.url);
      if (!href) return <Text style={styles.text}>{`${block.label}: ${block.url}`}</Text>;
      return (
        <Section style={styles.action}>
          <Button href={href} style={{ ...styles.button, backgroundColor: accent, color: textOnAccent(accent) }}>
            {block.label}
          </Button>
          <Text style={styles.fallback}>
            Or open this link:{" "}
            <Link href={href} style={link}>
              {block.url}
            </Link>
          </Text>
        </Section>
      );
    }
  }
}

function Footer({ branding, linkColour }: { branding: MailBranding; linkColour: string }) {
  const { studio } = branding;
  const link = { color: linkColour, textDecoration: "underline" } satisfies CSSProperties;
  const website = safeLinkUrl(studio.website);
  const parts: ReactNode[] = [
    <span key="name" style={styles.label}>
      {studio.businessName}
    </span>,
  ];
  if (studio.address?.trim()) parts.push(<span key="address">{lines(studio.address.trim())}</span>);
  if (studio.email.trim()) {
    parts.push(
      <Link key="email" href={`mailto:${studio.email.trim()}`} style={link}>
        {studio.email.trim()}
      </Link>,
    );
  }
  if (studio.phoneNumber?.trim()) {
    parts.push(
      <Link key="phone" href={telHref(studio.phoneNumber)} style={link}>
        {studio.phoneNumber.trim()}
      </Link>,
    );
  }
  if (studio.website?.trim()) {
    parts.push(
      website ? (
        <Link key="website" href={website} style={link}>
          {studio.website.trim()}
        </Link>
      ) : (
        <span key="website">{studio.website.trim()}</span>
      ),
    );
  }
  return (
    <Section style={styles.footer}>
      <Hr style={{ borderColor: "#e4e4e7", margin: "8px 0 16px" }} />
      <Text style={styles.footerText}>{onLines(parts)}</Text>
    </Section>
  );
}

function MailView({ content, branding }: { content: MailContent; branding: MailBranding }) {
  const linkColour = linkColourOn(branding.accent);
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{content.subject}</title>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{previewOf(content)}</Preview>
      <Body style={styles.body}>
        <Container style={{ ...styles.container, borderTop: `6px solid ${branding.accent}` }}>
          <Section style={styles.header}>
            {branding.logo ? (
              <Img
                src={`cid:${logoContentId}`}
                alt={branding.studio.businessName}
                height="48"
                style={{ height: "48px", width: "auto", maxWidth: "240px", marginBottom: "8px" }}
              />
            ) : null}
            <Text style={styles.studioName}>{branding.studio.businessName}</Text>
          </Section>
          <Section style={styles.content}>
            {content.blocks.map((block, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a static render, never reordered
              <BlockView key={index} block={block} linkColour={linkColour} accent={branding.accent} />
            ))}
          </Section>
          <Footer branding={branding} linkColour={linkColour} />
        </Container>
      </Body>
    </Html>
  );
}

export type RenderedHtml = {
  html: string;
  /** files the HTML shows inline (the logo), sent with their Content-ID */
  inline: { filename: string; contentType: string; content: Uint8Array; cid: string }[];
};

/** The mail's HTML part, and the inline files it refers to. */
export async function renderMailHtml(content: MailContent, branding: MailBranding): Promise<RenderedHtml> {
  // React's own renderer (already in the server), as @react-email/render does without its extras: its
  // `pretty` and plain-text options load Prettier and html-to-text (12.5 MB); the plain text is our own
  const html = `${xhtmlDoctype}${renderToStaticMarkup(<MailView content={content} branding={branding} />)}`;
  const inline = branding.logo
    ? [
        {
          filename: branding.logo.mimeType === "image/png" ? "logo.png" : "logo.jpg",
          contentType: branding.logo.mimeType,
          content: branding.logo.data,
          cid: logoContentId,
        },
      ]
    : [];
  return { html, inline };
}
