/**
 * Addresses that carry a secret: a client's link to a document, a proposal or a portal, a visitor's
 * link to their booking, a team invitation. Whoever has the address opens the page, so the address
 * never reaches a log line or an error report whole: `maskSecretPath` puts `[token]` in place of the
 * secret, whatever the spelling (`/I/…`, `/%69/…`, `//i/…`, `/i/….data`, sub-paths such as `/pay`).
 *
 * `secretRoutes` is the one list. Every route of app/routes.ts with a parameter is either in it or
 * has a parameter named in `publicParams`; `app/domain/secret-paths.test.ts` walks the route config
 * and fails on a route that is neither, so a new token route has to join the list.
 */

/** Every route pattern (as in app/routes.ts) whose `:token` is a secret. */
export const secretRoutes = [
  "/i/:token",
  "/i/:token/pdf",
  "/i/:token/pay",
  "/p/:token",
  "/p/:token/pdf",
  "/portal/:token",
  "/d/:token",
  "/d/:token/file",
  "/portal/:token/questionnaire",
  "/q/:token",
  "/t/:token",
  "/stop-emails/:token",
  "/book/manage/:token",
  "/admin/invite/:token",
] as const;

/**
 * What every page at a secret address answers with: never cached, and the address never leaves the
 * site as a referrer. `same-origin`, not `no-referrer`: with `no-referrer` the browser sends
 * `Origin: null` with the page's own forms (a post before the page's script, or without it), which
 * the server refuses as cross-site (server/csrf.ts).
 */
export const secretPageHeaders = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "same-origin",
} as const;

/** Route parameters that are no secret: record ids, content-addressed file names, sample slugs. */
export const publicParams = ["id", "file", "slug"] as const;

/** What stands in a logged address for the secret. */
export const maskedSecret = "[token]";

/** The segments before each secret route's parameter ("book/manage"), lower-cased, longest first. */
const secretPrefixes: string[][] = [
  ...new Set(secretRoutes.map((route) => route.slice(1, route.indexOf("/:")).toLowerCase())),
]
  .sort((a, b) => b.length - a.length)
  .map((prefix) => prefix.split("/"));

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The segments of a path as a router would resolve them: percent-decoded (segment by segment when
 * the whole cannot be), backslashes read as slashes, empty and `.` segments dropped, `..` applied.
 */
function segmentsOf(path: string): string[] {
  const raw = path.split(/[?#]/, 1)[0] ?? "";
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = raw.split("/").map(decode).join("/");
  }
  const segments: string[] = [];
  for (const segment of decoded.replaceAll("\\", "/").split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return segments;
}

/** No percent-encoding, backslash, empty or dot segment: read as it is written. */
const plainlySpelled = /^(?!.*(?:%|\\|\/\/|\/\.))/;
/** A plainly spelled path under a secret route's prefix. */
const plainSecretPath = new RegExp(`^/(?:${secretPrefixes.map((prefix) => prefix.join("/")).join("|")})/[^/]`, "i");

/**
 * The path as it may be logged: unchanged unless it names a secret route, in which case the
 * resolved path with `[token]` in place of the secret (`/i/[token]/pay`, `/p/[token].data`).
 */
export function maskSecretPath(path: string): string {
  // most addresses are plainly spelled and name no secret route: answered without splitting them
  if (plainlySpelled.test(path) && !plainSecretPath.test(path)) return path;
  const segments = segmentsOf(path);
  for (const prefix of secretPrefixes) {
    if (segments.length <= prefix.length) continue;
    if (!prefix.every((part, index) => segments[index]?.toLowerCase() === part)) continue;
    const secret = segments[prefix.length] ?? "";
    const suffix = segments.length === prefix.length + 1 && secret.toLowerCase().endsWith(".data") ? ".data" : "";
    const masked = [...segments];
    masked[prefix.length] = `${maskedSecret}${suffix}`;
    return `/${masked.join("/")}`;
  }
  return path;
}

const anySecretPath = new RegExp(
  `/(?:${secretPrefixes.map((prefix) => prefix.join("/")).join("|")})/[^/\\s"'<>?#]+`,
  "gi",
);

/** A text (an error's message or stack) with every secret route's token in it masked. */
export function maskSecretPaths(text: string): string {
  return text.replace(anySecretPath, (found) => `${found.slice(0, found.lastIndexOf("/") + 1)}${maskedSecret}`);
}
