/** Credit notes have their own sequence and this fixed prefix (CN-0001; ADR 0030). */
export const creditNotePrefix = "CN";

/** Invoice and estimate numbers: prefix, dash, at least four digits (INV-0001). */
export function formatDocumentNumber(prefix: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`bad sequence ${sequence}`);
  return `${prefix}-${String(sequence).padStart(4, "0")}`;
}
