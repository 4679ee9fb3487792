/**
 * The page of `settings.tsx`, a chunk loaded on demand (its forms, Conform and their schemas): the route
 * renders it through `splitComponent`, so the server renders it in place and it works without JavaScript.
 */
import { Link, useActionData } from "react-router";
import { InvoiceSettings, invoiceSettingsFormId } from "#app/components/admin/invoice-settings.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { PaymentSettingsSection, paymentSettingsFormId } from "#app/components/admin/payment-settings.tsx";
import { ProposalSettingsSection, proposalSettingsFormId } from "#app/components/admin/proposal-settings.tsx";
import { BusinessSettingsForm } from "#app/components/admin/settings-form.tsx";
import { TimeZoneSettings, timeZoneFormId } from "#app/components/admin/time-zone-settings.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import type { Route } from "./+types/settings";

export function Settings({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData() as Route.ComponentProps["actionData"];
  // a failed save answers for the section whose button was pressed
  const failure = actionData && "result" in actionData ? actionData : undefined;
  const failedSection = failure?.result.initialValue?.intent;
  const connectionCheck = actionData && "connectionCheck" in actionData ? actionData.connectionCheck : null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader
        title="Business Settings"
        description="Your studio's details: shown on the public site and used in new-inquiry emails and invoices."
        back={{ href: "/admin/dashboard", label: "Back to the dashboard" }}
      >
        {/* the team and the audit log */}
        <Link to="/admin/settings/team" className={buttonClass("secondary", { size: "sm" })}>
          Team
        </Link>
        <Link to="/admin/audit" className={buttonClass("secondary", { size: "sm" })}>
          Audit log
        </Link>
      </PageHeader>
      <BusinessSettingsForm
        defaults={loaderData.identity}
        failure={
          failedSection === invoiceSettingsFormId ||
          failedSection === timeZoneFormId ||
          failedSection === paymentSettingsFormId ||
          failedSection === proposalSettingsFormId
            ? undefined
            : failure
        }
      />
      <TimeZoneSettings
        timeZone={loaderData.invoiceSettings.numbering.timeZone}
        groups={loaderData.invoiceSettings.timeZoneGroups}
        failure={failedSection === timeZoneFormId ? failure : undefined}
      />
      <InvoiceSettings
        data={loaderData.invoiceSettings}
        failure={failedSection === invoiceSettingsFormId ? failure : undefined}
      />
      <PaymentSettingsSection
        data={loaderData.paymentSettings}
        failure={failedSection === paymentSettingsFormId ? failure : undefined}
        check={connectionCheck}
      />
      <ProposalSettingsSection
        settings={loaderData.proposalSettings}
        failure={failedSection === proposalSettingsFormId ? failure : undefined}
      />
    </div>
  );
}
