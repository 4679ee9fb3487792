/** Reading the booking mails the local SMTP sink received: their text, their invitation, their manage link. */
import type { ReceivedMail } from "./smtp.ts";

/** A mail's text with quoted-printable soft breaks and escapes undone (enough to read links and ICS lines). */
export function plain(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The mail's calendar attachment (base64 in the MIME part), decoded. */
export function calendarPart(raw: string): string {
  const part = /Content-Type: text\/calendar[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw)?.[1];
  if (!part) throw new Error("no calendar attachment");
  return Buffer.from(part.replace(/\s/g, ""), "base64").toString("utf8");
}

export async function waitForMail(received: ReceivedMail[], subject: string, to: string, after = 0) {
  for (let i = 0; i < 150; i++) {
    const found = received
      .slice(after)
      // a long subject is folded over lines in the header
      .find((mail) => mail.raw.replace(/\r?\n[ \t]+/g, " ").includes(`Subject: ${subject}`) && mail.to.includes(to));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail "${subject}" to ${to}`);
}

/** The manage link's path (the test server's PUBLIC_URL names no real port). */
export function manageLink(mail: ReceivedMail): string {
  const link = /https?:\/\/[^\s"<>/]+(\/book\/manage\/[\w-]{43})/.exec(plain(mail.raw))?.[1];
  if (!link) throw new Error("no manage link in the mail");
  return link;
}
