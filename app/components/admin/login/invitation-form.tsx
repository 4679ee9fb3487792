/** Accepting a team invitation: a name and a password for the invited address. */
import { AuthCard } from "#app/components/admin/auth-card.tsx";
import { AdminForm, FormError, NewPasswordFields, TextField, useAdminForm } from "#app/components/admin/form.tsx";
import { type ActionFailure, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { acceptInvitationSchema } from "#app/domain/team.ts";

export function InvitationForm({
  failure,
  email,
  admin,
}: {
  failure?: ActionFailure | undefined;
  email: string;
  admin: boolean;
}) {
  const [form, fields] = useAdminForm({ id: "invitation", schema: acceptInvitationSchema, failure });
  return (
    <AuthCard
      title="Join the team"
      description={`You were invited as ${email}${admin ? ", with the admin role" : ""}. Choose your name and a password.`}
    >
      <AdminForm form={form} className="flex flex-col gap-1">
        <FormError form={form} />
        <TextField meta={fields.name} label="Name" autoComplete="name" />
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
        <SubmitButton pendingLabel="Creating…" className="mt-2 w-full">
          Create My Account
        </SubmitButton>
      </AdminForm>
    </AuthCard>
  );
}
