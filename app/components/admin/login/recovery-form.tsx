/** Login mode 4: set a new password with the emailed link; a used or expired link says so at once. */
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { AuthCard } from "#app/components/admin/auth-card.tsx";
import { buttonClass, Field } from "#app/components/admin/ui.tsx";
import { authMessages, newPasswordSchema } from "#app/domain/auth-schemas.ts";
import { FormAlert, useSubmitting } from "./shared.tsx";

export function RecoveryForm({
  lastResult,
  error,
  token,
}: {
  lastResult?: SubmissionResult<string[]> | undefined;
  error?: string | undefined;
  token: string;
}) {
  const [form, fields] = useForm({
    id: "recovery",
    lastResult,
    constraint: getZodConstraint(newPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newPasswordSchema }),
  });
  const submitting = useSubmitting("recovery");
  return (
    <AuthCard title="Set New Password" description="Choose a new password of at least 8 characters.">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <FormAlert message={error} />
        <input type="hidden" name="intent" value="recovery" />
        <input type="hidden" name="token" value={token} />
        <Field
          label="New Password"
          errors={fields.password.errors}
          errorId={fields.password.errorId}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          hint="Long passphrases are welcome; very common passwords are refused."
        />
        <Field
          label="Confirm Password"
          errors={fields.confirmPassword.errors}
          errorId={fields.confirmPassword.errorId}
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
        />
        <button type="submit" className={buttonClass("primary", "mt-2 w-full")} disabled={submitting}>
          {submitting ? "Updating…" : "Update Password"}
        </button>
      </Form>
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
        <Link to={forgotHref} reloadDocument className={buttonClass("primary", "w-full")}>
          Request a New Link
        </Link>
        <Link to="/admin/login" reloadDocument className={buttonClass("ghost", "w-full")}>
          Back to Login
        </Link>
      </div>
    </AuthCard>
  );
}
