/** Login mode 1: sign in. */
import { Link } from "react-router";
import { AuthCard } from "#app/components/admin/auth-card.tsx";
import { AdminForm, EmailField, FormError, PasswordField, useAdminForm } from "#app/components/admin/form.tsx";
import { type ActionFailure, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { PasskeySignInButton } from "#app/components/admin/passkey-buttons.tsx";
import { Icon } from "#app/components/icons.tsx";
import { signInSchema } from "#app/domain/auth-schemas.ts";

export function SignInForm({
  failure,
  redirectTo,
  loginHref,
}: {
  failure?: ActionFailure | undefined;
  redirectTo: string;
  loginHref: string;
}) {
  const [form, fields] = useAdminForm({ id: "signin", schema: signInSchema, failure });
  const forgotHref = `${loginHref}${loginHref.includes("?") ? "&" : "?"}mode=forgot`;
  return (
    <AuthCard title="Admin Login" description="Sign in to access the admin dashboard">
      <AdminForm form={form} className="flex flex-col gap-1">
        <FormError form={form} />
        <input type="hidden" name="intent" value="signin" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <EmailField meta={fields.email} label="Email" autoComplete="username" placeholder="you@example.com" />
        <PasswordField meta={fields.password} label="Password" autoComplete="current-password" />
        <div className="-mt-1 flex justify-end">
          <Link to={forgotHref} className="text-sm text-[var(--color-accent)] hover:underline">
            Forgot password?
          </Link>
        </div>
        <SubmitButton pendingLabel="Signing in…" className="mt-2 w-full">
          Sign In
        </SubmitButton>
      </AdminForm>
      <PasskeySignInButton redirectTo={redirectTo} />
      <p className="mt-6 text-center text-sm">
        <a href="/" className="inline-flex items-center gap-1 text-zinc-400 hover:text-zinc-100">
          <Icon name="arrow-left" aria-hidden className="size-4" />
          Back to website
        </a>
      </p>
    </AuthCard>
  );
}
