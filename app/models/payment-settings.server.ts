/** The studio's bank details and online-payment options (one row, ADR 0035). */
import { eq } from "drizzle-orm";
import type { Queryable } from "#app/db/client.server.ts";
import { paymentSettings } from "#app/db/schema.ts";
import { defaultPaymentSettings, type PaymentSettings } from "#app/domain/online-payments.ts";

export async function getPaymentSettings(db: Queryable): Promise<PaymentSettings> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.id, 1));
  if (!row) return defaultPaymentSettings;
  return {
    accountHolder: row.accountHolder,
    bankName: row.bankName,
    iban: row.iban,
    bic: row.bic,
    accountNumber: row.accountNumber,
    routingNumber: row.routingNumber,
    referenceFormat: row.referenceFormat,
    allowPartialPayments: row.allowPartialPayments,
  };
}

export async function savePaymentSettings(db: Queryable, settings: PaymentSettings): Promise<void> {
  const values = { ...settings, updatedAt: new Date() };
  await db
    .insert(paymentSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: paymentSettings.id, set: values });
}
