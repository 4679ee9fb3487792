/**
 * /admin/settings/logo: GET the studio's invoice logo; POST a new one (multipart field `logo`: PNG
 * or JPEG, at most 1 MB and 25 megapixels, recognised by its bytes, stored re-encoded to fit
 * 600 x 300 px by services/logo-image.server.ts) or `intent=remove`. A refused file answers 400
 * with the field's message. The body-size limit for this route is raised to
 * about 1.2 MB at the server, for admin sessions only (every other route keeps the small limit).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { getApp } from "#app/context.server.ts";
import { logoFormSchema, logoMessages, maxLogoBytes } from "#app/domain/logo.ts";
import { deleteStudioLogo, getStudioLogo, saveStudioLogo } from "#app/models/studio-logo.server.ts";
import { invalid, notFound, redirectWithToast } from "#app/services/action-result.server.ts";
import { auditedChange } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { prepareLogo } from "#app/services/logo-image.server.ts";
import type { Route } from "./+types/settings-logo";

/** A refused file: 400 with the message as the `logo` field's error (the settings page shows it under the input). */
const badLogo = (message: string) => invalid(null, { fieldErrors: { logo: [message] } });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const logo = await getStudioLogo(getApp(context).database.db);
  if (!logo) notFound("No logo");
  return new Response(new Uint8Array(logo.data), {
    headers: {
      "Content-Type": logo.mimeType,
      "Content-Length": String(logo.data.length),
      // the address carries the upload's version (?v=), so a new logo is a new address
      "Cache-Control": "private, max-age=86400",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context);
  const { config, database, ip } = getApp(context);
  const back = "/admin/settings";
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > maxLogoBytes + 200_000) return badLogo(logoMessages.tooLarge);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return badLogo(logoMessages.missing);
  }
  const submission = parseWithZod(form, { schema: logoFormSchema });
  if (submission.status !== "success") return badLogo(logoMessages.missing);
  if (submission.value.intent === "remove") {
    await auditedChange(database.db, (tx) => deleteStudioLogo(tx), { actor: session, ip, event: "logo_removed" });
    return redirectWithToast(config, back, { type: "success", message: logoMessages.removed });
  }
  const file = submission.value.logo;
  const bytes = file ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
  const prepared = await prepareLogo(bytes);
  if (!prepared.ok) return badLogo(prepared.message);
  await auditedChange(database.db, (tx) => saveStudioLogo(tx, prepared.logo), {
    actor: session,
    ip,
    event: "logo_saved",
    detail: { type: prepared.logo.mimeType, bytes: bytes.length, stored: prepared.logo.data.length },
  });
  return redirectWithToast(config, back, { type: "success", message: logoMessages.saved });
}
