import { expect, it } from "vitest";
import { customerFormSchema, parsePaymentTerms, toCustomerRow } from "#app/domain/customer-form.ts";

it("requires name and email with the spec's message", () => {
  const result = customerFormSchema.safeParse({ name: " ", email: "" });
  expect(result.success).toBe(false);
  if (result.success) return;
  expect(result.error.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
    ["name", "Name and email are required"],
    ["email", "Name and email are required"],
  ]);
});

it("parses payment terms as an integer, defaulting to 30", () => {
  expect(parsePaymentTerms("45")).toBe(45);
  expect(parsePaymentTerms("15 days")).toBe(15);
  expect(parsePaymentTerms("7.9")).toBe(7);
  expect(parsePaymentTerms("")).toBe(30);
  expect(parsePaymentTerms("net thirty")).toBe(30);
  expect(parsePaymentTerms("-5")).toBe(30);
  expect(parsePaymentTerms(undefined)).toBe(30);
});

it("turns blank optional fields into null and defaults the status to prospect", () => {
  const form = customerFormSchema.parse({ name: "Ada", email: "ada@x.test", phone_number: " ", payment_terms: "" });
  expect(toCustomerRow(form)).toEqual({
    name: "Ada",
    email: "ada@x.test",
    phoneNumber: null,
    businessName: null,
    websiteUrl: null,
    billingAddress: null,
    taxId: null,
    paymentTerms: 30,
    status: "prospect",
    notes: null,
  });
});

it("refuses payment terms beyond ten years with a message, never a number the column cannot hold", () => {
  for (const terms of ["3651", "99999999999", "99999999999999999999999"]) {
    const result = customerFormSchema.safeParse({ name: "Ada", email: "ada@x.test", payment_terms: terms });
    expect(
      result.error?.issues.map((issue) => [issue.path[0], issue.message]),
      terms,
    ).toEqual([["payment_terms", "Payment terms must be at most 3650 days"]]);
  }
  expect(customerFormSchema.parse({ name: "Ada", email: "ada@x.test", payment_terms: "3650" }).payment_terms).toBe(
    3650,
  );
});
