/** Login mode 4: set a new password with the emailed link; a used or expired link says so at once. */
import { Link } from "react-router";
import { AuthCard } from "#app/components/admin/auth-card.tsx";
import { AdminForm, FormError, NewPasswordFields, useAdminForm } from "#app/components/admin/form.tsx";
import { type ActionFailure, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { authMessages } from "#app/domain/auth-messages.ts";
import { newPasswordSchema } from "#app/domain/auth-schemas.ts";

export function RecoveryForm({ failure, token }: { failure?: ActionFailure | undefined; token: string }) {
  const [form, fields] = useAdminForm({ id: "recovery", schema: newPasswordSchema, failure });
  return (
    <AuthCard title="Set New Password" description="Choose a new password of at least 8 characters.">
      <AdminForm form={form} className="flex flex-col gap-1">
        <FormError form={form} />
        <input type="hidden" name="intent" value="recovery" />
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          label="New Password"
          description="Long passphrases are welcome; very common passwords are refused."
        />
        <SubmitButton pendingLabel="Updating…" className="mt-2 w-full">
          Update Password
        </SubmitButton>
      </AdminForm>
    </AuthCard>
  );
}

/**
 * A used, expired or unknown link: said at once, with the way to a new one (full page loads, so the
 * recovery state held in memory is left behind).
 */
export function ExpiredLinkView({ forgotHref }: { forgotHref: string }) {
  return (
    <AuthCard title="Link No Longer Valid" description={authMessages.invalidResetLink}>
      <div className="flex flex-col gap-3">
        <Link to={forgotHref} reloadDocument className={buttonClass("primary", { className: "w-full" })}>
          Request a New Link
        </Link>
        <Link to="/admin/login" reloadDocument className={buttonClass("ghost", { className: "w-full" })}>
          Back to Login
        </Link>
      </div>
    </AuthCard>
  );
}
