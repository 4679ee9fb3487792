/**
 * POST /admin/settings/passkeys (guarded): adding the admin's passkeys (ADR 0025).
 * `intent=options` (with the password: a fresh check) answers the WebAuthn creation options;
 * `intent=register` stores the verified credential. Removing one is a form of the security page
 * (`intent=passkey-remove` there).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { getApp } from "#app/context.server.ts";
import { passkeyEnrolSchema, passkeyMessages } from "#app/domain/passkey-answer.ts";
import { twoFactorMessages } from "#app/domain/two-factor.ts";
import { badRequest, invalid, refuse } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { registerPasskey, registrationOptions } from "#app/services/auth/passkeys.server.ts";
import { recheckPassword } from "#app/services/auth/reauth.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/settings-passkeys";

const noStore = { "Cache-Control": "no-store" };

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const db = database.db;
  const submission = parseWithZod(await request.formData(), { schema: passkeyEnrolSchema });
  if (submission.status !== "success") {
    if (submission.payload.intent !== "register") badRequest("Unknown action");
    return invalid(submission, { formError: passkeyMessages.notVerified, headers: noStore });
  }
  const value = submission.value;
  if (value.intent === "options") {
    const check = await recheckPassword(db, {
      userId: session.userId,
      password: value.password,
      purpose: "passkey-add",
      ip,
    });
    if (!check.ok && check.reason === "limited")
      return refuse(429, twoFactorMessages.tooManyChecks, { field: "password", headers: noStore });
    if (!check.ok) {
      return invalid(submission, {
        fieldErrors: { password: [twoFactorMessages.wrongPassword] },
        hideFields: ["password"],
        headers: noStore,
      });
    }
    const { options, cookie } = await registrationOptions(db, config, request, session);
    return data({ options }, { headers: { ...noStore, "Set-Cookie": cookie } });
  }
  const { name, response } = value;
  const added = await auditedChange(db, (tx) => registerPasskey(tx, config, request, session.userId, response, name), {
    actor: session,
    ip,
    event: "passkey_added",
    detail: { name },
  });
  if (!added) return invalid(submission, { formError: passkeyMessages.notVerified, headers: noStore });
  return data({ ok: true }, { headers: noStore });
}
