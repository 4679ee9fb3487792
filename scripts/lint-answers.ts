/**
 * `npm run lint:answers` (part of `npm run lint`): the old ways of answering cannot come back
 * (docs/architecture.md, "How a route answers"), and no comment points at a document outside the
 * repository. Every rule below names the one way instead.
 * scripts/lint-answers.test.ts plants each forbidden pattern and proves this check fails.
 *
 * Usage: node scripts/lint-answers.ts [root]   (exit 1 and one line per finding when any is found)
 */
import { readdirSync, readFileSync } from "node:fs";
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
    name: "no-react-lazy",
    applies: (file) => file.startsWith("app/") && file !== "app/components/admin/split.tsx",
    // React.lazy streams its piece on the server: without JavaScript a streamed piece stays hidden
    pattern: /\bReact\.lazy\b|\blazy\s*(<[^>]*>)?\s*\(\s*\(\)\s*=>\s*import\(/,
    instead: "splitComponent(() => import(…).then((m) => m.Piece)) from components/admin/split.tsx",
  },
  {
    name: "no-outside-document-reference",
    applies: (file) => file.startsWith("app/"),
    // a comment citing the product spec, the design paper or an issue by number points outside the repository
    pattern: /\b(SPEC|DESIGN)(\.md)?\b|\bissue [0-9]+\b/,
    instead: "say the rule itself, or cite docs/ (an ADR, docs/architecture.md, docs/security.md)",
  },
];

function sourceFiles(root: string, folder: string): string[] {
  const entries = readdirSync(path.join(root, folder), { withFileTypes: true });
  return entries.flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(root, relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

export function findViolations(root: string) {
  const findings: string[] = [];
  for (const file of sourceFiles(root, "app")) {
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
