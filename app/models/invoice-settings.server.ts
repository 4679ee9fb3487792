/** The invoice part of the settings: number prefixes (business_settings) and the counters' next numbers. */

import { and, eq, inArray, isNull, like } from "drizzle-orm";
import { publishChange } from "#app/db/changes.server.ts";
import type { Db, Queryable } from "#app/db/client.server.ts";
import { businessSettings, documentNumberCounters, invoices } from "#app/db/schema.ts";
import { availabilityChangeId } from "#app/domain/booking.ts";
import { defaultTimeZone } from "#app/domain/dates.ts";
import type { InvoiceType } from "#app/domain/enums.ts";
import {
  type InvoiceNumbering,
  type InvoiceSettingsForm,
  invoiceSettingsMessages,
} from "#app/domain/invoice-settings.ts";

import { defaultReminderOffsets } from "#app/domain/sending.ts";
import { defaultStudio } from "#app/domain/studio.ts";

export async function getInvoiceNumbering(db: Queryable): Promise<InvoiceNumbering> {
  const [settings] = await db
    .select({
      invoicePrefix: businessSettings.invoicePrefix,
      estimatePrefix: businessSettings.estimatePrefix,
      timeZone: businessSettings.timeZone,
      reminderOffsets: businessSettings.reminderOffsets,
    })
    .from(businessSettings)
    .where(isNull(businessSettings.userId))
    .limit(1);
  const counters = await db.select().from(documentNumberCounters);
  const next = (type: InvoiceType) => (counters.find((row) => row.sequence === type)?.lastValue ?? 0) + 1;
  return {
    invoicePrefix: settings?.invoicePrefix ?? "INV",
    estimatePrefix: settings?.estimatePrefix ?? "EST",
    nextInvoiceNumber: next("invoice"),
    nextEstimateNumber: next("estimate"),
    timeZone: settings?.timeZone ?? defaultTimeZone,
    reminderOffsets: settings?.reminderOffsets ?? [...defaultReminderOffsets],
  };
}

/** A setting that would repeat a document number, with the field to show the message on. */
export class NumberingFieldError extends Error {
  readonly field: keyof InvoiceSettingsForm;
  constructor(field: keyof InvoiceSettingsForm, message: string) {
    super(message);
    this.field = field;
  }
}

/** A next number below one already handed out (it could repeat a number). */
export class NextNumberTooLowError extends NumberingFieldError {
  constructor(field: "next_invoice_number" | "next_estimate_number", lowest: number) {
    super(field, invoiceSettingsMessages.tooLow(lowest));
  }
}

/**
 * A prefix the other type's documents already carry (estimates taking "INV" after invoices were
 * numbered INV-…): invoices and estimates share one number space, so the new documents would
 * repeat numbers already handed out and every create would fail.
 */
class PrefixInUseError extends NumberingFieldError {
  constructor(field: "invoice_prefix" | "estimate_prefix", prefix: string) {
    super(field, invoiceSettingsMessages.prefixInUse(field === "invoice_prefix" ? "estimate" : "invoice", prefix));
  }
}

/**
 * Saves prefixes and next numbers in one transaction. The counter rows are locked first, so a
 * create running at the same time either takes its number before (and the check sees it) or after.
 */
export async function saveInvoiceNumbering(db: Db, form: InvoiceSettingsForm): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(documentNumberCounters)
      .values([
        { sequence: "invoice", lastValue: 0 },
        { sequence: "estimate", lastValue: 0 },
      ])
      .onConflictDoNothing();
    const counters = await tx
      .select()
      .from(documentNumberCounters)
      .where(inArray(documentNumberCounters.sequence, ["invoice", "estimate"]))
      .for("update");
    const wanted = { invoice: form.next_invoice_number, estimate: form.next_estimate_number } as const;
    for (const type of ["invoice", "estimate"] as const) {
      const lowest = (counters.find((row) => row.sequence === type)?.lastValue ?? 0) + 1;
      if (wanted[type] < lowest) {
        throw new NextNumberTooLowError(type === "invoice" ? "next_invoice_number" : "next_estimate_number", lowest);
      }
      await tx
        .update(documentNumberCounters)
        .set({ lastValue: wanted[type] - 1 })
        .where(eq(documentNumberCounters.sequence, type));
    }
    for (const [field, otherType] of [
      ["invoice_prefix", "estimate"],
      ["estimate_prefix", "invoice"],
    ] as const) {
      const prefix = form[field];
      // prefixes are letters and digits only: no LIKE wildcard to escape
      const [taken] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.invoiceType, otherType), like(invoices.invoiceNumber, `${prefix}-%`)))
        .limit(1);
      if (taken) throw new PrefixInUseError(field, prefix);
    }
    const prefixes = {
      invoicePrefix: form.invoice_prefix,
      estimatePrefix: form.estimate_prefix,
      reminderOffsets: form.payment_reminders,
    };
    const updated = await tx
      .update(businessSettings)
      .set(prefixes)
      .where(isNull(businessSettings.userId))
      .returning({ id: businessSettings.id });
    if (updated.length === 0) {
      // no studio record yet: start one from the built-in identity
      await tx.insert(businessSettings).values({
        businessName: defaultStudio.businessName,
        contactName: defaultStudio.contactName,
        email: defaultStudio.email,
        phoneNumber: defaultStudio.phoneNumber,
        ...prefixes,
      });
    }
  });
}

/**
 * Saves the studio's time zone alone, in the caller's transaction (numbering and reminders stay as they are). The booking page's
 * slots are wall-clock hours in the studio's zone: its cached renders go (ADR 0037).
 */
export async function saveStudioTimeZone(tx: Queryable, timeZone: string): Promise<void> {
  const updated = await tx
    .update(businessSettings)
    .set({ timeZone })
    .where(isNull(businessSettings.userId))
    .returning({ id: businessSettings.id });
  if (updated.length === 0) {
    // no studio record yet: start one from the built-in identity
    await tx.insert(businessSettings).values({
      businessName: defaultStudio.businessName,
      contactName: defaultStudio.contactName,
      email: defaultStudio.email,
      phoneNumber: defaultStudio.phoneNumber,
      timeZone,
    });
  }
  await publishChange(tx, { table: "bookings", id: availabilityChangeId });
}
