/**
 * /admin/files/{id}: a stored project-room file for the owner: the original as an attachment, or
 * with `?image={width}` an image as WebP at the nearest served width. Headers and streaming:
 * `storedFileResponse` (services/file-storage.server.ts).
 */
import { getApp } from "#app/context.server.ts";
import { requireAdmin } from "#app/services/auth.server.ts";
import { storedFileResponse } from "#app/services/file-storage.server.ts";
import type { Route } from "./+types/stored-file";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const image = new URL(request.url).searchParams.get("image");
  return storedFileResponse(
    getApp(context).database.db,
    params.id,
    request,
    image === null ? { disposition: "attachment" } : { disposition: "inline-image", width: Number(image) || undefined },
  );
}
