/**
 * /admin/settings/security: the signed-in admin's active sessions (browser, address, started, last
 * seen; this one marked) with Sign out for one, for all others, or for all: the local,
 * others and global scopes. Plain POST forms: all of it works without JavaScript.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { encode } from "uqr";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { getApp } from "#app/context.server.ts";
import {
  securitySettingsPath as page,
  passkeyNotFound,
  securityActionSchema,
  securityFormId,
  sessionNotFound,
} from "#app/domain/security-forms.ts";
import { twoFactorMessages } from "#app/domain/two-factor.ts";
import { describeUserAgent } from "#app/domain/user-agent.ts";
import { deletePasskey, listPasskeys } from "#app/models/passkeys.server.ts";
import { deleteSessionOfUser, listUserSessions } from "#app/models/sessions.server.ts";
import { getTotp, removeTotp, unusedBackupCodeCount } from "#app/models/two-factor.server.ts";
import { badRequest, invalid, notFound, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { recheckPassword } from "#app/services/auth/reauth.server.ts";
import { sessionClearCookie } from "#app/services/auth/sessions.server.ts";
import {
  beginEnrolment,
  confirmEnrolment,
  enrolmentUri,
  pendingSecret,
  totpKey,
} from "#app/services/auth/two-factor.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/settings-security";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Security") }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context);
  const { config, database } = getApp(context);
  const rows = await listUserSessions(database.db, session.userId);
  const totp = await getTotp(database.db, session.userId);
  const secret =
    totp && !totp.confirmedAt ? await pendingSecret(database.db, totpKey(config.sessionSecret), session.userId) : null;
  return {
    passkeys: await listPasskeys(database.db, session.userId),
    twoFactor: {
      enabled: Boolean(totp?.confirmedAt),
      backupCodesLeft: totp?.confirmedAt ? await unusedBackupCodeCount(database.db, session.userId) : 0,
      enrolling: secret ? { secret, qr: encode(enrolmentUri(secret, session.email)).data } : null,
    },
    sessions: rows.map((row) => ({
      id: row.id,
      current: row.id === session.sessionId,
      browser: describeUserAgent(row.userAgent),
      ipAddress: row.ipAddress,
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const db = database.db;
  const key = totpKey(config.sessionSecret);
  const submission = parseWithZod(await request.formData(), { schema: securityActionSchema });
  const form = securityFormId(submission.payload);
  if (form === null) badRequest("Unknown action");
  const hideFields = ["password"];
  if (submission.status !== "success") {
    if (submission.payload.intent === "session-sign-out") notFound(sessionNotFound);
    return invalid(submission, { form, hideFields });
  }
  const value = submission.value;

  if (value.intent === "totp-start" || value.intent === "totp-disable" || value.intent === "passkey-remove") {
    // starting over would silently replace a working second factor: turning it off comes first
    if (value.intent === "totp-start" && (await getTotp(db, session.userId))?.confirmedAt) {
      return refuse(409, twoFactorMessages.alreadyOn, { form, submission, hideFields });
    }
    const purpose = value.intent === "passkey-remove" ? "passkey-remove" : value.intent;
    const check = await recheckPassword(db, { userId: session.userId, password: value.password, purpose, ip });
    if (!check.ok && check.reason === "limited") {
      return refuse(429, twoFactorMessages.tooManyChecks, { form, submission, hideFields });
    }
    if (!check.ok) {
      return invalid(submission, { form, hideFields, fieldErrors: { password: [twoFactorMessages.wrongPassword] } });
    }
    if (value.intent === "totp-start") {
      await beginEnrolment(db, key, session);
      return redirect(page);
    }
    if (value.intent === "passkey-remove") {
      const removed = await auditedChange(db, (tx) => deletePasskey(tx, session.userId, value.id), {
        actor: session,
        ip,
        event: "passkey_removed",
      });
      if (!removed) notFound(passkeyNotFound);
      return redirectWithToast(config, page, { type: "success", message: "Passkey removed" });
    }
    await auditedChange(db, (tx) => removeTotp(tx, session.userId), { actor: session, ip, event: "totp_disabled" });
    return redirectWithToast(config, page, { type: "success", message: twoFactorMessages.disabled });
  }
  if (value.intent === "totp-confirm") {
    const codes = await auditedChange(db, (tx) => confirmEnrolment(tx, key, session.userId, value.code), {
      actor: session,
      ip,
      event: "totp_enabled",
    });
    if (!codes) return invalid(submission, { form, fieldErrors: { code: [twoFactorMessages.invalidCode] } });
    return data({ backupCodes: codes }, { headers: { "Cache-Control": "no-store" } });
  }
  if (value.intent === "totp-cancel") {
    const totp = await getTotp(db, session.userId);
    if (totp && !totp.confirmedAt) await removeTotp(db, session.userId);
    return redirect(page);
  }

  const id = value.session_id;
  const ended = await auditedChange(db, (tx) => deleteSessionOfUser(tx, session.userId, id), {
    actor: session,
    ip,
    event: "session_revoked",
    detail: { current: id === session.sessionId },
  });
  if (!ended) notFound(sessionNotFound);
  if (id === session.sessionId) {
    return redirect("/admin/login", { headers: { "Set-Cookie": await sessionClearCookie(config) } });
  }
  return redirectWithToast(config, page, { type: "success", message: "The session is signed out" });
}

// The page (its forms, Conform and their schemas) loads as a chunk of its own: the server renders it in
// place, and its forms post without JavaScript until the chunk is there.
const SettingsSecurityPage = splitComponent(() =>
  import("./settings-security-page.tsx").then((module) => module.SettingsSecurity),
);

export default function SettingsSecurityRoute(props: Route.ComponentProps) {
  return <SettingsSecurityPage {...props} />;
}
