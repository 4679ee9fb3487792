/**
 * Writes the PDF fonts (app/assets/fonts/inter-{400,700}.ttf) from the @fontsource/inter package's
 * WOFF files: the same glyphs, unpacked to plain TrueType once, because @react-pdf/renderer
 * inflates WOFF tables again on every render (a one-page invoice: ~130 ms with WOFF, ~25 ms with
 * TTF on this machine). Inter is under the SIL Open Font License (LICENSE-Inter.txt beside it).
 *
 *   node scripts/make-fonts.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inflateSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");

/** WOFF 1.0 -> sfnt (TrueType): inflate each table and lay them out again. */
export function woffToTtf(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error("not a WOFF file");
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? inflateSync(raw) : Buffer.from(raw),
    };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    header.writeUInt32BE(table.tag, at);
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

if (import.meta.main) {
  const sources = {
    400: import.meta.resolve("@fontsource/inter/files/inter-latin-400-normal.woff"),
    700: import.meta.resolve("@fontsource/inter/files/inter-latin-700-normal.woff"),
  };
  for (const [weight, url] of Object.entries(sources)) {
    const source = fileURLToPath(url);
    const target = path.join(root, `app/assets/fonts/inter-${weight}.ttf`);
    writeFileSync(target, woffToTtf(readFileSync(source)));
    console.log(`wrote ${path.relative(root, target)}`);
  }
}
