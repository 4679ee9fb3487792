/**
 * The studio's name in the back office (the sidebar, the sign-in card, every page's title), from the
 * admin frame's loader, so a studio sees its own name and not "Studio".
 */
import { useRouteLoaderData } from "react-router";

const frameRouteId = "routes/admin/frame";
const fallback = "Studio";

type FrameData = { studioName?: string } | undefined;

/** The studio's name, in a component under the admin frame. */
export function useStudioName(): string {
  return (useRouteLoaderData(frameRouteId) as FrameData)?.studioName ?? fallback;
}

/** A back-office page's title, "Reports | PixelForge Studio", from a route's `meta` arguments. */
export function adminTitle(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
  page: string,
): string {
  const frame = matches.find((match) => match?.id === frameRouteId)?.loaderData as FrameData;
  return `${page} | ${frame?.studioName ?? fallback}`;
}
