/** Login modes 2 and 3: request a reset link, then "check your email". */
import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import { getApp } from "#app/context.server.ts";
import { authMessages } from "#app/domain/auth-messages.ts";
import { resetRequestSchema } from "#app/domain/auth-schemas.ts";
import { requestPasswordReset } from "#app/services/auth/recovery.server.ts";
import { requestMeta } from "#app/services/auth.server.ts";
import { invalidLogin, loginNews, refusedLogin, unexpected } from "./shared.server.ts";

export async function forgotAction(request: Request, context: Readonly<RouterContextProvider>, formData: FormData) {
  const { config, database, logger } = getApp(context);
  const submission = parseWithZod(formData, { schema: resetRequestSchema });
  if (submission.status !== "success") return invalidLogin("forgot", submission);
  const outcome = await requestPasswordReset(database.db, {
    email: submission.value.email,
    publicUrl: config.publicUrl,
    sessionSecret: config.sessionSecret,
    ...requestMeta(request, context),
  }).catch((error: unknown) => unexpected(logger, error, authMessages.resetFailed));
  if (!outcome.ok) {
    const status = "failedUs" in outcome ? 500 : 429;
    return refusedLogin("forgot", submission, outcome.message, { status });
  }
  return loginNews({ form: "forgot", sentTo: submission.value.email });
}
