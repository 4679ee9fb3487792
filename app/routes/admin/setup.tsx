/**
 * /admin/setup: the one-time first-admin set-up. The server prints a link with a token in the
 * fragment when no admin exists; this page creates the first admin with it. Useless without a
 * valid token, and closed as soon as any admin exists.
 */
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { AuthCard } from "#app/components/admin/auth-card.tsx";
import { FormAlert } from "#app/components/admin/login/shared.tsx";
import { showToast } from "#app/components/admin/toaster.tsx";
import { buttonClass, Field } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { authMessages, setupSchema } from "#app/domain/auth-schemas.ts";
import { sessionSetCookie } from "#app/services/auth/sessions.server.ts";
import { completeAdminSetup, isAdminSetupPending } from "#app/services/auth/setup.server.ts";
import { requestMeta } from "#app/services/auth.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = () => [
  { title: "First admin set-up | Studio" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const pending = await isAdminSetupPending(getApp(context).database.db);
  return data({ pending }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { config, database } = getApp(context);
  const hideFields = ["password", "confirmPassword", "token"];
  const submission = parseWithZod(await request.formData(), { schema: setupSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields }) as SubmissionResult<string[]>, error: undefined }, 400);
  }
  const outcome = await completeAdminSetup(database.db, { ...submission.value, ...requestMeta(request, context) });
  if (!outcome.ok) {
    const fieldErrors = outcome.field ? { [outcome.field]: [outcome.message] } : undefined;
    return data(
      { result: submission.reply({ hideFields, fieldErrors }) as SubmissionResult<string[]>, error: outcome.message },
      outcome.field ? 400 : 403,
    );
  }
  return redirectWithToast(
    config,
    "/admin/dashboard",
    { type: "success", message: authMessages.adminCreated },
    { "Set-Cookie": await sessionSetCookie(config, outcome.token, outcome.expiresAt) },
  );
}

export default function AdminSetup({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const [token, setToken] = useState("");
  const navigation = useNavigation();

  useEffect(() => {
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const found = fragment.get("token");
    if (found) {
      setToken(found);
      // out of the address bar and the history
      window.history.replaceState(window.history.state, "", window.location.pathname);
    }
  }, []);

  useEffect(() => {
    if (actionData?.error) showToast({ type: "error", message: actionData.error });
  }, [actionData]);

  const [form, fields] = useForm({
    id: "setup",
    lastResult: actionData?.result,
    constraint: getZodConstraint(setupSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setupSchema }),
  });

  if (!loaderData.pending) {
    return (
      <AuthCard title="Set-up complete" description="An admin account already exists. This page is closed.">
        <Link to="/admin/login" className={buttonClass("primary", "w-full")}>
          Go to Admin Login
        </Link>
      </AuthCard>
    );
  }

  return (
    <>
      <AuthCard
        title="Create the first admin"
        description="This one-time page works with the set-up link the server printed at start-up."
      >
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
          <FormAlert message={actionData?.error} />
          <input type="hidden" name="token" value={token} />
          <Field
            label="Email"
            errors={fields.email.errors}
            errorId={fields.email.errorId}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "username" }}
          />
          <Field
            label="Password"
            errors={fields.password.errors}
            errorId={fields.password.errorId}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
            hint="At least 8 characters; long passphrases are welcome."
          />
          <Field
            label="Confirm Password"
            errors={fields.confirmPassword.errors}
            errorId={fields.confirmPassword.errorId}
            inputProps={{
              ...getInputProps(fields.confirmPassword, { type: "password" }),
              autoComplete: "new-password",
            }}
          />
          <button
            type="submit"
            className={buttonClass("primary", "mt-2 w-full")}
            disabled={navigation.state !== "idle"}
          >
            Create Admin Account
          </button>
        </Form>
      </AuthCard>
    </>
  );
}
