/** The parts of a raw MIME message as nodemailer writes it (multipart nested), decoded: enough for mail tests. */

export type MimePart = { contentType: string; headers: string; body: Buffer; cid: string | null };

function header(headers: string, name: string): string {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:\\s*(.*)$`, "im").exec(unfolded)?.[1]?.trim() ?? "";
}

function decode(body: string, encoding: string): Buffer {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ""), "base64");
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1");
  }
  return Buffer.from(body, "utf8");
}

/** Every leaf part of the message, in order. */
function mimeParts(raw: string): MimePart[] {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const contentType = header(headers, "Content-Type") || "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith("--"))
      .flatMap((part) => mimeParts(part.replace(/^\r?\n/, "")));
  }
  const cid = header(headers, "Content-ID").replace(/^<|>$/g, "") || null;
  return [{ contentType, headers, body: decode(body, header(headers, "Content-Transfer-Encoding")), cid }];
}

/** The message's HTML and plain-text parts (as text) and its other files. */
export function mailParts(raw: string) {
  const parts = mimeParts(raw);
  const text = parts.find((part) => /^text\/plain/i.test(part.contentType));
  const html = parts.find((part) => /^text\/html/i.test(part.contentType));
  return {
    text: text?.body.toString("utf8") ?? null,
    html: html?.body.toString("utf8") ?? null,
    files: parts.filter((part) => part !== text && part !== html),
  };
}
