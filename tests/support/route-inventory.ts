/**
 * The routes of app/routes.ts as a flat list (read from the route config, not kept by hand), for the
 * tests that walk every back-office route: tests/e2e/admin-routes.test.ts and attacks.test.ts.
 */
import { readFileSync } from "node:fs";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";

/** Open by design, each tested elsewhere: signing in and out, the token-gated set-up and invitation pages. */
export const publicAdminPaths = [
  "/admin/login",
  "/admin/login/verify",
  "/admin/login/passkey",
  "/admin/logout",
  "/admin/setup",
  "/admin/invite/:token",
];

export type Leaf = { path: string; file: string };

function leaves(entries: RouteConfigEntry[], parent = ""): Leaf[] {
  return entries.flatMap((entry) => {
    const joined = entry.path === undefined ? parent : `${parent.replace(/\/$/, "")}/${entry.path}`;
    const own = entry.children?.length ? [] : [{ path: joined || "/", file: entry.file }];
    return [...own, ...leaves(entry.children ?? [], joined)];
  });
}

const sampleId = "00000000-0000-4000-8000-000000000000";

/**
 * A concrete address for a route pattern: a splat gets a probe name, each parameter `value` (a
 * well-formed unknown id unless told), keeping what follows it in the segment (`:id.pdf`).
 */
export function sampleAddress(pattern: string, value = sampleId): string {
  return pattern
    .split("/")
    .map((segment) => {
      if (segment === "*") return "inventory-probe";
      if (segment.startsWith(":")) {
        return segment.endsWith("?") ? "" : segment.replace(/^:[A-Za-z0-9_]+/, value);
      }
      return segment.replace(/\?$/, "");
    })
    .filter((segment, index) => index === 0 || segment !== "")
    .join("/");
}

/** Every route of app/routes.ts, public and admin. */
export const allRoutes = leaves(routes);
/** The routes whose module exports an action: every one that takes a POST. */
export const actionRoutes = allRoutes.filter((leaf) =>
  /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(
    readFileSync(new URL(`../../app/${leaf.file}`, import.meta.url), "utf8"),
  ),
);
export const adminRoutes = allRoutes.filter((leaf) => leaf.path === "/admin" || leaf.path.startsWith("/admin/"));
export const guardedAdminRoutes = adminRoutes.filter((leaf) => !publicAdminPaths.includes(leaf.path));
/** Guarded routes with an id in their path. */
export const idRoutes = guardedAdminRoutes.filter((leaf) => /\/:[A-Za-z0-9_]+/.test(leaf.path));
