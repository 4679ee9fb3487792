/**
 * /admin/settings/security: the signed-in admin's active sessions (browser, address, started, last
 * seen; this one marked) with Sign out for one, for all others, or for all: the spec's local,
 * others and global scopes. Plain POST forms: all of it works without JavaScript.
 */

import { LogOut } from "lucide-react";
import { data, Form, redirect, useActionData } from "react-router";
import { encode } from "uqr";
import { inputClass } from "#app/components/admin/form.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { AddPasskey } from "#app/components/admin/passkey-buttons.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { getApp } from "#app/context.server.ts";
import { failureMessage } from "#app/domain/action-answer.ts";
import { formatDateTime } from "#app/domain/dates.ts";
import { parseHashId } from "#app/domain/ids.ts";
import { twoFactorMessages } from "#app/domain/two-factor.ts";
import { describeUserAgent } from "#app/domain/user-agent.ts";
import { listPasskeys } from "#app/models/passkeys.server.ts";
import { deleteSessionOfUser, listUserSessions } from "#app/models/sessions.server.ts";
import { getTotp, removeTotp, unusedBackupCodeCount } from "#app/models/two-factor.server.ts";
import { invalid, notFound, redirectWithToast, refuse } from "#app/services/action-result.server.ts";
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

export const meta: Route.MetaFunction = () => [{ title: "Security | Studio back office" }];

const page = "/admin/settings/security";

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
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "revoke");
  // each two-factor form reads the answers named after its intent
  const problem = (form: string, message: string) => invalid(null, { form, formError: message });

  if (intent === "totp-start" || intent === "totp-disable") {
    // starting over would silently replace a working second factor: turning it off comes first
    if (intent === "totp-start" && (await getTotp(db, session.userId))?.confirmedAt) {
      return refuse(409, twoFactorMessages.alreadyOn, { form: intent });
    }
    const check = await recheckPassword(db, {
      userId: session.userId,
      password: form.get("password"),
      purpose: intent,
      ip,
    });
    if (check === "limited") return refuse(429, twoFactorMessages.tooManyChecks, { form: intent });
    if (check === "wrong") return problem(intent, twoFactorMessages.wrongPassword);
    if (intent === "totp-start") {
      await beginEnrolment(db, key, session);
      return redirect(page);
    }
    await auditedChange(db, (tx) => removeTotp(tx, session.userId), { actor: session, ip, event: "totp_disabled" });
    return redirectWithToast(config, page, { type: "success", message: twoFactorMessages.disabled });
  }
  if (intent === "totp-confirm") {
    const codes = await auditedChange(
      db,
      (tx) => confirmEnrolment(tx, key, session.userId, String(form.get("code") ?? "")),
      { actor: session, ip, event: "totp_enabled" },
    );
    if (!codes) return problem(intent, twoFactorMessages.invalidCode);
    return data({ backupCodes: codes }, { headers: { "Cache-Control": "no-store" } });
  }
  if (intent === "totp-cancel") {
    const totp = await getTotp(db, session.userId);
    if (totp && !totp.confirmedAt) await removeTotp(db, session.userId);
    return redirect(page);
  }

  const id = parseHashId(form.get("session_id"));
  if (!id) notFound("Session not found");
  const ended = await auditedChange(db, (tx) => deleteSessionOfUser(tx, session.userId, id), {
    actor: session,
    ip,
    event: "session_revoked",
    detail: { current: id === session.sessionId },
  });
  if (!ended) notFound("Session not found");
  if (id === session.sessionId) {
    return redirect("/admin/login", { headers: { "Set-Cookie": await sessionClearCookie(config) } });
  }
  return redirectWithToast(config, page, { type: "success", message: "The session is signed out" });
}

/** The QR code as squares on a white field (made here: the secret never leaves the server). */
function QrCode({ modules }: { modules: boolean[][] }) {
  const size = modules.length;
  const path = modules.flatMap((row, y) => row.map((on, x) => (on ? `M${x + 4} ${y + 4}h1v1h-1z` : ""))).join("");
  return (
    <svg
      viewBox={`0 0 ${size + 8} ${size + 8}`}
      className="size-48 rounded bg-white"
      role="img"
      aria-label="QR code for your authenticator app"
    >
      <title>QR code for your authenticator app</title>
      <path d={path} fill="#000" />
    </svg>
  );
}

