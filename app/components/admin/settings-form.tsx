/** The Business Settings identity section, built with the admin form kit (one POST with intent=identity). */
import { Link } from "react-router";
import {
  AdminForm,
  EmailField,
  FormError,
  TextareaField,
  TextField,
  useAdminForm,
} from "#app/components/admin/form.tsx";
import { type ActionFailure, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { type businessSettingsDefaults, businessSettingsSchema } from "#app/domain/business-settings.ts";

export const identityFormId = "business-settings";

export function BusinessSettingsForm({
  defaults,
  failure,
}: {
  defaults: ReturnType<typeof businessSettingsDefaults>;
  failure?: ActionFailure;
}) {
  const [form, fields] = useAdminForm({
    id: identityFormId,
    schema: businessSettingsSchema,
    failure,
    defaultValue: defaults,
  });
  return (
    <AdminForm form={form} className="flex flex-col gap-5" aria-labelledby="identity-title">
      <input type="hidden" name="intent" value="identity" />
      <section className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-5">
        <h2 id="identity-title" className="text-base font-semibold text-zinc-100">
          Business Information
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-400">
          Shown in the public site's header, footer and contact page, and in new-inquiry emails.
        </p>
        <FormError form={form} />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField meta={fields.business_name} label="Business Name" autoComplete="organization" />
          <TextField meta={fields.contact_name} label="Contact Name" autoComplete="name" />
          <EmailField meta={fields.email} label="Email" autoComplete="email" />
          <TextField meta={fields.phone_number} label="Phone" type="tel" autoComplete="tel" />
          <TextField meta={fields.website} label="Website" type="url" placeholder="https://" autoComplete="url" />
          <TextField meta={fields.tax_id} label="Tax ID" autoComplete="off" />
          <TextareaField meta={fields.address} label="Address" rows={3} />
        </div>
      </section>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Link to="/admin/dashboard" className={buttonClass("ghost")}>
          Cancel
        </Link>
        <SubmitButton>Save Settings</SubmitButton>
      </div>
    </AdminForm>
  );
}
