import { expect, it } from "vitest";
import { businessSettingsSchema, toBusinessSettingsRow } from "#app/domain/business-settings.ts";

it("requires business name, contact name and a valid email", () => {
  const result = businessSettingsSchema.safeParse({ business_name: "", contact_name: " ", email: "x" });
  expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
    ["business_name", "Business name is required"],
    ["contact_name", "Contact name is required"],
    ["email", "Invalid email address"],
  ]);
});

it("stores blanks as null, an http(s) website, and ignores other fields", () => {
  const form = businessSettingsSchema.parse({
    business_name: " Acme Studio ",
    contact_name: "Ann",
    email: "ann@acme.test",
    phone_number: " ",
    website: "acme.test",
    user_id: "someone-else",
    invoice_prefix: "HACK",
  });
  expect(toBusinessSettingsRow(form)).toEqual({
    businessName: "Acme Studio",
    contactName: "Ann",
    email: "ann@acme.test",
    phoneNumber: null,
    address: null,
    website: "https://acme.test",
    taxId: null,
  });
  expect(
    businessSettingsSchema.safeParse({
      business_name: "A",
      contact_name: "B",
      email: "a@b.test",
      website: "javascript:x",
    }).success,
  ).toBe(false);
  expect(
    businessSettingsSchema.safeParse({
      business_name: "A",
      contact_name: "B",
      email: "a@b.test",
      phone_number: "call me",
    }).success,
  ).toBe(false);
});
