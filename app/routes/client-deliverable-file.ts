/**
 * /d/{token}/file?id={file}: a file of a deliverable, for the client its link opens (ADR 0057). The file
 * must belong to a version of that deliverable; images are shown through the image pipeline (`?w=`),
 * and `?download=1` (and every other file) is an attachment. A dead link or another file answers 404.
 */
import { getApp } from "#app/context.server.ts";
import { clientPageMessages } from "#app/domain/client-pages.ts";
import { parseUuid } from "#app/domain/ids.ts";
import { isDeliverableFile } from "#app/models/project-room.server.ts";
import { notFound, tooManyRequests } from "#app/services/action-result.server.ts";
import { storedFileResponse } from "#app/services/file-storage.server.ts";
import { findDeliverable } from "#app/services/project-room.server.ts";
import type { Route } from "./+types/client-deliverable-file";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { database, ip } = getApp(context);
  const found = await findDeliverable(database.db, params.token, ip);
  if (!found.ok) {
    if (found.reason === "limited") tooManyRequests(clientPageMessages.tooMany, found.retryAfterSeconds ?? 60);
    notFound(clientPageMessages.invalidLink);
  }
  const query = new URL(request.url).searchParams;
  const fileId = parseUuid(query.get("id"));
  if (!fileId || !(await isDeliverableFile(database.db, found.deliverableId, fileId))) notFound("File not found");
  const width = Number(query.get("w"));
  if (query.get("download") !== "1" && Number.isInteger(width) && width > 0) {
    return storedFileResponse(database.db, fileId, request, { disposition: "inline-image", width });
  }
  return storedFileResponse(database.db, fileId, request, { disposition: "attachment" });
}
