/** The one-time set-up of the first admin: email and password, with the set-up link's token. */
import { AuthCard } from "#app/components/admin/auth-card.tsx";
import { AdminForm, EmailField, FormError, NewPasswordFields, useAdminForm } from "#app/components/admin/form.tsx";
import { type ActionFailure, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { setupSchema } from "#app/domain/auth-schemas.ts";

export function SetupForm({ failure, token }: { failure?: ActionFailure | undefined; token: string }) {
  const [form, fields] = useAdminForm({ id: "setup", schema: setupSchema, failure });
  return (
    <AuthCard
      title="Create the first admin"
      description="This one-time page works with the set-up link the server printed at start-up."
    >
      <AdminForm form={form} className="flex flex-col gap-1">
        <FormError form={form} />
        <input type="hidden" name="token" value={token} />
        <EmailField meta={fields.email} label="Email" autoComplete="username" />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
        <SubmitButton pendingLabel="Creating…" className="mt-2 w-full">
          Create Admin Account
        </SubmitButton>
      </AdminForm>
    </AuthCard>
  );
}
