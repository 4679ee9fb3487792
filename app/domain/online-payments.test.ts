import { describe, expect, it } from "vitest";
import { paymentSettingsSchema } from "#app/domain/online-payment-forms.ts";
import {
  bankTransferLines,
  checkoutAmount,
  defaultPaymentSettings,
  isValidIban,
  onlinePaymentMessages,
  paymentMethodOf,
  transferReference,
} from "#app/domain/online-payments.ts";
import { mailText } from "#app/domain/sending.ts";

describe("bank details", () => {
  it("checks an IBAN's digits", () => {
    expect(isValidIban("DE89370400440532013000")).toBe(true);
    expect(isValidIban("GB82WEST12345698765432")).toBe(true);
    expect(isValidIban("DE89370400440532013001")).toBe(false);
    expect(isValidIban("DE89")).toBe(false);
  });

  it("parses the settings form: spaces out of an IBAN, a reference with {number}, the holder needed", () => {
    const parsed = paymentSettingsSchema.safeParse({
      account_holder: " Studio LLC ",
      iban: "de89 3704 0044 0532 0130 00",
      bic: "cobadeffxxx",
      reference_format: "Invoice {number}",
      allow_partial_payments: "on",
    });
    expect(parsed.success && parsed.data).toMatchObject({
      account_holder: "Studio LLC",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      reference_format: "Invoice {number}",
      allow_partial_payments: true,
    });
    expect(paymentSettingsSchema.safeParse({ iban: "DE89370400440532013000" }).success).toBe(false);
    expect(paymentSettingsSchema.safeParse({ account_holder: "A", iban: "DE00 1234" }).success).toBe(false);
    expect(paymentSettingsSchema.safeParse({ reference_format: "no number" }).success).toBe(false);
    expect(paymentSettingsSchema.safeParse({}).data).toMatchObject({ reference_format: "{number}" });
  });

  it("prints the details with the invoice number as the reference, or nothing without an account", () => {
    expect(transferReference("Invoice {number}", "INV-0042")).toBe("Invoice INV-0042");
    expect(bankTransferLines(defaultPaymentSettings, "INV-0042")).toBeNull();
    expect(
      bankTransferLines(
        { ...defaultPaymentSettings, accountHolder: "Studio LLC", iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
        "INV-0042",
      ),
    ).toEqual([
      "Account holder: Studio LLC",
      "IBAN: DE89 3704 0044 0532 0130 00",
      "BIC: COBADEFFXXX",
      "Reference: INV-0042",
    ]);
  });
});

describe("paying online", () => {
  it("asks for the balance, or a part of it when allowed, never more, never under $0.50", () => {
    expect(checkoutAmount({ balanceDue: 10_000, requested: 4_000, allowPartial: false })).toEqual({
      ok: true,
      amount: 10_000,
    });
    expect(checkoutAmount({ balanceDue: 10_000, requested: 4_000, allowPartial: true })).toEqual({
      ok: true,
      amount: 4_000,
    });
    expect(checkoutAmount({ balanceDue: 10_000, requested: 10_001, allowPartial: true })).toMatchObject({
      ok: false,
      field: "amount",
    });
    expect(checkoutAmount({ balanceDue: 10_000, requested: 10, allowPartial: true })).toMatchObject({
      ok: false,
      message: onlinePaymentMessages.tooSmall,
    });
    expect(checkoutAmount({ balanceDue: 0, requested: undefined, allowPartial: false })).toMatchObject({ ok: false });
  });

  it("names the provider's payment method as ours", () => {
    expect(paymentMethodOf("card")).toBe("card");
    expect(paymentMethodOf(undefined)).toBe("card");
    expect(paymentMethodOf("us_bank_account")).toBe("bank_transfer");
    expect(paymentMethodOf("klarna")).toBe("other");
  });

  it("puts the Pay link and the bank details in an invoice's mail, not an estimate's", () => {
    const payment = { payOnline: true, bankTransfer: ["Account holder: Studio", "Reference: INV-0001"] };
    const text = mailText("Hello", "https://studio.test/i/abc", "invoice", payment);
    expect(text).toContain("View and pay the invoice online:\nhttps://studio.test/i/abc\n");
    expect(text).toContain("Pay online by card:\nhttps://studio.test/i/abc#pay");
    expect(text).toContain("Pay by bank transfer\nAccount holder: Studio\nReference: INV-0001");
    expect(mailText("Hello", "https://studio.test/i/abc", "estimate", payment)).not.toContain("Pay");
    expect(mailText("Hello", "https://studio.test/i/abc", "invoice")).toBe(
      "Hello\n\nView the invoice online:\nhttps://studio.test/i/abc",
    );
  });
});
