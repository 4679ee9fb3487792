/**
 * POST /admin/settings/passkeys (guarded): adding and removing the admin's passkeys (ADR 0025).
 * `intent=options` (with the password: a fresh check) answers the WebAuthn creation options;
 * `intent=register` stores the verified credential; `intent=delete` (with the password) removes
 * one and goes back to the security page.
 */
import { data } from "react-router";
import { getApp } from "#app/context.server.ts";
import { registrationAnswer } from "#app/domain/passkey-answer.ts";
import { twoFactorMessages } from "#app/domain/two-factor.ts";
import { deletePasskey } from "#app/models/passkeys.server.ts";
import { badRequest, invalid, notFound, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
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
  const form = await request.formData();
  const intent = form.get("intent");
  const recheck = (purpose: "passkey-add" | "passkey-remove") =>
    recheckPassword(db, { userId: session.userId, password: form.get("password"), purpose, ip });
  if (intent === "options") {
    const check = await recheck("passkey-add");
    if (check === "limited")
      return refuse(429, twoFactorMessages.tooManyChecks, { field: "password", headers: noStore });
    if (check === "wrong") {
      return invalid(null, { fieldErrors: { password: [twoFactorMessages.wrongPassword] }, headers: noStore });
    }
    const { options, cookie } = await registrationOptions(db, config, request, session);
    return data({ options }, { headers: { ...noStore, "Set-Cookie": cookie } });
  }
  if (intent === "register") {
    const name =
      String(form.get("name") ?? "")
        .trim()
        .slice(0, 100) || "Passkey";
    const response = registrationAnswer(form.get("response"));
    const added = response
      ? await auditedChange(db, (tx) => registerPasskey(tx, config, request, session.userId, response, name), {
          actor: session,
          ip,
          event: "passkey_added",
          detail: { name },
        })
      : false;
    if (!added)
      return invalid(null, { formError: "The passkey could not be verified. Please try again.", headers: noStore });
    return data({ ok: true }, { headers: noStore });
  }
  if (intent === "delete") {
    const back = "/admin/settings/security";
    const check = await recheck("passkey-remove");
    if (check !== "ok") {
      const message = check === "limited" ? twoFactorMessages.tooManyChecks : twoFactorMessages.wrongPassword;
      return redirectWithToast(config, back, { type: "error", message });
    }
    const removed = await auditedChange(db, (tx) => deletePasskey(tx, session.userId, String(form.get("id") ?? "")), {
      actor: session,
      ip,
      event: "passkey_removed",
    });
    if (!removed) notFound("Passkey not found");
    return redirectWithToast(config, back, { type: "success", message: "Passkey removed" });
  }
  badRequest("Unknown action");
}
