/** Login mode 4: set a new password with the emailed link (and check the link as soon as it is opened). */
import { parseWithZod } from "@conform-to/zod/v4";
import { type RouterContextProvider, redirect } from "react-router";
import { getApp } from "#app/context.server.ts";
import { authMessages } from "#app/domain/auth-messages.ts";
import { newPasswordSchema, recoveryCheckSchema } from "#app/domain/auth-schemas.ts";
import { invalid, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { checkResetToken, resetPassword } from "#app/services/auth/recovery.server.ts";
import { sessionSetCookie } from "#app/services/auth/sessions.server.ts";
import { startPendingSignIn } from "#app/services/auth/two-factor.server.ts";
import { requestMeta } from "#app/services/auth.server.ts";
import { invalidLogin, loginNews, refusedLogin, unexpected } from "./shared.server.ts";

export async function recoveryCheckAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  formData: FormData,
) {
  const sent = parseWithZod(formData, { schema: recoveryCheckSchema });
  const answer = await checkResetToken(getApp(context).database.db, {
    token: sent.status === "success" ? sent.value.token : "",
    ...requestMeta(request, context),
  });
  if (!answer.ok && answer.reason === "limited") {
    return refuse(429, authMessages.tooManyAttempts, { form: "recovery-check" });
  }
  return loginNews({ form: "recovery-check", linkValid: answer.ok });
}

/** Each reason a reset fails for (beyond a weak password, on its field), answered. */
const resetStatusOf = { limited: 429, "dead-link": 410, refused: 410, unexpected: 500 } as const;

export async function recoveryAction(request: Request, context: Readonly<RouterContextProvider>, formData: FormData) {
  const { config, database, logger } = getApp(context);
  const hideFields = ["password", "confirmPassword"];
  const submission = parseWithZod(formData, { schema: newPasswordSchema });
  if (submission.status !== "success") return invalidLogin("recovery", submission, hideFields);
  const outcome = await resetPassword(database.db, { ...submission.value, ...requestMeta(request, context) }).catch(
    (error: unknown) => unexpected(logger, error, authMessages.updateFailed),
  );
  if (!outcome.ok && outcome.reason === "second-factor") {
    // two-factor on: the new password is set, but only the second factor opens a session
    const cookie = await startPendingSignIn(database.db, config, outcome.userId);
    return redirect("/admin/login/verify?reset=1", { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
  }
  if (!outcome.ok) {
    if (outcome.reason === "weak-password") {
      // a password the policy refuses: an error on the field, 400
      return invalid(submission, {
        form: "recovery",
        hideFields,
        fieldErrors: { password: [outcome.message] },
        toast: { type: "error", message: outcome.message },
      });
    }
    return refusedLogin("recovery", submission, outcome.message, {
      status: resetStatusOf[outcome.reason],
      hideFields,
      linkValid: outcome.reason === "dead-link" ? false : undefined,
    });
  }
  return redirectWithToast(
    config,
    "/admin/dashboard",
    { type: "success", message: authMessages.passwordUpdated },
    { "Set-Cookie": await sessionSetCookie(config, outcome.token, outcome.expiresAt) },
  );
}
