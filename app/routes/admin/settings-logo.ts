/**
 * /admin/settings/logo: GET the studio's invoice logo; POST a new one (multipart field `logo`: PNG
 * or JPEG, at most 1 MB, recognised by its bytes) or `intent=remove`. The body-size limit for this
 * route is raised to about 1.2 MB at the server (every other route keeps the small limit).
 */
import { getApp } from "#app/context.server.ts";
import { checkLogo, logoMessages, maxLogoBytes } from "#app/domain/logo.ts";
import { deleteStudioLogo, getStudioLogo, saveStudioLogo } from "#app/models/studio-logo.server.ts";
import { notFound, redirectWithToast } from "#app/services/action-result.server.ts";
import { auditAction } from "#app/services/audit.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import type { Route } from "./+types/settings-logo";

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
  if (length > maxLogoBytes + 200_000) {
    return redirectWithToast(config, back, { type: "error", message: "Error", description: logoMessages.tooLarge });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return redirectWithToast(config, back, { type: "error", message: "Error", description: logoMessages.missing });
  }
  if (form.get("intent") === "remove") {
    await deleteStudioLogo(database.db);
    await auditAction(database.db, session, ip, "logo_removed");
    return redirectWithToast(config, back, { type: "success", message: logoMessages.removed });
  }
  const file = form.get("logo");
  const bytes = file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
  const checked = checkLogo(bytes);
  if (!checked.ok) {
    return redirectWithToast(config, back, { type: "error", message: "Error", description: checked.message });
  }
  await saveStudioLogo(database.db, checked.logo);
  await auditAction(database.db, session, ip, "logo_saved", { type: checked.logo.mimeType, bytes: bytes.length });
  return redirectWithToast(config, back, { type: "success", message: logoMessages.saved });
}
