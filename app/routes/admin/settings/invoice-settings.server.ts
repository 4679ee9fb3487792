/**
 * The invoice part of /admin/settings, for the settings route to call:
 * - `loadInvoiceSettings(db)` in its loader (prefixes, next numbers, the logo's version);
 * - `invoiceSettingsAction(config, db, formData)` in its action when `intent` is
 *   `invoice-settings`: a redirect with the toast on success, a 400 with the field errors otherwise.
 * The logo itself is uploaded to /admin/settings/logo (its own body-size limit).
 */

import { parseWithZod } from "@conform-to/zod/v4";
import type { AppContext } from "#app/context.server.ts";
import type { Db } from "#app/db/client.server.ts";
import { timeZoneChoices, timeZoneGroups } from "#app/domain/dates.ts";
import {
  invoiceSettingsMessages,
  invoiceSettingsSchema,
  timeZoneSettingsSchema,
} from "#app/domain/invoice-settings.ts";

import {
  getInvoiceNumbering,
  NumberingFieldError,
  saveInvoiceNumbering,
  saveStudioTimeZone,
} from "#app/models/invoice-settings.server.ts";
import { getStudioLogoVersion } from "#app/models/studio-logo.server.ts";
import { invalid, redirectWithToast } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";

type Config = AppContext["config"];

export const invoiceSettingsIntent = "invoice-settings";
export const timeZoneIntent = "time-zone";

export async function loadInvoiceSettings(db: Db) {
  const [numbering, logoVersion] = await Promise.all([getInvoiceNumbering(db), getStudioLogoVersion(db)]);
  return { numbering, logoVersion, timeZoneGroups: timeZoneGroups(timeZoneChoices()) };
}

/** `intent=time-zone`: the studio's time zone alone; a zone not in the list is refused (400). */
export async function timeZoneAction(
  config: Pick<Config, "publicUrl" | "sessionSecret">,
  db: Db,
  formData: FormData,
  actor: { userId: string; email: string; ip?: string | null },
) {
  const submission = parseWithZod(formData, { schema: timeZoneSettingsSchema });
  if (submission.status !== "success") return invalid(submission);
  await auditedChange(db, (tx) => saveStudioTimeZone(tx, submission.value.time_zone), {
    actor,
    ip: actor.ip,
    event: "time_zone_saved",
    detail: { zone: submission.value.time_zone },
  });
  return redirectWithToast(config, "/admin/settings", {
    type: "success",
    message: invoiceSettingsMessages.timeZoneSaved,
    id: timeZoneIntent,
  });
}

export async function invoiceSettingsAction(
  config: Pick<Config, "publicUrl" | "sessionSecret">,
  db: Db,
  formData: FormData,
  returnTo: string,
  /** who saved, for the audit log (ADR 0027) */
  actor: { userId: string; email: string; ip?: string | null },
) {
  const submission = parseWithZod(formData, { schema: invoiceSettingsSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    await auditedChange(db, (tx) => saveInvoiceNumbering(tx, submission.value), {
      actor,
      ip: actor.ip,
      event: "invoice_settings_saved",
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
