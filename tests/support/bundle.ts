/**
 * The JavaScript a page of the production build loads up front, read from React Router's route
 * manifest (`build/client/assets/manifest-*.js`): the entry, the root and the page's route modules with
 * every chunk they import statically (their modulepreload list), gzipped at level 9. Chunks loaded on
 * demand (`splitComponent`) are not in it. Used by `bench/bundle.ts` and the budget test.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

type RouteEntry = {
  id: string;
  parentId?: string;
  path?: string;
  hasDefaultExport?: boolean;
  module: string;
  imports?: string[];
};
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, RouteEntry> };

export function readManifest(clientDir: string): Manifest {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("no route manifest in the build: run `npm run build` first");
  const text = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}

/** The files a page loads up front (its modulepreload list) and their gzip size. */
export function pageJavaScript(manifest: Manifest, clientDir: string, routes: string[]) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of ["root", ...routes]) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the manifest`);
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  let gzipBytes = 0;
  for (const file of files) gzipBytes += gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length;
  return { files: [...files], gzipBytes };
}

/** A route and its parents (outermost first, without the root): what a page of it loads up front. */
function routeChain(manifest: Manifest, id: string): string[] {
  const chain: string[] = [];
  for (let route = manifest.routes[id]; route && route.id !== "root"; route = manifest.routes[route.parentId ?? ""]) {
    chain.unshift(route.id);
  }
  return chain;
}

/** A back-office page (a route under /admin with a page component), by its address. */
export type AdminPage = { id: string; path: string; routes: string[] };

/**
 * Every page of the back office, the sign-in pages included: the routes under the admin frame whose module
 * renders a page (resource routes, such as the CSV exports, have no component and load no JavaScript).
 */
export function adminPages(manifest: Manifest): AdminPage[] {
  return Object.values(manifest.routes)
    .filter((route) => route.hasDefaultExport && route.path !== undefined)
    .map((route) => ({ id: route.id, path: `/${route.path}`, routes: routeChain(manifest, route.id) }))
    .filter(({ routes }) => routes[0] === "routes/admin/frame")
    .sort((a, b) => a.path.localeCompare(b.path));
}
