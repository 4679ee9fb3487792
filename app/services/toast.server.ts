/**
 * Flash toasts: an action redirects with a toast in a short-lived signed cookie; the next
 * admin page (the admin frame layout's loader) reads it once, clears it and shows it with sonner.
 */
import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { type Config, isHttps } from "#app/config.server.ts";
import type { ToastData } from "#app/domain/toast.ts";

const toastSchema: z.ZodType<ToastData> = z.object({
  type: z.enum(["success", "error", "info"]),
  message: z.string().max(500),
  /** a second line under the title ('Error' + the server's message) */
  description: z.string().max(500).optional(),
  /** the form it is about (its toast replaces that form's earlier error toasts) */
  id: z.string().max(100).optional(),
});
export type FlashToast = ToastData;

function toastCookie(config: Pick<Config, "publicUrl" | "sessionSecret">) {
  return createCookie("studio_toast", {
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps(config),
    path: "/",
    maxAge: 60,
    secrets: [config.sessionSecret],
  });
}

function toastSetCookie(config: Pick<Config, "publicUrl" | "sessionSecret">, toast: FlashToast) {
  return toastCookie(config).serialize(toast);
}

/** A redirect that shows `toast` on the next page. Extra headers (e.g. a session cookie) are kept. */
export async function redirectWithToast(
  config: Pick<Config, "publicUrl" | "sessionSecret">,
  url: string,
  toast: FlashToast,
  headers: HeadersInit = {},
) {
  const all = new Headers(headers);
  all.append("Set-Cookie", await toastSetCookie(config, toast));
  return redirect(url, { headers: all });
}

/** The pending toast, if any, and the header that clears it. */
export async function readToast(
  request: Request,
  config: Pick<Config, "publicUrl" | "sessionSecret">,
): Promise<{ toast: FlashToast | null; headers: Headers }> {
  const headers = new Headers();
  const cookie = toastCookie(config);
  const raw: unknown = await cookie.parse(request.headers.get("cookie"));
  if (raw === null || raw === undefined) return { toast: null, headers };
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0, expires: new Date(0) }));
  const parsed = toastSchema.safeParse(raw);
  return { toast: parsed.success ? parsed.data : null, headers };
}
