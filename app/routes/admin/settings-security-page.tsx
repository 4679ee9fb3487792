/**
 * The page of `settings-security.tsx`, a chunk loaded on demand (its forms, Conform and their schemas): the route
 * renders it through `splitComponent`, so the server renders it in place and it works without JavaScript.
 */
import { Form, useActionData } from "react-router";
import { BackupCodes } from "#app/components/admin/backup-codes.tsx";
import { AdminForm, FormError, OneTimeCodeField, PasswordField, useAdminForm } from "#app/components/admin/form.tsx";
import { type ActionFailure, RowActionForm, SubmitButton } from "#app/components/admin/form-buttons.tsx";
import { PageHeader } from "#app/components/admin/list.tsx";
import { AddPasskey } from "#app/components/admin/passkey-buttons.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { formatDateTime } from "#app/domain/dates.ts";
import {
  securitySettingsPath as page,
  passkeyFormId,
  passkeyRemoveSchema,
  totpConfirmSchema,
  totpDisableSchema,
  totpStartSchema,
} from "#app/domain/security-forms.ts";
import { twoFactorMessages } from "#app/domain/two-factor.ts";
import type { Route } from "./+types/settings-security";

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

/** The action's answer: a failure of one form (`form` names it), or the new backup codes. */
type ActionAnswer = unknown;

function backupCodesOf(answer: ActionAnswer) {
  return typeof answer === "object" && answer !== null && "backupCodes" in answer && Array.isArray(answer.backupCodes)
    ? (answer.backupCodes as string[])
    : null;
}

/** The answer when it is a failure of the form `id`. */
function failureOf(answer: ActionAnswer, id: string): ActionFailure | undefined {
  return typeof answer === "object" && answer !== null && "result" in answer && (answer as ActionFailure).form === id
    ? (answer as ActionFailure)
    : undefined;
}

function PasswordForm({
  intent,
  label,
  answer,
}: {
  intent: "totp-start" | "totp-disable";
  label: string;
  answer: ActionAnswer;
}) {
  const [form, fields] = useAdminForm({
    id: intent,
    schema: intent === "totp-start" ? totpStartSchema : totpDisableSchema,
    failure: failureOf(answer, intent),
  });
  return (
    <AdminForm form={form} action={page} className="mt-3 flex flex-col gap-2 sm:max-w-sm">
      <FormError form={form} />
      <PasswordField meta={fields.password} label="Your password" autoComplete="current-password" />
      <div>
        <SubmitButton intent={intent} action={page} pendingLabel="Checking...">
          {label}
        </SubmitButton>
      </div>
    </AdminForm>
  );
}

function ConfirmForm({ answer }: { answer: ActionAnswer }) {
  const [form, fields] = useAdminForm({
    id: "totp-confirm",
    schema: totpConfirmSchema,
    failure: failureOf(answer, "totp-confirm"),
  });
  return (
    <AdminForm form={form} action={page} className="flex flex-col gap-2 sm:max-w-sm">
      <FormError form={form} />
      <OneTimeCodeField meta={fields.code} label="Code from the app" maxLength={6} />
      <div className="flex gap-2">
        <SubmitButton intent="totp-confirm" action={page} pendingLabel="Checking...">
          Turn on
        </SubmitButton>
        <SubmitButton intent="totp-cancel" action={page} variant="ghost" formNoValidate pendingLabel="Cancelling...">
          Cancel
        </SubmitButton>
      </div>
    </AdminForm>
  );
}

function PasskeyRow({
  passkey,
  answer,
}: {
  passkey: Route.ComponentProps["loaderData"]["passkeys"][number];
  answer: ActionAnswer;
}) {
  const id = passkeyFormId(passkey.id);
  const [form, fields] = useAdminForm({
    id,
    schema: passkeyRemoveSchema,
    failure: failureOf(answer, id),
    defaultValue: { id: passkey.id },
  });
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="text-sm">
        <p className="font-medium text-zinc-100">{passkey.name}</p>
        <p className="text-xs text-zinc-400">
          added {formatDateTime(new Date(passkey.createdAt))}
          {passkey.lastUsedAt ? ` · last used ${formatDateTime(new Date(passkey.lastUsedAt))}` : ""}
        </p>
      </div>
      <AdminForm form={form} action={page} className="flex flex-col gap-1 sm:w-64">
        <FormError form={form} />
        <input type="hidden" name="id" value={passkey.id} />
        <PasswordField meta={fields.password} label="Password to remove" autoComplete="current-password" />
        <div>
          <SubmitButton
            intent="passkey-remove"
            action={page}
            variant="secondary"
            pendingLabel="Removing..."
            data-row-action
          >
            Remove {passkey.name}
          </SubmitButton>
        </div>
      </AdminForm>
    </li>
  );
}

/** A Set up posted while two-factor is on (another tab): the refusal, where the Set up form was. */
function AlreadyOn({ failure }: { failure: ActionFailure | undefined }) {
  const [form] = useAdminForm({ id: "totp-start", schema: totpStartSchema, failure });
  return (
    <div className="mt-2">
      <FormError form={form} />
    </div>
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
        <BackupCodes codes={backupCodes} doneHref={page} />
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
        <AlreadyOn failure={failureOf(answer, "totp-start")} />
        <PasswordForm intent="totp-disable" label="Turn off two-factor" answer={answer} />
      </div>
    );
  }
  if (state.enrolling) {
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
        <ConfirmForm answer={answer} />
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

export function SettingsSecurity({ loaderData }: Route.ComponentProps) {
  const { sessions, twoFactor, passkeys } = loaderData;
  const answer = useActionData() as Route.ComponentProps["actionData"] as ActionAnswer;
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
              <PasskeyRow key={passkey.id} passkey={passkey} answer={answer} />
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
              <RowActionForm
                intent="session-sign-out"
                fields={{ session_id: row.id }}
                action={page}
                className={buttonClass("secondary", { size: "sm" })}
                aria-label={
                  row.current
                    ? "Sign out this session"
                    : `Sign out ${row.browser}, last seen ${formatDateTime(new Date(row.lastSeenAt))}`
                }
                data-row-action
              >
                <Icon name="log-out" aria-hidden className="size-4" />
                Sign out
              </RowActionForm>
            </li>
          ))}
        </ul>
        <div className="mt-3 flex flex-wrap gap-2 border-t border-zinc-800 pt-3">
          <Form method="post" action="/admin/logout">
            <input type="hidden" name="scope" value="others" />
            <button type="submit" className={buttonClass("secondary", { size: "sm" })} disabled={sessions.length < 2}>
              Sign out all other sessions
            </button>
          </Form>
          <Form method="post" action="/admin/logout">
            <input type="hidden" name="scope" value="global" />
            <button type="submit" className={buttonClass("secondary", { size: "sm" })}>
              Sign out everywhere
            </button>
          </Form>
        </div>
      </section>
    </div>
  );
}
