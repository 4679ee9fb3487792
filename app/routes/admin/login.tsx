/**
 * /admin/login and its four modes (SPEC section 2): sign in, request a reset link,
 * check your email, set a new password (when the address fragment says type=recovery;
 * a fragment never reaches the server, so the browser reads it).
 */
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useActionData, useNavigate, useNavigation, useSearchParams } from "react-router";
import { AuthCard } from "#app/components/admin/auth-card.tsx";
import { showToast } from "#app/components/admin/toaster.tsx";
import { buttonClass, Field } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { authMessages, newPasswordSchema, resetRequestSchema, signInSchema } from "#app/domain/auth-schemas.ts";
import { safeReturnPath } from "#app/domain/return-path.ts";
import {
  getRequestSession,
  readSessionToken,
  requestMeta,
  requestPasswordReset,
  resetPassword,
  sessionSetCookie,
  signIn,
} from "#app/services/auth.server.ts";
import type { Logger } from "#app/services/logger.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Login | Studio" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getRequestSession(request, context);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (session?.isAdmin) throw redirect(safeReturnPath(redirectTo));
  return data(null, { headers: { "Cache-Control": "no-store" } });
}

type ActionResult = {
  intent: "signin" | "forgot" | "recovery";
  result: SubmissionResult<string[]>;
  /** a failure to show as an error toast */
  error?: string;
  /** the reset link was requested for this address */
  sentTo?: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const { config, database, mail, logger } = getApp(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const meta = requestMeta(request, context);

  if (intent === "forgot") {
    const submission = parseWithZod(formData, { schema: resetRequestSchema });
    if (submission.status !== "success") return { intent, result: submission.reply() } satisfies ActionResult;
    const outcome = await requestPasswordReset(database.db, {
      email: submission.value.email,
      publicUrl: config.publicUrl,
      ...meta,
    }).catch((error: unknown) => unexpected(logger, error, authMessages.resetFailed));
    mail.kick();
    if (!outcome.ok) return { intent, result: submission.reply(), error: outcome.message } satisfies ActionResult;
    return { intent, result: submission.reply(), sentTo: submission.value.email } satisfies ActionResult;
  }

  if (intent === "recovery") {
    const hideFields = ["password", "confirmPassword"];
    const submission = parseWithZod(formData, { schema: newPasswordSchema });
    if (submission.status !== "success")
      return { intent, result: submission.reply({ hideFields }) } satisfies ActionResult;
    const outcome = await resetPassword(database.db, { ...submission.value, ...meta }).catch((error: unknown) =>
      unexpected(logger, error, authMessages.updateFailed),
    );
    if (!outcome.ok) {
      const fieldErrors = outcome.field ? { [outcome.field]: [outcome.message] } : undefined;
      return {
        intent,
        result: submission.reply({ hideFields, fieldErrors }),
        error: outcome.message,
      } satisfies ActionResult;
    }
    return redirectWithToast(
      config,
      "/admin/dashboard",
      { type: "success", message: authMessages.passwordUpdated },
      { "Set-Cookie": await sessionSetCookie(config, outcome.token, outcome.expiresAt) },
    );
  }

  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") {
    return { intent: "signin", result: submission.reply({ hideFields: ["password"] }) } satisfies ActionResult;
  }
  const outcome = await signIn(database.db, {
    email: submission.value.email,
    password: submission.value.password,
    previousToken: await readSessionToken(request, config),
    ...meta,
  }).catch((error: unknown) => unexpected(logger, error, authMessages.signInFailed));
  if (!outcome.ok) {
    return {
      intent: "signin",
      result: submission.reply({ hideFields: ["password"] }),
      error: outcome.message,
    } satisfies ActionResult;
  }
  return redirect(safeReturnPath(submission.value.redirectTo), {
    headers: { "Set-Cookie": await sessionSetCookie(config, outcome.token, outcome.expiresAt) },
  });
}

/** An unexpected failure: logged, and shown as the spec's generic message. */
function unexpected(logger: Logger, error: unknown, message: string) {
  logger.error({ err: error }, message);
  return { ok: false as const, message, field: undefined };
}

type Mode = "signin" | "forgot" | "sent" | "recovery";

export default function AdminLogin() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [recoveryToken, setRecoveryToken] = useState<string | null>(null);

  // Mode 4: the reset link's fragment (on load, or when the link is opened in this tab).
  // Keep the token in memory and take it out of the address bar.
  useEffect(() => {
    const enterRecovery = () => {
      const fragment = new URLSearchParams(window.location.hash.slice(1));
      if (fragment.get("type") !== "recovery") return;
      setRecoveryToken(fragment.get("token") ?? "");
      navigate({ pathname: "/admin/login", search: "", hash: "" }, { replace: true, preventScrollReset: true });
      setTimeout(() => showToast({ type: "info", message: authMessages.recoveryEntered }), 0);
    };
    enterRecovery();
    window.addEventListener("hashchange", enterRecovery);
    return () => window.removeEventListener("hashchange", enterRecovery);
  }, [navigate]);

  useEffect(() => {
    if (!actionData) return;
    if (actionData.error) showToast({ type: "error", message: actionData.error });
    else if (actionData.intent === "forgot" && "sentTo" in actionData && actionData.sentTo) {
      showToast({ type: "success", message: authMessages.resetSent });
    }
  }, [actionData]);

  const sentTo = actionData?.intent === "forgot" && "sentTo" in actionData ? actionData.sentTo : undefined;
  const mode: Mode =
    recoveryToken !== null ? "recovery" : sentTo ? "sent" : searchParams.get("mode") === "forgot" ? "forgot" : "signin";
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const loginHref = redirectTo ? `/admin/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/admin/login";
  const lastResult = (intent: ActionResult["intent"]) =>
    actionData?.intent === intent ? actionData.result : undefined;

  return (
    <>
      {mode === "signin" ? (
        <SignInForm lastResult={lastResult("signin")} redirectTo={redirectTo} loginHref={loginHref} />
      ) : mode === "forgot" ? (
        <ForgotForm lastResult={lastResult("forgot")} loginHref={loginHref} />
      ) : mode === "sent" ? (
        <SentView email={sentTo ?? ""} loginHref={loginHref} />
      ) : (
        <RecoveryForm lastResult={lastResult("recovery")} token={recoveryToken ?? ""} />
      )}
    </>
  );
}

function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function SignInForm({
  lastResult,
  redirectTo,
  loginHref,
}: {
  lastResult?: SubmissionResult<string[]>;
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

function ForgotForm({ lastResult, loginHref }: { lastResult?: SubmissionResult<string[]>; loginHref: string }) {
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

function SentView({ email, loginHref }: { email: string; loginHref: string }) {
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

function RecoveryForm({ lastResult, token }: { lastResult?: SubmissionResult<string[]>; token: string }) {
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
