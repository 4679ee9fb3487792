/**
 * /admin/login/verify: the second step of signing in for an admin with two-factor on (ADR 0024).
 * The password step left a pending sign-in (a cookie naming a five-minute, single-use row, which
 * opens nothing); a current authenticator code (once) or an unused backup code turns it into a
 * session. Attempts are limited per account and per address. Works without JavaScript.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, useActionData } from "react-router";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import { safeReturnPath } from "#app/domain/return-path.ts";
import { secondFactorSchema, twoFactorMessages } from "#app/domain/two-factor.ts";
import { findUserById } from "#app/models/users.server.ts";
import { invalid, refuse } from "#app/services/action-result.server.ts";
import { audit } from "#app/services/audit.server.ts";
import { takeSecondFactorAttempt } from "#app/services/auth/limits.server.ts";
import { sessionSetCookie } from "#app/services/auth/sessions.server.ts";
import { startSession } from "#app/services/auth/sign-in.server.ts";
import {
  clearPendingSignInCookie,
  readPendingSignIn,
  totpKey,
  verifySecondFactor,
} from "#app/services/auth/two-factor.server.ts";
import { requestMeta } from "#app/services/auth.server.ts";
import type { Route } from "./+types/login-verify";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: adminTitle(matches, "Two-factor sign-in") },
  { name: "robots", content: "noindex" },
];

const noStore = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, database } = getApp(context);
  const pending = await readPendingSignIn(database.db, config, request);
  if (!pending) throw redirect("/admin/login", { headers: noStore });
  return data(null, { headers: noStore });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { config, database, ip } = getApp(context);
  const db = database.db;
  const submission = parseWithZod(await request.formData(), { schema: secondFactorSchema });
  const refusal = { field: "code", headers: noStore, submission };
  const pending = await readPendingSignIn(db, config, request);
  if (!pending) return refuse(401, twoFactorMessages.expired, refusal);
  if (submission.status !== "success") return invalid(submission, { headers: noStore });
  const user = await findUserById(db, pending.userId);
  const limited = await takeSecondFactorAttempt(db, pending.userId, ip);
  if (!user || user.disabledAt) return refuse(401, twoFactorMessages.expired, refusal);
  if (!limited.allowed) {
    await audit(db, { event: "totp_blocked", userId: user.id, email: user.email, ip });
    return refuse(429, twoFactorMessages.tooMany, { ...refusal, retryAfterSeconds: limited.retryAfterSeconds });
  }
  const method = await verifySecondFactor(db, totpKey(config.sessionSecret), user.id, submission.value.code);
  if (!method) {
    await audit(db, { event: "totp_failure", userId: user.id, email: user.email, ip });
    return invalid(submission, { fieldErrors: { code: [twoFactorMessages.invalidCode] }, headers: noStore });
  }
  const session = await startSession(db, user, requestMeta(request, context), {
    detail: { secondFactor: method },
    pendingSignIn: pending.tokenHash,
  });
  const headers = new Headers(noStore);
  headers.append("Set-Cookie", await clearPendingSignInCookie(config));
  headers.append("Set-Cookie", await sessionSetCookie(config, session.token, session.expiresAt));
  return redirect(safeReturnPath(new URL(request.url).searchParams.get("redirectTo")), { headers });
}

// The form (Conform and the code field) loads as a chunk of its own: the server renders it in place, and it
// posts without JavaScript until its chunk is there (ADR 0053).
const SecondFactorForm = splitComponent(() =>
  import("#app/components/admin/login/second-factor-form.tsx").then((module) => module.SecondFactorForm),
);

export default function LoginVerify() {
  return <SecondFactorForm failure={useActionData<typeof action>()} />;
}
