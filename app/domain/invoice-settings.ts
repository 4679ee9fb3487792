/**
 * The invoice part of the business settings: the number prefixes and the next number of each
 * type (INV-0001, EST-0001). Numbers stay unique and never go back: the next number can be raised
 * (a new series), never lowered below one already handed out.
 */

import { z } from "zod";
import { isOfferedTimeZone } from "#app/domain/dates.ts";

import { limits } from "#app/domain/limits.ts";
import { parseReminderOffsets, reminderOffsetsMessage } from "#app/domain/sending.ts";

export const invoiceSettingsMessages = {
  prefix: `Use 1 to ${limits.numberPrefix} letters or digits`,
  samePrefix: "Invoices and estimates need different prefixes",
  prefixInUse: (otherType: "invoice" | "estimate", prefix: string) =>
    `${otherType === "invoice" ? "Invoices" : "Estimates"} are already numbered ${prefix}-…; choose another prefix`,
  nextNumber: "Enter a whole number from 1 to 99999999",
  tooLow: (lowest: number) => `The next number cannot be lower than ${lowest}`,
  saved: "Invoice settings saved successfully",
  timeZoneSaved: "Time zone saved successfully",
  timeZone: "Please choose a time zone from the list",
} as const;

/** The studio's time zone (ADR 0014): an IANA name this runtime knows. Its own form, saved on its own. */
export const timeZoneSettingsSchema = z.object({
  time_zone: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || undefined : value),
    z.string(invoiceSettingsMessages.timeZone).refine(isOfferedTimeZone, invoiceSettingsMessages.timeZone),
  ),
});

/** Payment reminders (ADR 0017): "-3, 0, 7" days from the due date; blank means none. */
const paymentReminders = z
  .string()
  .optional()
  .refine((value) => value === undefined || parseReminderOffsets(value) !== null, reminderOffsetsMessage)
  .transform((value) => (value === undefined ? [] : (parseReminderOffsets(value) ?? [])));

const prefix = z
  .string(invoiceSettingsMessages.prefix)
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[A-Z0-9]{1,${limits.numberPrefix}}$`), invoiceSettingsMessages.prefix);

const nextNumber = z.coerce
  .number(invoiceSettingsMessages.nextNumber)
  .int({ abort: true, error: invoiceSettingsMessages.nextNumber })
  .min(1, invoiceSettingsMessages.nextNumber)
  .max(99_999_999, invoiceSettingsMessages.nextNumber);

export const invoiceSettingsSchema = z
  .object({
    invoice_prefix: prefix,
    estimate_prefix: prefix,
    next_invoice_number: nextNumber,
    next_estimate_number: nextNumber,
    payment_reminders: paymentReminders,
  })
  .refine((form) => form.invoice_prefix !== form.estimate_prefix, {
    path: ["estimate_prefix"],
    error: invoiceSettingsMessages.samePrefix,
  });
export type InvoiceSettingsForm = z.output<typeof invoiceSettingsSchema>;

export type InvoiceNumbering = {
  invoicePrefix: string;
  estimatePrefix: string;
  nextInvoiceNumber: number;
  nextEstimateNumber: number;
  /** the studio's IANA time zone ("today" for overdue invoices) */
  timeZone: string;
  /** payment reminders: days from the due date */
  reminderOffsets: number[];
};
