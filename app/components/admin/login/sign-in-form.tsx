/** Login mode 1: sign in. */
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { Form, Link } from "react-router";
import { AuthCard } from "#app/components/admin/auth-card.tsx";
import { buttonClass, Field } from "#app/components/admin/ui.tsx";
import { signInSchema } from "#app/domain/auth-schemas.ts";
import { FormAlert, useSubmitting } from "./shared.tsx";

export function SignInForm({
  lastResult,
  error,
  redirectTo,
  loginHref,
}: {
  lastResult?: SubmissionResult<string[]> | undefined;
  error?: string | undefined;
  redirectTo: string;
  loginHref: string;
}) {
  const [form, fields] = useForm({
    id: "signin",
    lastResult,
    constraint: getZodConstraint(signInSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
  });
  const submitting = useSubmitting("signin");
  const forgotHref = `${loginHref}${loginHref.includes("?") ? "&" : "?"}mode=forgot`;
  return (
    <AuthCard title="Admin Login" description="Sign in to access the admin dashboard">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <FormAlert message={error} />
        <input type="hidden" name="intent" value="signin" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field
          label="Email"
          errors={fields.email.errors}
          errorId={fields.email.errorId}
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "username",
            placeholder: "you@example.com",
          }}
        />
        <Field
          label="Password"
          errors={fields.password.errors}
          errorId={fields.password.errorId}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
        />
        <div className="-mt-1 flex justify-end">
          <Link to={forgotHref} className="text-sm text-[var(--color-accent)] hover:underline">
            Forgot password?
          </Link>
        </div>
        <button type="submit" className={buttonClass("primary", "mt-2 w-full")} disabled={submitting}>
          {submitting ? "Signing in…" : "Sign In"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <a href="/" className="inline-flex items-center gap-1 text-zinc-400 hover:text-zinc-100">
          <ArrowLeft aria-hidden className="size-4" />
          Back to website
        </a>
      </p>
    </AuthCard>
  );
}
