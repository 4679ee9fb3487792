/** Login mode 1: sign in. */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import { getApp } from "#app/context.server.ts";
import { authMessages, signInSchema } from "#app/domain/auth-schemas.ts";
import { safeReturnPath } from "#app/domain/return-path.ts";
import { readSessionToken, sessionSetCookie } from "#app/services/auth/sessions.server.ts";
import { signIn } from "#app/services/auth/sign-in.server.ts";
import { requestMeta } from "#app/services/auth.server.ts";
import { type LoginActionData, unexpected } from "./shared.server.ts";

export async function signInAction(request: Request, context: Readonly<RouterContextProvider>, formData: FormData) {
  const { config, database, logger } = getApp(context);
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") {
    return data(
      { intent: "signin", result: submission.reply({ hideFields: ["password"] }) } satisfies LoginActionData,
      {
        status: 400,
      },
    );
  }
  const outcome = await signIn(database.db, {
    email: submission.value.email,
    password: submission.value.password,
    previousToken: await readSessionToken(request, config),
    ...requestMeta(request, context),
  }).catch((error: unknown) => unexpected(logger, error, authMessages.signInFailed));
  if (!outcome.ok) {
    return data({
      intent: "signin",
      result: submission.reply({ hideFields: ["password"] }),
      error: outcome.message,
    } satisfies LoginActionData);
  }
  return redirect(safeReturnPath(submission.value.redirectTo), {
    headers: { "Set-Cookie": await sessionSetCookie(config, outcome.token, outcome.expiresAt) },
  });
}
