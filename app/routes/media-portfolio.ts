/**
 * /media/portfolio/{sha256}-{width}.webp: an uploaded portfolio image. The address names the
 * content, so it never changes: cached for a year, immutable, with an ETag. Unknown → 404.
 */
import { getApp } from "#app/context.server.ts";
import { parsePortfolioImageFile } from "#app/domain/site-content.ts";
import { getPortfolioImage } from "#app/models/portfolio.server.ts";
import { notFound } from "#app/services/action-result.server.ts";
import type { Route } from "./+types/media-portfolio";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const file = parsePortfolioImageFile(params.file);
  if (!file) notFound();
  const etag = `"${file.hash.slice(0, 32)}-${file.width}"`;
  const headers = {
    "Content-Type": "image/webp",
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  const bytes = await getPortfolioImage(getApp(context).database.db, file.hash, file.width);
  if (!bytes) notFound();
  return new Response(new Uint8Array(bytes), { headers: { ...headers, "Content-Length": String(bytes.length) } });
}