/** The action's answer: a failure of one form (`form` is its intent), or the new backup codes. */
type ActionAnswer = unknown;

function backupCodesOf(answer: ActionAnswer) {
  return typeof answer === "object" && answer !== null && "backupCodes" in answer && Array.isArray(answer.backupCodes)
    ? (answer.backupCodes as string[])
    : null;
}

function PasswordForm({ intent, label, answer }: { intent: string; label: string; answer: ActionAnswer }) {
  const error = failureMessage(answer, { form: intent });
  return (
    <Form method="post" action={page} className="mt-3 flex flex-col gap-2 sm:max-w-sm">
      <label htmlFor={`${intent}-password`} className="text-sm font-medium text-zinc-200">
        Your password
      </label>
      <input
        id={`${intent}-password`}
        name="password"
        type="password"
        required
        autoComplete="current-password"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${intent}-error` : undefined}
        className={inputClass(Boolean(error))}
      />
      {error ? (
        <p id={`${intent}-error`} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
      <div>
        <button type="submit" name="intent" value={intent} className={buttonClass("primary", undefined, "sm")}>
          {label}
        </button>
      </div>
    </Form>
  );
}

function TwoFactor({
  state,
  answer,
}: {
  state: Route.ComponentProps["loaderData"]["twoFactor"];
  answer: ActionAnswer;
}) {
  const backupCodes = backupCodesOf(answer);
  if (backupCodes) {
    return (
      <div className="mt-2 text-sm">
        <p role="status" className="font-medium text-emerald-200">
          {twoFactorMessages.enabled}
        </p>
        <p className="mt-2 text-zinc-300">{twoFactorMessages.backupCodesNote}</p>
        <ul aria-label="Backup codes" className="mt-2 grid w-fit grid-cols-2 gap-x-6 gap-y-1 font-mono text-zinc-100">
          {backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <a href={page} className={buttonClass("secondary", "mt-3", "sm")}>
          Done
        </a>
      </div>
    );
  }
  if (state.enabled) {
    return (
      <div className="mt-1 text-sm text-zinc-300">
        <p>
          On: signing in asks for a code from your authenticator app. {state.backupCodesLeft} backup{" "}
          {state.backupCodesLeft === 1 ? "code" : "codes"} left.
        </p>
        {failureMessage(answer, { form: "totp-start" }) ? (
          <p role="alert" className="mt-2 text-sm text-red-400">
            {failureMessage(answer, { form: "totp-start" })}
          </p>
        ) : null}
        <PasswordForm intent="totp-disable" label="Turn off two-factor" answer={answer} />
      </div>
    );
  }
  if (state.enrolling) {
    const error = failureMessage(answer, { form: "totp-confirm" });
    return (
      <div className="mt-2 flex flex-col gap-3 text-sm text-zinc-300">
        <p>Scan this code with your authenticator app (or type the key), then enter the 6-digit code it shows.</p>
        <QrCode modules={state.enrolling.qr} />
        <p>
          Key:{" "}
          <code data-totp-secret className="font-mono text-zinc-100 break-all">
            {state.enrolling.secret}
          </code>
        </p>
        <Form method="post" action={page} className="flex flex-col gap-2 sm:max-w-sm">
          <label htmlFor="totp-code" className="text-sm font-medium text-zinc-200">
            Code from the app
          </label>
          <input
            id="totp-code"
            name="code"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "totp-code-error" : undefined}
            className={inputClass(Boolean(error))}
          />
          {error ? (
            <p id="totp-code-error" role="alert" className="text-sm text-red-400">
              {error}
            </p>
          ) : null}
          <div className="flex gap-2">
            <button
              type="submit"
              name="intent"
              value="totp-confirm"
              className={buttonClass("primary", undefined, "sm")}
            >
              Turn on
            </button>
            <button
              type="submit"
              name="intent"
              value="totp-cancel"
              formNoValidate
              className={buttonClass("ghost", undefined, "sm")}
            >
              Cancel
            </button>
          </div>
        </Form>
      </div>
    );
  }
  return (
    <div className="mt-1 text-sm text-zinc-300">
      <p>Off. Add a code from an authenticator app to every sign-in: confirm your password to start.</p>
      <PasswordForm intent="totp-start" label="Set up two-factor" answer={answer} />
    </div>
  );
}

export default function SettingsSecurity({ loaderData }: Route.ComponentProps) {
  const { sessions, twoFactor, passkeys } = loaderData;
  const answer = useActionData<typeof action>() as ActionAnswer;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader title="Security" description="Two-factor sign-in, passkeys, and where you are signed in." />
      <section aria-labelledby="two-factor-title" className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-4">
        <h2 id="two-factor-title" className="text-base font-semibold">
          Two-factor authentication
        </h2>
        <TwoFactor state={twoFactor} answer={answer} />
      </section>
      <section aria-labelledby="passkeys-title" className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-4">
        <h2 id="passkeys-title" className="text-base font-semibold">
          Passkeys
        </h2>
        <p className="mt-1 text-sm text-zinc-300">
          Sign in with your fingerprint, face or device PIN instead of a password. A passkey cannot be phished.
        </p>
        {passkeys.length > 0 ? (
          <ul aria-label="Your passkeys" className="mt-2 flex flex-col divide-y divide-zinc-800">
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-end sm:justify-between">
                <div className="text-sm">
                  <p className="font-medium text-zinc-100">{passkey.name}</p>
                  <p className="text-xs text-zinc-400">
                    added {formatDateTime(new Date(passkey.createdAt))}
                    {passkey.lastUsedAt ? ` · last used ${formatDateTime(new Date(passkey.lastUsedAt))}` : ""}
                  </p>
                </div>
                <Form method="post" action="/admin/settings/passkeys" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="id" value={passkey.id} />
                  <label className="flex flex-col gap-1 text-xs text-zinc-300">
                    Password to remove
                    <input
                      name="password"
                      type="password"
                      required
                      autoComplete="current-password"
                      className={inputClass()}
                    />
                  </label>
                  <button
                    type="submit"
                    name="intent"
                    value="delete"
                    className={buttonClass("secondary", undefined, "sm")}
                    data-row-action
                  >
                    Remove {passkey.name}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : null}
        <AddPasskey />
      </section>
      <section aria-labelledby="sessions-title" className="rounded-lg border border-zinc-800 bg-zinc-900/40 p-4">
        <h2 id="sessions-title" className="text-base font-semibold">
          Active sessions
        </h2>
        <ul className="mt-2 flex flex-col divide-y divide-zinc-800">
          {sessions.map((row) => (
            <li key={row.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-zinc-100">
                  {row.browser}
                  {row.current ? (
                    <span className="ml-2 rounded bg-emerald-950 px-1.5 py-0.5 text-xs text-emerald-200">
                      This session
                    </span>
                  ) : null}
                </p>
                <p className="text-xs break-words text-zinc-400">
                  {row.ipAddress ?? "Unknown address"} · started {formatDateTime(new Date(row.createdAt))} · last seen{" "}
                  {formatDateTime(new Date(row.lastSeenAt))}
                </p>
              </div>
              <Form method="post" action={page}>
                <input type="hidden" name="session_id" value={row.id} />
                <button
                  type="submit"
                  className={buttonClass("secondary", undefined, "sm")}
                  aria-label={
                    row.current
                      ? "Sign out this session"
                      : `Sign out ${row.browser}, last seen ${formatDateTime(new Date(row.lastSeenAt))}`
                  }
                  data-row-action
                >
                  <LogOut aria-hidden className="size-4" />
                  Sign out
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <div className="mt-3 flex flex-wrap gap-2 border-t border-zinc-800 pt-3">
          <Form method="post" action="/admin/logout">
            <input type="hidden" name="scope" value="others" />
            <button type="submit" className={buttonClass("secondary", undefined, "sm")} disabled={sessions.length < 2}>
              Sign out all other sessions
            </button>
          </Form>
          <Form method="post" action="/admin/logout">
            <input type="hidden" name="scope" value="global" />
            <button type="submit" className={buttonClass("secondary", undefined, "sm")}>
              Sign out everywhere
            </button>
          </Form>
        </div>
      </section>
    </div>
  );
}
