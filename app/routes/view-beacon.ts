/**
 * POST /viewed: the view beacon of the client pages (ADR 0034; app/services/view-beacon.server.ts).
 * Always 204 with no body, whether the beacon counted or not; GET is 405 (a fetch never counts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { viewBeaconSchema } from "#app/domain/view-beacon.ts";
import { recordBeacon } from "#app/services/view-beacon.server.ts";
import type { Route } from "./+types/view-beacon";

const noStore = { "Cache-Control": "no-store" };

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: viewBeaconSchema });
  if (submission.status === "success") await recordBeacon(request, context, submission.value);
  return new Response(null, { status: 204, headers: noStore });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", ...noStore } });
}
