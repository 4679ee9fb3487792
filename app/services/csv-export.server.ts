/**
 * A CSV download streamed as it is read: the header row, then each batch of rows written as
 * soon as the database returns it, so memory stays flat however long the list is.
 */
import { type CsvCell, csvByteOrderMark, csvFilename, csvRow } from "#app/domain/csv.ts";
import { fileAnswer } from "#app/services/action-result.server.ts";

export function csvResponse(name: string, day: string, header: readonly string[], rows: AsyncIterable<CsvCell[]>) {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvByteOrderMark + csvRow(header)));
      }
      // up to 200 rows per chunk: fewer, larger writes
      let chunk = "";
      for (let i = 0; i < 200; i++) {
        const next = await iterator.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += csvRow(next.value);
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return fileAnswer(stream, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${csvFilename(name, day)}"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
}
