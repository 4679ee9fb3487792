/** Credit notes have their own sequence and this fixed prefix (CN-0001; ADR 0030). */
export const creditNotePrefix = "CN";

/** Invoice and estimate numbers: prefix, dash, at least four digits (INV-0001). */
export function formatDocumentNumber(prefix: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`bad sequence ${sequence}`);
  return `${prefix}-${String(sequence).padStart(4, "0")}`;
}

/** Document numbers in the order they were issued: INV-0002 before INV-0003 before INV-10000. */
export function compareDocumentNumbers(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true });
}
