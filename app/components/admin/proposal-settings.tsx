/**
 * The Proposals section of /admin/settings (ADR 0033): the agreement every new proposal starts with
 * (editable per proposal), the deposit asked on signing and how long a proposal stays open. Posts
 * `intent=proposal-settings` to the settings page.
 */
import { AdminForm, FormError, TextareaField, TextField, useAdminForm } from "#app/components/admin/form.tsx";
import { type ActionFailure, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { Card } from "#app/components/admin/ui.tsx";
import { limits } from "#app/domain/limits.ts";
import { centsToDecimal } from "#app/domain/money.ts";
import { type ProposalSettings, proposalSettingsIntent, proposalSettingsSchema } from "#app/domain/proposals.ts";

export const proposalSettingsFormId = proposalSettingsIntent;

export function ProposalSettingsSection({
  settings,
  failure,
}: {
  settings: ProposalSettings;
  failure?: ActionFailure | null;
}) {
  const [form, fields] = useAdminForm({
    id: proposalSettingsFormId,
    schema: proposalSettingsSchema,
    failure,
    defaultValue: {
      agreement_template: settings.agreementTemplate,
      deposit_percent: centsToDecimal(settings.depositPercent).replace(/\.00$/, ""),
      valid_days: String(settings.validDays),
    },
  });
  return (
    <Card id="proposal-settings-title" title="Proposals" bodyClassName="flex flex-col gap-2 p-5">
      <p className="text-sm text-zinc-400">
        New proposals start with this agreement, deposit and validity; each proposal can change them before it is sent.
      </p>
      <AdminForm form={form} className="flex flex-col gap-2">
        <FormError form={form} />
        <TextareaField
          meta={fields.agreement_template}
          label="Agreement Template"
          rows={10}
          maxLength={limits.agreement}
        />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField meta={fields.deposit_percent} label="Deposit on Signing (%)" inputMode="decimal" />
          <TextField meta={fields.valid_days} label="Valid For (days)" inputMode="numeric" />
        </div>
        <div>
          <SubmitButton intent={proposalSettingsIntent}>Save Proposals</SubmitButton>
        </div>
      </AdminForm>
    </Card>
  );
}
