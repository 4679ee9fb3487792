import { describe, expect, it } from "vitest";
import {
  contentDisposition,
  fileKinds,
  fileMessages,
  isReceiptType,
  maxFileBytes,
  maxFileNameLength,
  maxProjectBytes,
  nearestImageWidth,
  sanitizeFileName,
  sniffFileType,
} from "./files.ts";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? Array.from(Buffer.from(part, "latin1")) : part)));

describe("sniffFileType", () => {
  it.each([
    ["png", bytes([0x89], "PNG\r\n\x1a\n", [0, 0, 0, 13])],
    ["jpeg", bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF")],
    ["webp", bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 ")],
    ["gif", bytes("GIF89a", [1, 0, 1, 0])],
    ["gif", bytes("GIF87a", [1, 0, 1, 0])],
    ["pdf", bytes("%PDF-1.7\n%\xe2\xe3")],
    ["zip", bytes("PK\x03\x04", [20, 0, 0, 0])],
    ["zip", bytes("PK\x05\x06", [0, 0, 0, 0])],
  ])("reads %s from its bytes", (kind, first) => {
    expect(sniffFileType(first)).toBe(kind);
  });

  it.each([
    ["an SVG", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ["an SVG with an XML prologue", '<?xml version="1.0"?><svg>'],
    ["an HTML page", "<!doctype html><html><script>alert(1)</script>"],
    ["an HTML page with a BOM", "\xef\xbb\xbf<html>"],
    ["plain text", "hello, world"],
    ["a RIFF that is no WebP (a WAV)", "RIFF\x00\x00\x00\x00WAVEfmt "],
    ["GIF without its version", "GIF8"],
    ["an empty file", ""],
  ])("refuses %s", (_, text) => {
    expect(sniffFileType(bytes(text))).toBeNull();
  });

  it("a PNG named .pdf and sent as application/pdf is still a PNG: the name and type are never asked", () => {
    expect(sniffFileType(bytes([0x89], "PNG\r\n\x1a\n"))).toBe("png");
    expect(fileKinds.png).toBe("image/png");
  });

  it("a truncated signature is no kind", () => {
    expect(sniffFileType(bytes([0x89], "PN"))).toBeNull();
    expect(sniffFileType(bytes("%PD"))).toBeNull();
  });
});

describe("sanitizeFileName", () => {
  it.each([
    ["../../etc/passwd", "passwd"],
    ["..\\..\\windows\\system32\\config", "config"],
    ["C:\\Users\\ann\\logo.png", "logo.png"],
    ["a\u0000b.pdf", "ab.pdf"],
    ["line\r\nbreak.png", "linebreak.png"],
    ["invoice\u202Efdp.exe", "invoicefdp.exe"],
    ["zero\u200Bwidth.png", "zerowidth.png"],
    [".htaccess", "htaccess"],
    ["..", "file"],
    ["", "file"],
    ["   ", "file"],
    ["a/", "file"],
    ['say "hi".pdf', "say _hi_.pdf"],
    ["Brief   final\tv2.pdf", "Brief final v2.pdf"],
    ["Logo — Café Ünïcødé.png", "Logo — Café Ünïcødé.png"],
    ["שלום.pdf", "שלום.pdf"],
  ])("%j → %j", (name, expected) => {
    expect(sanitizeFileName(name)).toBe(expected);
  });

  it("caps a 500-character name at the limit and keeps its extension", () => {
    const name = sanitizeFileName(`${"a".repeat(500)}.pdf`);
    expect(name.length).toBe(maxFileNameLength);
    expect(name.endsWith(".pdf")).toBe(true);
  });

  it("counts characters, not UTF-16 units: an emoji is never cut in half", () => {
    const name = sanitizeFileName("😀".repeat(300));
    expect(Array.from(name)).toHaveLength(maxFileNameLength);
    expect(name.isWellFormed()).toBe(true);
  });

  it("decomposed accents are stored composed", () => {
    expect(sanitizeFileName("Cafe\u0301.png")).toBe("Café.png");
  });
});

describe("contentDisposition", () => {
  it("gives old clients an ASCII name and everyone else the exact one", () => {
    expect(contentDisposition("attachment", "Café logo.png")).toBe(
      "attachment; filename=\"Caf_ logo.png\"; filename*=UTF-8''Caf%C3%A9%20logo.png",
    );
  });

  it("never lets a name end the header value", () => {
    const header = contentDisposition("attachment", sanitizeFileName('x";\r\nSet-Cookie: a=b.pdf'));
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
    expect(header).toContain("filename*=UTF-8''");
  });

  it("percent-encodes the characters RFC 5987 reserves", () => {
    expect(contentDisposition("inline", "it's (1)*.pdf")).toContain("filename*=UTF-8''it%27s%20%281%29%2A.pdf");
  });
});

describe("caps and words", () => {
  it("25 MB a file, 500 MB a project", () => {
    expect(maxFileBytes).toBe(25 * 1024 * 1024);
    expect(maxProjectBytes).toBe(500 * 1024 * 1024);
    expect(fileMessages.tooBig).toBe("This file is too big: files can be at most 25 MB.");
    expect(fileMessages.wrongType).toBe(
      "This file's type is not accepted: upload an image (PNG, JPEG, WebP, GIF), a PDF or a ZIP archive.",
    );
    expect(fileMessages.projectFull).toMatch(/^This project's files are full \(500 MB\)/);
  });

  it("an image is served at the nearest allowed width", () => {
    expect(nearestImageWidth(undefined)).toBe(800);
    expect(nearestImageWidth(100)).toBe(400);
    expect(nearestImageWidth(1000)).toBe(800);
    expect(nearestImageWidth(5000)).toBe(1600);
    expect(nearestImageWidth(Number.NaN)).toBe(800);
  });
});

describe("an expense's receipt", () => {
  it("is an image or a PDF, never an archive", () => {
    expect(isReceiptType("image/png")).toBe(true);
    expect(isReceiptType("application/pdf")).toBe(true);
    expect(isReceiptType("application/zip")).toBe(false);
  });
});
