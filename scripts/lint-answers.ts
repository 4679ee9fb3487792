/**
 * `npm run lint:answers` (part of `npm run lint`): the old ways of answering cannot come back
 * (docs/architecture.md, "How a route answers"), and no comment points at a document outside the
 * repository. Every rule below names the one way instead.
 * scripts/lint-answers.test.ts plants each forbidden pattern and proves this check fails.
 *
 * Usage: node scripts/lint-answers.ts [root]   (exit 1 and one line per finding when any is found)
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

type Rule = {
  name: string;
  /** repo-relative paths the rule looks at */
  applies: (file: string) => boolean;
  pattern: RegExp;
  /** the one way, said in the finding */
  instead: string;
};

const contract = "app/services/action-result.server.ts";
/** the two shared boundaries: the back office's and the public pages' */
const boundaries = ["app/components/admin/route-error.tsx", "app/components/site/route-error.tsx"] as const;
const answering = (file: string) => file.startsWith("app/routes/") || file.startsWith("app/services/");
/** below the routes: services and models (and, for statuses, the domain) */
const belowRoutes = (file: string) => file.startsWith("app/services/") || file.startsWith("app/models/");

const rules: Rule[] = [
  {
    name: "no-raw-form-read",
    applies: (file) => file.startsWith("app/routes/"),
    // a post is read whole, against its schema: parseWithZod(formData, { schema }) with a schema from app/domain
    pattern: /\b(form|formData)\.get(All)?\s*\(/,
    instead:
      "parse the post with parseWithZod(formData, { schema }) against a schema in app/domain (ids through domain/ids.ts)",
  },
  {
    name: "no-error-object-answer",
    applies: answering,
    pattern: /\{\s*error\s*:/,
    instead: "answer with invalid(), refuse() or serverError() from action-result.server.ts ({ result, toast })",
  },
  {
    name: "no-field-error-answer",
    applies: answering,
    pattern: /\{\s*field\s*[,:][^}]*\berror\b/,
    instead:
      "put a field's message in the reply: invalid(submission, { fieldErrors }) or refuse(status, message, { field })",
  },
  {
    name: "no-hand-built-failure",
    applies: (file) => answering(file) && file !== contract,
    pattern: /\bdata\s*(<[^>]*>)?\s*\(\s*\{\s*result\b|data\s*<\s*ActionFailure\b/,
    instead: "use invalid(), refuse(), serverError() or formIntent() from action-result.server.ts",
  },
  {
    name: "no-thrown-data",
    applies: (file) => answering(file) && file !== contract,
    pattern: /\bthrow\s+data\s*\(/,
    instead: "throw with notFound(), badRequest() or tooManyRequests() from action-result.server.ts",
  },
  {
    name: "no-literal-failure-status",
    applies: (file) => file.startsWith("app/routes/"),
    // 405 is a resource route's 'Method Not Allowed', not an answer of an action
    pattern: /\bstatus\s*:\s*(?!405\b)[45]\d\d\b/,
    instead: "the status comes from the contract: invalid (400), refuse (401/403/404/409/410/429), serverError (500)",
  },
  {
    name: "no-private-not-found",
    applies: (file) => file.startsWith("app/") && file !== contract,
    pattern: /\bfunction\s+notFound\s*\(|\bconst\s+notFound\s*=/,
    instead: "notFound(message) from action-result.server.ts is the one not-found helper",
  },
  {
    name: "no-own-error-boundary",
    applies: (file) => file.startsWith("app/") && !(boundaries as readonly string[]).includes(file),
    // a boundary of its own; the only export allowed is the re-export of the shared one
    pattern:
      /\b(function|const|let|class)\s+ErrorBoundary\b|export\s*\{[^}]*\bErrorBoundary\b[^}]*\}(?!\s*from\s*"#app\/components\/(admin|site)\/route-error\.tsx")/,
    instead: `re-export a shared boundary: export { AdminErrorBoundary as ErrorBoundary } from "#${boundaries[0].slice(4)}"`,
  },
  {
    name: "no-audit-outside-the-change",
    applies: (file) => file.startsWith("app/routes/"),
    // a change and its audit entry are written in one transaction
    pattern: /\bauditAction\s*\(/,
    instead: "auditedChange(db, (tx) => change(tx), { actor, ip, event, detail }) from audit.server.ts",
  },
  {
    name: "no-raw-address-limit",
    applies: (file) => file.startsWith("app/") && file !== "app/services/rate-limit.server.ts",
    // a limit keyed on a raw address: IPv6 clients rotate addresses inside their /64 and pass it
    pattern: /\bhitRateLimit\s*\([^;]*?\b(ip|address|remoteAddress)\b/,
    instead: 'hitAddressLimit(db, "bucket", ip, rule) from rate-limit.server.ts (IPv6 keyed on its /64)',
  },
  {
    name: "no-iso-day-slice",
    applies: (file) => file.startsWith("app/") && file !== "app/domain/dates.ts",
    // the UTC calendar day of an instant has one home
    pattern: /\.toISOString\(\)\s*\.slice\(\s*0\s*,\s*10\s*\)/,
    instead: "isoDay(date) from domain/dates.ts (todayIn(zone) for the studio's today)",
  },
  {
    name: "no-second-iso-day",
    applies: (file) => file.startsWith("app/") && file !== "app/domain/dates.ts",
    // a second helper for the same day drifts: two isIsoDate once disagreed about the year 1800
    pattern: /\b(function|const|let|var)\s+(isoDay|isIsoDate|isoDate|toIsoDay|utcDateString|isoDateString)\b/,
    instead: "isoDay, isIsoDate, utcDate and addDaysIso from domain/dates.ts",
  },
  {
    name: "no-hand-inserted-customer",
    applies: (file) => file.startsWith("tests/") && file !== "tests/support/records.ts",
    // a test's customers come from one factory, so a new required column is added in one place
    pattern: /\.insert\(\s*(schema\.)?customers\s*\)/,
    instead: "insertCustomer(db, values) or insertCustomers(db, list) from tests/support/records.ts",
  },
  {
    name: "no-hand-built-cookie",
    applies: (file) => file.startsWith("app/") && file !== "app/domain/cookies.ts",
    // a cookie's attributes or its reading written by hand: setCookieValue and readCookie, or createCookie
    pattern:
      /;\s*(Path|Max-Age|SameSite|Expires|Domain)=|;\s*HttpOnly\b|[cC]ookie\w*\??\.split\(\s*["'];|\(\?:\^\|;\\s\*\)/,
    instead: "setCookieValue and readCookie from domain/cookies.ts, or createCookie for a signed cookie",
  },
  {
    name: "no-second-id-parser",
    applies: (file) => file.startsWith("app/") && file !== "app/domain/ids.ts" && file !== "app/domain/id-fields.ts",
    // ids in addresses and forms are read one way: a malformed one is never a query
    pattern: /\bz\.uuid\(|\.uuid\(\s*\)|\bfunction\s+parse\w*Id\s*\(/,
    instead:
      "uuidField / serialIdField / hashIdField (domain/id-fields.ts) in a schema, parseUuid / parseSerialId (domain/ids.ts) elsewhere",
  },
  {
    name: "no-second-icon-system",
    applies: (file) =>
      file.startsWith("app/") && file !== "app/components/icons.tsx" && file !== "app/components/site/icons.ts",
    // one registry of shapes: an icon drawn from lucide directly skips the sprite and the names
    pattern: /from\s+["']lucide-react["']|from\s+["']lucide-react\/|<use\s+href=/,
    instead: '<Icon name="…" /> from components/icons.tsx (a new shape joins its `icons` map, or the site\'s)',
  },
  {
    name: "no-react-lazy",
    applies: (file) => file.startsWith("app/") && file !== "app/components/admin/split.tsx",
    // React.lazy streams its piece on the server: without JavaScript a streamed piece stays hidden
    pattern: /\bReact\.lazy\b|\blazy\s*(<[^>]*>)?\s*\(\s*\(\)\s*=>\s*import\(/,
    instead: "splitComponent(() => import(…).then((m) => m.Piece)) from components/admin/split.tsx",
  },
  {
    name: "no-bespoke-outcome",
    applies: belowRoutes,
    // an outcome named by a string in status/kind/state; a record's own status column is not returned this way
    pattern: /\breturn\s*\{\s*(status|kind|state)\s*:\s*["'`]/,
    instead:
      'return the one Result of domain/result.ts: { ok: true, ...value } or fail("reason") (the route maps each reason to its answer)',
  },
  {
    name: "no-http-status-below-routes",
    applies: (file) => (belowRoutes(file) || file.startsWith("app/domain/")) && file !== contract,
    // the route chooses the status of every answer; below it, outcomes name their reason
    pattern: /\bstatus\s*:\s*[1-5]\d\d\b|\bnew\s+Response\s*\(/,
    instead:
      "return a Result with a reason and let the route answer (refuse, invalid, serverError, fileAnswer from action-result.server.ts)",
  },
  {
    name: "no-form-read-below-routes",
    applies: belowRoutes,
    // the route parses the post; services and models take plain values
    pattern: /\b(form|formData)\.get(All)?\s*\(/,
    instead: "parse the post in the route (parseWithZod) and pass the parsed values (or the submission's payload) down",
  },
  {
    name: "no-outside-document-reference",
    applies: (file) => file.startsWith("app/"),
    // a comment citing the product spec, the design paper or an issue by number points outside the repository
    pattern: /\b(SPEC|DESIGN)(\.md)?\b|\bissue [0-9]+\b|\b[Tt]he spec\b|\bspec's\b|\bspec sections?\b/,
    instead: "say the rule itself, or cite docs/ (an ADR, docs/architecture.md, docs/security.md)",
  },
];

function sourceFiles(root: string, folder: string): string[] {
  const entries = readdirSync(path.join(root, folder), { withFileTypes: true });
  return entries.flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(root, relative);
    // test files are read only under tests/ (the rules for app/ are about production code)
    const test = /\.test\.tsx?$/.test(entry.name);
    return /\.tsx?$/.test(entry.name) && (!test || relative.startsWith("tests/")) ? [relative] : [];
  });
}

export function findViolations(root: string) {
  const findings: string[] = [];
  const folders = ["app", "tests"].filter((folder) => existsSync(path.join(root, folder)));
  for (const file of folders.flatMap((folder) => sourceFiles(root, folder))) {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const rule of rules) {
      if (!rule.applies(file)) continue;
      // the whole text, so an answer split over lines is found too
      for (const match of text.matchAll(new RegExp(rule.pattern.source, "g"))) {
        const line = text.slice(0, match.index).split("\n").length;
        findings.push(`${file}:${line} ${rule.name}: ${rule.instead}`);
      }
    }
  }
  return findings;
}

if (import.meta.main) {
  const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, ".."));
  const findings = findViolations(root);
  for (const finding of findings) console.error(finding);
  if (findings.length > 0) {
    console.error(`lint:answers: ${findings.length} answer(s) not made the one way`);
    process.exit(1);
  }
}
