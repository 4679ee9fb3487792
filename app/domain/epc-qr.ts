/**
 * The EPC payment QR code ("GiroCode", EPC069-12, version 002): a SEPA credit transfer a banking app
 * reads from the printed invoice. Twelve fields, one per line (LF), no escaping in the format, so
 * line breaks and control characters in a field become spaces:
 *
 *   BCD / 002 / 1 (UTF-8) / SCT / BIC (optional in 002) / beneficiary name (≤ 70) / IBAN /
 *   EUR{amount} (0.01 to 999999999.99, a dot, no thousands separator) / purpose (empty) /
 *   structured reference (empty) / unstructured remittance (≤ 140): the invoice number
 *
 * The trailing "information to the payer" line is left out, as the format allows. The whole payload
 * is at most 331 bytes (a version 13 code at error correction M, the level the format asks for).
 * EPC transfers are in euro only: any other currency has no EPC code (ADR 0048).
 */
import { isValidIban } from "#app/domain/online-payments.ts";

export const epcLimits = { name: 70, remittance: 140, payloadBytes: 331, maxCents: 99_999_999_999 } as const;

/** The code's error correction level, as EPC069-12 asks (never raised above it). */
export const epcErrorCorrection = "M" as const;

export type EpcTransfer = {
  /** the invoice's currency (ISO 4217); anything but EUR has no EPC code */
  currency: string;
  /** the beneficiary: the account holder */
  name: string;
  iban: string;
  bic?: string | null;
  /** the amount due, in cents */
  amountCents: number;
  /** the invoice number, the transfer's remittance text */
  reference: string;
};

/** A field on one line: control characters (line breaks included) as single spaces, trimmed, at most `max` characters. */
function field(value: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  const flat = value.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, " ").trim();
  return [...flat].slice(0, max).join("").trim();
}

/** "de89 3704-0044 0532 0130 00" -> "DE89370400440532013000" */
export function normaliseIban(value: string): string {
  return value.replace(/[\s-]+/g, "").toUpperCase();
}

/** 1234 -> "EUR12.34" */
export function epcAmount(cents: number): string {
  return `EUR${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * The code's text, or null when there is no EPC transfer to offer: another currency than EUR, no
 * valid IBAN, no beneficiary name, nothing due (or more than the format can carry), or a payload
 * over 331 bytes (the remittance text is shortened first).
 */
export function epcPayload(transfer: EpcTransfer): string | null {
  if (transfer.currency.toUpperCase() !== "EUR") return null;
  const iban = normaliseIban(transfer.iban);
  if (!isValidIban(iban)) return null;
  const name = field(transfer.name, epcLimits.name);
  if (!name) return null;
  const cents = transfer.amountCents;
  if (!Number.isSafeInteger(cents) || cents < 1 || cents > epcLimits.maxCents) return null;
  const bic = transfer.bic ? normaliseIban(transfer.bic) : "";
  const bicField = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) ? bic : "";
  const head = ["BCD", "002", "1", "SCT", bicField, name, iban, epcAmount(cents), "", ""].join("\n");
  let remittance = field(transfer.reference, epcLimits.remittance);
  const bytes = (text: string) => new TextEncoder().encode(text).length;
  while (remittance && bytes(`${head}\n${remittance}`) > epcLimits.payloadBytes) {
    remittance = [...remittance].slice(0, -1).join("").trim();
  }
  const payload = `${head}\n${remittance}`;
  return bytes(payload) <= epcLimits.payloadBytes ? payload : null;
}
