/** Login mode 1: sign in. */
import { parseWithZod } from "@conform-to/zod/v4";
import { type RouterContextProvider, redirect } from "react-router";
import { getApp } from "#app/context.server.ts";
import { authMessages } from "#app/domain/auth-messages.ts";
import { signInSchema } from "#app/domain/auth-schemas.ts";
import { safeReturnPath } from "#app/domain/return-path.ts";
import { readSessionToken, sessionSetCookie } from "#app/services/auth/sessions.server.ts";
import { signIn } from "#app/services/auth/sign-in.server.ts";
import { startPendingSignIn } from "#app/services/auth/two-factor.server.ts";
import { requestMeta } from "#app/services/auth.server.ts";
import { invalidLogin, refusedLogin, unexpected } from "./shared.server.ts";

/** Each reason a sign-in fails for, answered. */
const statusOf = { limited: 429, refused: 401, unexpected: 500 } as const;

export async function signInAction(request: Request, context: Readonly<RouterContextProvider>, formData: FormData) {
  const { config, database, logger } = getApp(context);
  const hideFields = ["password"];
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") return invalidLogin("signin", submission, hideFields);
  const outcome = await signIn(database.db, {
    email: submission.value.email,
    password: submission.value.password,
    previousToken: await readSessionToken(request, config),
    ...requestMeta(request, context),
  }).catch((error: unknown) => unexpected(logger, error, authMessages.signInFailed));
  if (!outcome.ok && outcome.reason === "second-factor") {
    const cookie = await startPendingSignIn(database.db, config, outcome.userId);
    const next = `/admin/login/verify?${new URLSearchParams({ redirectTo: safeReturnPath(submission.value.redirectTo) })}`;
    return redirect(next, { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
  }
  if (!outcome.ok) {
    return refusedLogin("signin", submission, outcome.message, { status: statusOf[outcome.reason], hideFields });
  }
  return redirect(safeReturnPath(submission.value.redirectTo), {
    headers: { "Set-Cookie": await sessionSetCookie(config, outcome.token, outcome.expiresAt) },
  });
}
