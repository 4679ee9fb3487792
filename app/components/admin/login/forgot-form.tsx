/** Login modes 2 and 3: request a reset link; "check your email". */
import { Link } from "react-router";
import { AuthCard } from "#app/components/admin/auth-card.tsx";
import { AdminForm, EmailField, FormError, useAdminForm } from "#app/components/admin/form.tsx";
import { type ActionFailure, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { resetRequestSchema } from "#app/domain/auth-schemas.ts";

export function ForgotForm({ failure, loginHref }: { failure?: ActionFailure | undefined; loginHref: string }) {
  const [form, fields] = useAdminForm({ id: "forgot", schema: resetRequestSchema, failure });
  return (
    <AuthCard
      title="Reset Password"
      description="Enter your email address and we'll send you a link to reset your password."
    >
      <AdminForm form={form} className="flex flex-col gap-1">
        <FormError form={form} />
        <input type="hidden" name="intent" value="forgot" />
        <EmailField meta={fields.email} label="Email" autoComplete="email" placeholder="you@example.com" />
        <SubmitButton pendingLabel="Sending…" className="mt-2 w-full">
          Send Reset Link
        </SubmitButton>
        <Link to={loginHref} className={buttonClass("ghost", { className: "mt-2 w-full" })}>
          Back to Login
        </Link>
      </AdminForm>
    </AuthCard>
  );
}

export function SentView({ email, loginHref }: { email: string; loginHref: string }) {
  return (
    <AuthCard
      title="Check Your Email"
      description={
        <>
          If an account exists for <strong className="text-zinc-200">{email}</strong>, we've sent a link to reset its
          password. The link works once and expires in 1 hour.
        </>
      }
    >
      <Link to={loginHref} className={buttonClass("secondary", { className: "w-full" })}>
        Back to Login
      </Link>
    </AuthCard>
  );
}
