/**
 * /admin/settings: the studio's identity (business name, contact name and email, phone,
 * address, website, tax id). The public pages, their JSON-LD and the owner's new-inquiry mails
 * read it on every render, so a save shows at once (docs/decisions/0005, 0006).
 * Below it, the studio's time zone, the invoice section (number prefixes, next numbers, the logo),
 * payments (ADR 0035) and what new proposals start with (ADR 0033), each a section with its own
 * heading and its own save. The action dispatches on `intent`: `identity`, `time-zone`,
 * `invoice-settings`, `payment-settings`, `check-payments` or `proposal-settings`.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { checkPaymentsIntent } from "#app/components/admin/payment-settings.tsx";
import { proposalSettingsFormId } from "#app/components/admin/proposal-settings.tsx";
import { identityFormId } from "#app/components/admin/settings-form.tsx";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import {
  businessSettingsDefaults,
  businessSettingsSchema,
  settingsMessages,
  settingsSectionSchema,
  toBusinessSettingsRow,
} from "#app/domain/business-settings.ts";
import { getBusinessSettings, getStudioIdentity, saveBusinessSettings } from "#app/models/business-settings.server.ts";
import { getProposalSettings } from "#app/models/proposal-settings.server.ts";
import {
  invoiceSettingsAction,
  invoiceSettingsIntent,
  loadInvoiceSettings,
  timeZoneAction,
  timeZoneIntent,
} from "#app/routes/admin/settings/invoice-settings.server.ts";
import {
  loadPaymentSettings,
  paymentSettingsAction,
  paymentSettingsIntent,
} from "#app/routes/admin/settings/payment-settings.server.ts";
import { proposalSettingsAction } from "#app/routes/admin/settings/proposal-settings.server.ts";
import { badRequest, invalid, redirectWithToast, serverError } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { checkStripeConnection } from "#app/services/online-payments.server.ts";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Business Settings") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { database, config } = getApp(context);
  const [settings, studio, invoiceSettings, paymentSettings, proposalSettings] = await Promise.all([
    getBusinessSettings(database.db),
    getStudioIdentity(database.db),
    loadInvoiceSettings(database.db),
    loadPaymentSettings(config, database.db),
    getProposalSettings(database.db),
  ]);
  return {
    identity: businessSettingsDefaults({ ...studio, taxId: settings?.taxId ?? null }),
    saved: Boolean(settings),
    invoiceSettings,
    paymentSettings,
    proposalSettings,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, logger } = getApp(context);
  const formData = await request.formData();
  const section = parseWithZod(formData, { schema: settingsSectionSchema });
  if (section.status !== "success") badRequest("Unknown settings section");
  // one intent per section of the page
  if (section.value.intent === invoiceSettingsIntent) {
    return invoiceSettingsAction(config, database.db, formData, "/admin/settings", {
      ...session,
      ip: getApp(context).ip,
    });
  }
  if (section.value.intent === timeZoneIntent) {
    return timeZoneAction(config, database.db, formData, { ...session, ip: getApp(context).ip });
  }
  if (section.value.intent === checkPaymentsIntent) {
    // asks Stripe with the server's keys; changes nothing here (a refused key becomes the owner's notice)
    return { connectionCheck: await checkStripeConnection({ db: database.db, config, logger }) };
  }
  if (section.value.intent === paymentSettingsIntent) {
    return paymentSettingsAction(config, database.db, formData, { ...session, ip: getApp(context).ip });
  }
  if (section.value.intent === proposalSettingsFormId) {
    return proposalSettingsAction(config, database.db, formData, { ...session, ip: getApp(context).ip });
  }
  const submission = parseWithZod(formData, { schema: businessSettingsSchema });
  if (!session.userId) {
    return serverError(submission, {
      type: "error",
      message: settingsMessages.errorTitle,
      description: settingsMessages.notAuthenticated,
    });
  }
  if (submission.status !== "success") return invalid(submission);
  try {
    await auditedChange(database.db, (tx) => saveBusinessSettings(tx, toBusinessSettingsRow(submission.value)), {
      actor: session,
      ip: getApp(context).ip,
      event: "business_settings_saved",
      detail: { business: submission.value.business_name },
    });
  } catch (error) {
    logger.error({ err: error }, "saving business settings failed");
    return serverError(submission, {
      type: "error",
      message: settingsMessages.errorTitle,
      description: settingsMessages.saveFailed,
    });
  }
  return redirectWithToast(config, "/admin/settings", {
    type: "success",
    message: settingsMessages.saved,
    id: identityFormId,
  });
}

// The page (its forms, Conform and their schemas) loads as a chunk of its own: the server renders it in
// place, and its forms post without JavaScript until the chunk is there.
const SettingsPage = splitComponent(() => import("./settings-page.tsx").then((module) => module.Settings));

export default function SettingsRoute(props: Route.ComponentProps) {
  return <SettingsPage {...props} />;
}
