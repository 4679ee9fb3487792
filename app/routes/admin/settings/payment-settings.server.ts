/**
 * The payment part of /admin/settings (ADR 0035), for the settings route to call: `loadPaymentSettings`
 * in its loader, `paymentSettingsAction` in its action when `intent` is `payment-settings`.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppContext } from "#app/context.server.ts";
import type { Db } from "#app/db/client.server.ts";
import { paymentSettingsSchema, toPaymentSettings } from "#app/domain/online-payment-forms.ts";
import { onlinePaymentMessages } from "#app/domain/online-payments.ts";
import { getPaymentSettings, savePaymentSettings } from "#app/models/payment-settings.server.ts";
import { invalid, redirectWithToast } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";

type Config = AppContext["config"];

export const paymentSettingsIntent = "payment-settings";

export async function loadPaymentSettings(config: Pick<Config, "stripe">, db: Db) {
  return { settings: await getPaymentSettings(db), onlinePayments: config.stripe !== null };
}

export async function paymentSettingsAction(
  config: Pick<Config, "publicUrl" | "sessionSecret">,
  db: Db,
  formData: FormData,
  actor: { userId: string; email: string; ip?: string | null },
) {
  const submission = parseWithZod(formData, { schema: paymentSettingsSchema });
  if (submission.status !== "success") return invalid(submission);
  await auditedChange(db, (tx) => savePaymentSettings(tx, toPaymentSettings(submission.value)), {
    actor,
    ip: actor.ip,
    event: "payment_settings_saved",
  });
  return redirectWithToast(config, "/admin/settings", {
    type: "success",
    message: onlinePaymentMessages.settingsSaved,
    id: paymentSettingsIntent,
  });
}
