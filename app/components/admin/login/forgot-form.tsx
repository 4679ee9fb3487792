/** Login modes 2 and 3: request a reset link; "check your email". */
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { AuthCard } from "#app/components/admin/auth-card.tsx";
import { buttonClass, Field } from "#app/components/admin/ui.tsx";
import { resetRequestSchema } from "#app/domain/auth-schemas.ts";
import { FormAlert, useSubmitting } from "./shared.tsx";

export function ForgotForm({
  lastResult,
  error,
  loginHref,
}: {
  lastResult?: SubmissionResult<string[]> | undefined;
  error?: string | undefined;
  loginHref: string;
}) {
  const [form, fields] = useForm({
    id: "forgot",
    lastResult,
    constraint: getZodConstraint(resetRequestSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetRequestSchema }),
  });
  const submitting = useSubmitting("forgot");
  return (
    <AuthCard
      title="Reset Password"
      description="Enter your email address and we'll send you a link to reset your password."
    >
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <FormAlert message={error} />
        <input type="hidden" name="intent" value="forgot" />
        <Field
          label="Email"
          errors={fields.email.errors}
          errorId={fields.email.errorId}
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "email",
            placeholder: "you@example.com",
          }}
        />
        <button type="submit" className={buttonClass("primary", "mt-2 w-full")} disabled={submitting}>
          {submitting ? "Sending…" : "Send Reset Link"}
        </button>
        <Link to={loginHref} className={buttonClass("ghost", "w-full")}>
          Back to Login
        </Link>
      </Form>
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
      <Link to={loginHref} className={buttonClass("secondary", "w-full")}>
        Back to Login
      </Link>
    </AuthCard>
  );
}
