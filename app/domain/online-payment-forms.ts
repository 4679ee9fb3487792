/**
 * The Payments settings form and the client's Pay form: their schemas, for browser and server. Apart from
 * `online-payments.ts` so that the invoice document (the print view, the PDF) loads no schema library.
 */
import { z } from "zod";
import { typedHundredths } from "#app/domain/amount-field.ts";
import { maxMoneyCents } from "#app/domain/money.ts";
import { isValidIban, onlinePaymentMessages, type PaymentSettings } from "#app/domain/online-payments.ts";

const compact = (value: unknown) => (typeof value === "string" ? value.replace(/[\s-]+/g, "").toUpperCase() : value);
const blank = (value: unknown) => (typeof value === "string" ? value.trim() || undefined : value);
const text = (max: number, message: string) => z.preprocess(blank, z.string().max(max, message).optional());

export const paymentSettingsSchema = z
  .object({
    account_holder: text(200, "Account holder must be less than 200 characters"),
    bank_name: text(200, "Bank name must be less than 200 characters"),
    iban: z.preprocess(
      (value) => blank(compact(value)),
      z.string().refine(isValidIban, onlinePaymentMessages.iban).optional(),
    ),
    bic: z.preprocess(
      (value) => blank(compact(value)),
      z
        .string()
        .regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, onlinePaymentMessages.bic)
        .optional(),
    ),
    account_number: z.preprocess(
      (value) => blank(compact(value)),
      z
        .string()
        .regex(/^[A-Z0-9]{4,34}$/, onlinePaymentMessages.accountNumber)
        .optional(),
    ),
    routing_number: z.preprocess(
      (value) => blank(compact(value)),
      z
        .string()
        .regex(/^\d{6,20}$/, onlinePaymentMessages.routingNumber)
        .optional(),
    ),
    reference_format: z.preprocess(
      (value) => blank(value) ?? "{number}",
      z
        .string()
        .max(100, onlinePaymentMessages.referenceFormat)
        .refine((value) => value.includes("{number}"), onlinePaymentMessages.referenceFormat),
    ),
    allow_partial_payments: z.preprocess((value) => value === "on" || value === true, z.boolean()),
  })
  .refine((form) => !(form.iban || form.account_number) || form.account_holder, {
    path: ["account_holder"],
    error: onlinePaymentMessages.holderNeeded,
  })
  .refine((form) => !form.account_holder || form.iban || form.account_number, {
    path: ["iban"],
    error: onlinePaymentMessages.accountNeeded,
  });
export type PaymentSettingsForm = z.output<typeof paymentSettingsSchema>;

export function toPaymentSettings(form: PaymentSettingsForm): PaymentSettings {
  return {
    accountHolder: form.account_holder ?? null,
    bankName: form.bank_name ?? null,
    iban: form.iban ?? null,
    bic: form.bic ?? null,
    accountNumber: form.account_number ?? null,
    routingNumber: form.routing_number ?? null,
    referenceFormat: form.reference_format,
    allowPartialPayments: form.allow_partial_payments,
  };
}

/** The client's Pay form: an amount only when partial payments are allowed (blank: the balance). */
export const payFormSchema = z.object({
  amount: typedHundredths(
    z
      .number(onlinePaymentMessages.amount)
      .int(onlinePaymentMessages.amount)
      .max(maxMoneyCents, onlinePaymentMessages.amount)
      .optional(),
    { invalid: 0 },
  ),
});
