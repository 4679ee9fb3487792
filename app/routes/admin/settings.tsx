/**
 * /admin/settings: the studio's identity (business name, contact name and email, phone,
 * address, website, tax id). The public pages, their JSON-LD and the owner's new-inquiry mails
 * read it on every render, so a save shows at once (docs/decisions/0005, 0006).
 * Below it, the invoice section (number prefixes, next numbers, the logo), payments (ADR 0035) and
 * what new proposals start with (ADR 0033). The action dispatches on `intent`: `identity`,
 * `invoice-settings`, `payment-settings` or `proposal-settings`.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useActionData } from "react-router";
import { InvoiceSettings, invoiceSettingsFormId } from "#app/components/admin/invoice-settings.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { PaymentSettingsSection, paymentSettingsFormId } from "#app/components/admin/payment-settings.tsx";
import { ProposalSettingsSection, proposalSettingsFormId } from "#app/components/admin/proposal-settings.tsx";
import { BusinessSettingsForm, identityFormId } from "#app/components/admin/settings-form.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
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
import { badRequest, invalid, redirectWithToast, serverError } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import {
  invoiceSettingsAction,
  invoiceSettingsIntent,
  loadInvoiceSettings,
} from "#app/services/invoice-settings.server.ts";
import {
  loadPaymentSettings,
  paymentSettingsAction,
  paymentSettingsIntent,
} from "#app/services/payment-settings.server.ts";
import { proposalSettingsAction } from "#app/services/proposal-settings.server.ts";
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
    return invoiceSettingsAction(config, database.db, formData, undefined, { ...session, ip: getApp(context).ip });
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

export default function Settings({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  // a failed save answers for the section whose button was pressed
  const failedSection = actionData?.result.initialValue?.intent;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader
        title="Business Settings"
        description="Your studio's details: shown on the public site and used in new-inquiry emails and invoices."
        back={{ href: "/admin/dashboard", label: "Back to the dashboard" }}
      >
        {/* the team and the audit log */}
        <Link to="/admin/settings/team" className={buttonClass("secondary", undefined, "sm")}>
          Team
        </Link>
        <Link to="/admin/audit" className={buttonClass("secondary", undefined, "sm")}>
          Audit log
        </Link>
      </PageHeader>
      <BusinessSettingsForm
        defaults={loaderData.identity}
        failure={
          failedSection === invoiceSettingsFormId ||
          failedSection === paymentSettingsFormId ||
          failedSection === proposalSettingsFormId
            ? undefined
            : actionData
        }
      />
      <InvoiceSettings
        data={loaderData.invoiceSettings}
        failure={failedSection === invoiceSettingsFormId ? actionData : undefined}
      />
      <PaymentSettingsSection
        data={loaderData.paymentSettings}
        failure={failedSection === paymentSettingsFormId ? actionData : undefined}
      />
      <ProposalSettingsSection
        settings={loaderData.proposalSettings}
        failure={failedSection === proposalSettingsFormId ? actionData : undefined}
      />
    </div>
  );
}
