/**
 * The studio's identity as the settings page edits it (SPEC sections 2, 5, 8): business
 * name, contact name and email required, phone, address, website (http(s) only), tax id.
 */
import { z } from "zod";
import { normaliseWebsite } from "#app/domain/customers.ts";
import { limits } from "#app/domain/limits.ts";
import type { StudioIdentity } from "#app/domain/studio.ts";

export const settingsMessages = {
  saved: "Business settings saved successfully",
  notAuthenticated: "Not authenticated",
  errorTitle: "Error",
  saveFailed: "The settings could not be saved. Please try again.",
} as const;

function requiredText(max: number, label: string) {
  const message = `${label} is required`;
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `${label} must be less than ${max} characters` });
}

function optionalText(max: number, message: string) {
  return z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\r\n/g, "\n").trim() || undefined : value),
    z.string().max(max, { error: message }).optional(),
  );
}

export const businessSettingsSchema = z.object({
  business_name: requiredText(limits.businessName, "Business name"),
  contact_name: requiredText(limits.personName, "Contact name"),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, { error: "Email is required" })
    .max(limits.email, { error: "Email must be less than 255 characters" })
    .pipe(z.email({ error: "Invalid email address" })),
  phone_number: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || undefined : value),
    z
      .string()
      .regex(/^[\d\s\-()+.]+$/, { error: "Invalid phone number format" })
      .max(limits.phoneMax, { error: "Phone number must be less than 20 characters" })
      .optional(),
  ),
  address: optionalText(limits.address, "Address must be less than 500 characters"),
  website: z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      const trimmed = value.trim();
      return trimmed === "" ? undefined : normaliseWebsite(trimmed);
    },
    z
      .url({ protocol: /^https?$/, hostname: /^[^\s.]+(\.[^\s.]+)+$|^localhost$/, error: "Invalid URL format" })
      .max(limits.url, { error: "URL must be less than 500 characters" })
      .optional(),
  ),
  tax_id: optionalText(limits.taxId, "Tax ID must be less than 50 characters"),
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
