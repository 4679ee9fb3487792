/**
 * The invoice part of /admin/settings, for the settings route to call:
 * - `loadInvoiceSettings(db)` in its loader (prefixes, next numbers, the logo's version);
 * - `invoiceSettingsAction(config, db, formData)` in its action when `intent` is
 *   `invoice-settings`: a redirect with the toast on success, a 400 with the field errors otherwise.
 * The logo itself is uploaded to /admin/settings/logo (its own body-size limit).
 */

import { parseWithZod } from "@conform-to/zod/v4";
import type { Config } from "#app/config.server.ts";
import type { Db } from "#app/db/client.server.ts";
import { timeZoneChoices } from "#app/domain/dates.ts";
import { invoiceSettingsMessages, invoiceSettingsSchema } from "#app/domain/invoice-settings.ts";

import { getInvoiceNumbering, NumberingFieldError, saveInvoiceNumbering } from "#app/models/invoice-settings.server.ts";
import { getStudioLogoVersion } from "#app/models/studio-logo.server.ts";
import { invalid, redirectWithToast } from "#app/services/action-result.server.ts";
import { auditAction } from "#app/services/audit.server.ts";

export const invoiceSettingsIntent = "invoice-settings";

export async function loadInvoiceSettings(db: Db) {
  const [numbering, logoVersion] = await Promise.all([getInvoiceNumbering(db), getStudioLogoVersion(db)]);
  return { numbering, logoVersion, timeZones: timeZoneChoices() };
}

export async function invoiceSettingsAction(
  config: Pick<Config, "publicUrl" | "sessionSecret">,
  db: Db,
  formData: FormData,
  returnTo = "/admin/settings",
  /** who saved, for the audit log (ADR 0027) */
  actor?: { userId: string; email: string; ip?: string | null },
) {
  const submission = parseWithZod(formData, { schema: invoiceSettingsSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    await db.transaction(async (tx) => {
      await saveInvoiceNumbering(tx, submission.value);
      if (actor) await auditAction(tx, actor, actor.ip, "invoice_settings_saved");
    });
  } catch (error) {
    if (error instanceof NumberingFieldError) {
      return invalid(submission, { fieldErrors: { [error.field]: [error.message] } });
    }
    throw error;
  }
  return redirectWithToast(config, returnTo, {
    type: "success",
    message: invoiceSettingsMessages.saved,
    id: invoiceSettingsIntent,
  });
}
