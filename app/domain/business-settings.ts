/**
 * The studio's identity as the settings page edits it: business
 * name, contact name and email required, phone, address, website (http(s) only), tax id.
 */
import { z } from "zod";
import { limits, tooLong } from "#app/domain/limits.ts";
import type { StudioIdentity } from "#app/domain/studio.ts";
import {
  emailAddress,
  optional,
  optionalHttpUrl,
  optionalMultilineText,
  optionalText,
  phoneNumber,
  requiredText,
} from "#app/domain/validation.ts";

export const settingsMessages = {
  saved: "Business settings saved successfully",
  notAuthenticated: "Not authenticated",
  errorTitle: "Error",
  saveFailed: "The settings could not be saved. Please try again.",
} as const;

/** The settings page's sections, by the form sent: the studio's identity or the invoice settings. */
export const settingsSectionSchema = z.object({
  intent: z.enum([
    "identity",
    "invoice-settings",
    "time-zone",
    "payment-settings",
    "check-payments",
    "proposal-settings",
  ]),
});

export const businessSettingsSchema = z.object({
  business_name: requiredText(
    limits.businessName,
    "Business name is required",
    tooLong("Business name", limits.businessName),
  ),
  contact_name: requiredText(limits.personName, "Contact name is required", tooLong("Contact name", limits.personName)),
  email: emailAddress("Email is required"),
  phone_number: optional(phoneNumber),
  address: optionalMultilineText(limits.address, "Address"),
  website: optionalHttpUrl,
  tax_id: optionalText(limits.taxId, "Tax ID"),
});
export type BusinessSettingsForm = z.output<typeof businessSettingsSchema>;

export function toBusinessSettingsRow(form: BusinessSettingsForm) {
  return {
    businessName: form.business_name,
    contactName: form.contact_name,
    email: form.email,
    phoneNumber: form.phone_number ?? null,
    address: form.address ?? null,
    website: form.website ?? null,
    taxId: form.tax_id ?? null,
  };
}

export function businessSettingsDefaults(studio: StudioIdentity & { taxId?: string | null }) {
  return {
    business_name: studio.businessName,
    contact_name: studio.contactName,
    email: studio.email,
    phone_number: studio.phoneNumber ?? "",
    address: studio.address ?? "",
    website: studio.website ?? "",
    tax_id: studio.taxId ?? "",
  };
}
