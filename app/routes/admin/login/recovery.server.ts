/** Login mode 4: set a new password with the emailed link (and check the link as soon as it is opened). */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { getApp } from "#app/context.server.ts";
import { authMessages, newPasswordSchema } from "#app/domain/auth-schemas.ts";
import { checkResetToken, resetPassword } from "#app/services/auth/recovery.server.ts";
import { sessionSetCookie } from "#app/services/auth/sessions.server.ts";
import { requestMeta } from "#app/services/auth.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { type LoginActionData, unexpected } from "./shared.server.ts";

export async function recoveryCheckAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  formData: FormData,
) {
  const token = formData.get("token");
  const answer = await checkResetToken(getApp(context).database.db, {
    token: typeof token === "string" ? token : "",
    ...requestMeta(request, context),
  });
  if (answer === "limited") {
    return data({ intent: "recovery-check", error: authMessages.tooManyAttempts } satisfies LoginActionData, {
      status: 429,
    });
  }
  return data({ intent: "recovery-check", linkValid: answer === "valid" } satisfies LoginActionData);
}

export async function recoveryAction(request: Request, context: Readonly<RouterContextProvider>, formData: FormData) {
  const { config, database, logger } = getApp(context);
  const hideFields = ["password", "confirmPassword"];
  const submission = parseWithZod(formData, { schema: newPasswordSchema });
  if (submission.status !== "success") {
    return data({ intent: "recovery", result: submission.reply({ hideFields }) } satisfies LoginActionData, {
      status: 400,
    });
  }
  const outcome = await resetPassword(database.db, { ...submission.value, ...requestMeta(request, context) }).catch(
    (error: unknown) => unexpected(logger, error, authMessages.updateFailed),
  );
  if (!outcome.ok) {
    const fieldErrors = outcome.field ? { [outcome.field]: [outcome.message] } : undefined;
    return data(
      {
        intent: "recovery",
        result: submission.reply({ hideFields, fieldErrors }),
        error: outcome.message,
        linkValid: outcome.message === authMessages.invalidResetLink ? false : undefined,
      } satisfies LoginActionData,
      { status: outcome.field ? 400 : 200 },
    );
  }
  return redirectWithToast(
    config,
    "/admin/dashboard",
    { type: "success", message: authMessages.passwordUpdated },
    { "Set-Cookie": await sessionSetCookie(config, outcome.token, outcome.expiresAt) },
  );
}
