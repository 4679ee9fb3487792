/**
 * /admin/login and its four modes: sign in, request a reset link,
 * check your email, set a new password (when the address fragment says type=recovery;
 * a fragment never reaches the server, so the browser reads it, and asks the server at once
 * whether the link is still usable). Each mode is a small module: the server side in
 * ./login/*.server.ts, the forms in components/admin/login/.
 */

import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, redirect, useActionData, useFetcher, useNavigate, useSearchParams } from "react-router";
import { splitComponent } from "#app/components/admin/split.tsx";
import { adminTitle } from "#app/components/admin/studio-name.ts";
import { showToast } from "#app/components/admin/toaster.tsx";
import { authMessages } from "#app/domain/auth-messages.ts";
import { loginIntentSchema } from "#app/domain/auth-schemas.ts";
import { safeReturnPath } from "#app/domain/return-path.ts";
import { getRequestSession } from "#app/services/auth.server.ts";
import type { Route } from "./+types/login";
import { forgotAction } from "./login/forgot.server.ts";
import { recoveryAction, recoveryCheckAction } from "./login/recovery.server.ts";
import type { LoginActionData, LoginIntent } from "./login/shared.server.ts";
import { signInAction } from "./login/sign-in.server.ts";

// The forms (Conform, the passkey button, the schemas' types) load as a chunk of their own: the server renders
// them in place, and a form posts without JavaScript until its chunk is there (ADR 0053).
const SignInForm = splitComponent(() =>
  import("#app/components/admin/login/sign-in-form.tsx").then((module) => module.SignInForm),
);
const ForgotForm = splitComponent(() =>
  import("#app/components/admin/login/forgot-form.tsx").then((module) => module.ForgotForm),
);
const SentView = splitComponent(() =>
  import("#app/components/admin/login/forgot-form.tsx").then((module) => module.SentView),
);
const RecoveryForm = splitComponent(() =>
  import("#app/components/admin/login/recovery-form.tsx").then((module) => module.RecoveryForm),
);
const ExpiredLinkView = splitComponent(() =>
  import("#app/components/admin/login/recovery-form.tsx").then((module) => module.ExpiredLinkView),
);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: adminTitle(matches, "Admin Login") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getRequestSession(request, context);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (session?.isAdmin) throw redirect(safeReturnPath(redirectTo));
  return data(null, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const sent = parseWithZod(formData, { schema: loginIntentSchema });
  switch (sent.status === "success" ? sent.value.intent : "signin") {
    case "forgot":
      return forgotAction(request, context, formData);
    case "recovery":
      return recoveryAction(request, context, formData);
    case "recovery-check":
      return recoveryCheckAction(request, context, formData);
    default:
      return signInAction(request, context, formData);
  }
}

type Mode = "signin" | "forgot" | "sent" | "recovery" | "expired";

export default function AdminLogin() {
  const actionData = useActionData<typeof action>() as LoginActionData | undefined;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [recoveryToken, setRecoveryToken] = useState<string | null>(null);
  const check = useFetcher<LoginActionData>();
  const submitCheck = check.submit;

  // Mode 4: the reset link's fragment (on load, or when the link is opened in this tab).
  // Keep the token in memory, take it out of the address bar, and ask whether it still works.
  useEffect(() => {
    const enterRecovery = () => {
      const fragment = new URLSearchParams(window.location.hash.slice(1));
      if (fragment.get("type") !== "recovery") return;
      const token = fragment.get("token") ?? "";
      setRecoveryToken(token);
      navigate({ pathname: "/admin/login", search: "", hash: "" }, { replace: true, preventScrollReset: true });
      void submitCheck({ intent: "recovery-check", token }, { method: "post", action: "/admin/login" });
    };
    enterRecovery();
    window.addEventListener("hashchange", enterRecovery);
    return () => window.removeEventListener("hashchange", enterRecovery);
  }, [navigate, submitCheck]);

  const linkValid = check.data && "linkValid" in check.data ? check.data.linkValid : undefined;
  const checkToast = check.data && "toast" in check.data ? check.data.toast : undefined;
  useEffect(() => {
    if (linkValid === true) showToast({ type: "info", message: authMessages.recoveryEntered, id: "recovery" });
    if (linkValid === false) showToast({ type: "error", message: authMessages.invalidResetLink, id: "recovery" });
  }, [linkValid]);
  useEffect(() => {
    if (checkToast) showToast({ ...checkToast, id: "recovery" });
  }, [checkToast]);

  const sentTo = actionData && "sentTo" in actionData ? actionData.sentTo : undefined;
  useEffect(() => {
    if (sentTo) showToast({ type: "success", message: authMessages.resetSent, id: "forgot" });
  }, [sentTo]);

  const linkDead = linkValid === false || (actionData?.form === "recovery" && actionData.linkValid === false);
  const mode: Mode =
    recoveryToken !== null
      ? linkDead
        ? "expired"
        : "recovery"
      : sentTo
        ? "sent"
        : searchParams.get("mode") === "forgot"
          ? "forgot"
          : "signin";
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const loginHref = redirectTo ? `/admin/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/admin/login";
  /** the action's failure, when it is for this mode's form */
  const failureOf = (intent: LoginIntent) =>
    actionData && "result" in actionData && actionData.form === intent ? actionData : undefined;

  switch (mode) {
    case "signin":
      return <SignInForm failure={failureOf("signin")} redirectTo={redirectTo} loginHref={loginHref} />;
    case "forgot":
      return <ForgotForm failure={failureOf("forgot")} loginHref={loginHref} />;
    case "sent":
      return <SentView email={sentTo ?? ""} loginHref={loginHref} />;
    case "expired":
      return <ExpiredLinkView forgotHref="/admin/login?mode=forgot" />;
    case "recovery":
      return <RecoveryForm failure={failureOf("recovery")} token={recoveryToken ?? ""} />;
  }
}
