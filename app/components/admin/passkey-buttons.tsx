/**
 * The browser half of passkeys (ADR 0025): the WebAuthn ceremony with @simplewebauthn/browser,
 * imported only when a button is pressed. Shown only once JavaScript runs (WebAuthn needs it).
 */
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { AdminForm, FormError, PasswordField, TextField, useAdminForm } from "#app/components/admin/form.tsx";
import type { ActionFailure } from "#app/components/admin/form-buttons.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { failureMessage, refusalResult } from "#app/domain/action-answer.ts";
import { passkeyAddSchema, passkeyMessages } from "#app/domain/passkey-answer.ts";

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(typeof window !== "undefined" && "PublicKeyCredential" in window), []);
  return hydrated;
}

export function PasskeySignInButton({ redirectTo }: { redirectTo: string }) {
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!hydrated) return null;
  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const first = await fetch("/admin/login/passkey", {
        method: "POST",
        body: new URLSearchParams({ step: "options" }),
      });
      const { options } = (await first.json()) as { options: Parameters<typeof startAuthentication>[0]["optionsJSON"] };
      const answer = await startAuthentication({ optionsJSON: options });
      const second = await fetch("/admin/login/passkey", {
        method: "POST",
        body: new URLSearchParams({ step: "verify", response: JSON.stringify(answer), redirectTo }),
      });
      const result = (await second.json()) as unknown;
      if (second.ok && typeof result === "object" && result !== null && "redirectTo" in result) {
        window.location.assign(String(result.redirectTo));
        return;
      }
      setError(failureMessage(result) ?? "This passkey did not sign you in.");
    } catch {
      setError("The passkey sign-in was cancelled or is not available on this device.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-3 flex flex-col gap-2">
      <button
        type="button"
        onClick={signIn}
        disabled={busy}
        className={buttonClass("secondary", { className: "w-full" })}
      >
        <Icon name="key-round" aria-hidden className="size-4" />
        {busy ? "Waiting for your passkey…" : "Use a passkey"}
      </button>
      {error ? (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function AddPasskey() {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [failure, setFailure] = useState<ActionFailure>();
  const [busy, setBusy] = useState(false);
  const refused = (message: string) => setFailure({ result: refusalResult(message) });
  const add = async (form: HTMLFormElement, fields: FormData) => {
    setBusy(true);
    setFailure(undefined);
    try {
      const { startRegistration } = await import("@simplewebauthn/browser");
      const first = await fetch("/admin/settings/passkeys", {
        method: "POST",
        body: new URLSearchParams({ intent: "options", password: String(fields.get("password") ?? "") }),
      });
      const body = (await first.json()) as { options?: Parameters<typeof startRegistration>[0]["optionsJSON"] };
      if (!first.ok || !body.options) {
        setFailure("result" in body ? (body as ActionFailure) : { result: refusalResult(passkeyMessages.notAdded) });
        return;
      }
      const answer = await startRegistration({ optionsJSON: body.options });
      const second = await fetch("/admin/settings/passkeys", {
        method: "POST",
        body: new URLSearchParams({
          intent: "register",
          response: JSON.stringify(answer),
          name: String(fields.get("name") ?? ""),
        }),
      });
      if (!second.ok) {
        const answered = (await second.json()) as unknown;
        if (typeof answered === "object" && answered !== null && "result" in answered) {
          setFailure(answered as ActionFailure);
        } else refused(passkeyMessages.notAdded);
        return;
      }
      form.reset();
      revalidator.revalidate();
    } catch {
      refused(passkeyMessages.addCancelled);
    } finally {
      setBusy(false);
    }
  };
  const [form, fields] = useAdminForm({
    id: "passkey-add",
    schema: passkeyAddSchema,
    failure,
    onSubmit: (event, { formData }) => {
      event.preventDefault();
      void add(event.currentTarget, formData);
    },
  });
  if (!hydrated) return <p className="text-sm text-zinc-400">Adding a passkey needs JavaScript.</p>;
  return (
    <AdminForm form={form} className="mt-3 flex flex-col gap-1 sm:max-w-sm">
      <FormError form={form} />
      <TextField meta={fields.name} label="Name for this passkey" maxLength={100} placeholder="e.g. Work laptop" />
      <PasswordField meta={fields.password} label="Your password" autoComplete="current-password" />
      <div>
        <button type="submit" disabled={busy} className={buttonClass("primary", { size: "sm" })}>
          <Icon name="key-round" aria-hidden className="size-4" />
          {busy ? "Waiting for your device…" : "Add a passkey"}
        </button>
      </div>
    </AdminForm>
  );
}
