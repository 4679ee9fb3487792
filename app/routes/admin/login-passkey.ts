/**
 * POST /admin/login/passkey: signing in with a passkey (ADR 0025). `step=options` answers the
 * WebAuthn request options (and sets the challenge cookie); `step=verify` checks the browser's
 * answer and starts a session. JSON in, JSON out; the login page's button drives it.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { getApp } from "#app/context.server.ts";
import { authMessages } from "#app/domain/auth-messages.ts";
import { passkeySignInSchema } from "#app/domain/passkey-answer.ts";
import { safeReturnPath } from "#app/domain/return-path.ts";
import { findUserById, hasAdminRole } from "#app/models/users.server.ts";
import { refuse } from "#app/services/action-result.server.ts";
import { audit } from "#app/services/audit.server.ts";
import { takePasskeyAttempt } from "#app/services/auth/limits.server.ts";
import { authenticationOptions, verifyPasskeySignIn } from "#app/services/auth/passkeys.server.ts";
import { sessionSetCookie } from "#app/services/auth/sessions.server.ts";
import { startSession } from "#app/services/auth/sign-in.server.ts";
import { requestMeta } from "#app/services/auth.server.ts";
import type { Route } from "./+types/login-passkey";

const noStore = { "Cache-Control": "no-store" };

export async function action({ request, context }: Route.ActionArgs) {
  const { config, database, ip } = getApp(context);
  const db = database.db;
  const limited = await takePasskeyAttempt(db, ip);
  if (!limited.allowed) {
    return refuse(429, authMessages.tooManySignIns, { headers: noStore, retryAfterSeconds: limited.retryAfterSeconds });
  }
  const submission = parseWithZod(await request.formData(), { schema: passkeySignInSchema });
  if (submission.status === "success" && submission.value.step === "options") {
    const { options, cookie } = await authenticationOptions(db, config, request);
    return data({ options }, { headers: { ...noStore, "Set-Cookie": cookie } });
  }
  const sent = submission.status === "success" && submission.value.step === "verify" ? submission.value : null;
  const userId = sent ? await verifyPasskeySignIn(db, config, request, sent.response) : null;
  const user = userId ? await findUserById(db, userId) : undefined;
  if (!sent || !user || user.disabledAt) {
    await audit(db, { event: "signin_failure", ip, detail: { method: "passkey" } });
    return refuse(401, "This passkey did not sign you in. Try again or use your password.", { headers: noStore });
  }
  const session = await startSession(db, user, requestMeta(request, context), { detail: { method: "passkey" } });
  const redirectTo = (await hasAdminRole(db, user.id)) ? safeReturnPath(sent.redirectTo ?? "") : "/admin";
  return data(
    { redirectTo },
    { headers: { ...noStore, "Set-Cookie": await sessionSetCookie(config, session.token, session.expiresAt) } },
  );
}
