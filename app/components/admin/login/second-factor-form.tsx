/** The sign-in's second step: a code from the authenticator app or a backup code. */
import { Link, useSearchParams } from "react-router";
import { AuthCard } from "#app/components/admin/auth-card.tsx";
import { AdminForm, FormError, OneTimeCodeField, useAdminForm } from "#app/components/admin/form.tsx";
import { type ActionFailure, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { secondFactorSchema, twoFactorMessages } from "#app/domain/two-factor.ts";

export function SecondFactorForm({ failure }: { failure?: ActionFailure | undefined }) {
  const [form, fields] = useAdminForm({ id: "second-factor", schema: secondFactorSchema, failure });
  const [params] = useSearchParams();
  return (
    <AuthCard title="Two-factor sign-in" description={twoFactorMessages.enterCode}>
      {params.get("reset") === "1" ? (
        <p role="status" className="mb-3 text-sm text-emerald-300">
          {twoFactorMessages.afterReset}
        </p>
      ) : null}
      <AdminForm form={form} className="flex flex-col gap-1">
        <FormError form={form} />
        <OneTimeCodeField meta={fields.code} label="Code" inputMode="text" maxLength={20} />
        <SubmitButton pendingLabel="Verifying...">Verify</SubmitButton>
      </AdminForm>
      <p className="mt-4 text-center text-sm">
        <Link to="/admin/login" className="text-zinc-300 underline underline-offset-4 hover:text-white">
          {twoFactorMessages.usePasskey}
        </Link>
      </p>
    </AuthCard>
  );
}
