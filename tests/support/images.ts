/**
 * Test images. `pngBomb` makes a valid PNG that declares a huge canvas of one flat colour in a
 * few hundred kilobytes (a decompression bomb), in milliseconds: every pixel byte is zero, so one
 * deflate block that encodes rows by copying the bytes before them is repeated down the image.
 */
import { constants, crc32, createDeflate } from "node:zlib";

const channelsOf = { gray: 1, "gray-alpha": 2, rgb: 3, rgba: 4 } as const;
const colourTypeOf = { gray: 0, "gray-alpha": 4, rgb: 2, rgba: 6 } as const;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG of `width` x `height` 8-bit pixels, every byte zero (black, and fully transparent with
 * alpha). Its size is about the raw size / 1000.
 */
export async function pngBomb(
  width: number,
  height: number,
  colour: keyof typeof channelsOf = "gray-alpha",
): Promise<Buffer> {
  const rowBytes = 1 + width * channelsOf[colour];
  const row = Buffer.alloc(rowBytes);
  // blocks end byte-aligned (sync flush); after the first row, a block only copies bytes from the
  // window, which holds zeros whatever came before, so it can be repeated as is
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (data: Buffer) => out.push(data));
  const flushed = async () => {
    await new Promise<void>((done) => deflate.flush(constants.Z_SYNC_FLUSH, () => done()));
    return Buffer.concat(out.splice(0));
  };
  deflate.write(row);
  const first = await flushed();
  // the remaining rows, a block of up to 50 rows at a time (fewer block headers)
  const perBlock = Math.max(1, Math.min(50, Math.floor(1_000_000 / rowBytes)));
  const blocks = new Map<number, Buffer>();
  const blockOf = async (rows: number) => {
    deflate.write(Buffer.alloc(rowBytes * rows));
    return flushed();
  };
  blocks.set(perBlock, await blockOf(perBlock));
  const rest = (height - 1) % perBlock;
  if (rest > 0) blocks.set(rest, await blockOf(rest));
  deflate.destroy();
  // the final empty block (fixed Huffman, end of block) and the Adler-32 of `height` zero rows
  const total = rowBytes * height;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0, 0);
  const parts: Buffer[] = [first];
  for (let n = 1; n + perBlock <= height; n += perBlock) parts.push(blocks.get(perBlock) as Buffer);
  if (rest > 0) parts.push(blocks.get(rest) as Buffer);
  parts.push(Buffer.from([0x03, 0x00]), adler);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = colourTypeOf[colour];
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.concat(parts)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
