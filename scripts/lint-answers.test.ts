/**
 * `npm run lint:answers` (run by `npm run lint`) keeps the old ways of answering out: each case plants one
 * forbidden pattern in a scratch tree shaped like the app, then the script must fail naming that rule for
 * that file; the shared modules' own patterns and the one allowed re-export pass; and this tree passes.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findViolations } from "./lint-answers.ts";

const repo = path.resolve(import.meta.dirname, "..");
const script = path.join(repo, "scripts/lint-answers.ts");
let scratch: string | null = null;

function run(root: string) {
  const done = spawnSync(process.execPath, [script, root], { encoding: "utf8" });
  return { status: done.status, output: `${done.stdout}${done.stderr}` };
}

function plant(files: Record<string, string>) {
  scratch = mkdtempSync(path.join(tmpdir(), "lint-answers-"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), text);
  }
  return scratch;
}

afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = null;
});

type Case = { rule: string; file: string; text: string };

const cases: Case[] = [
  {
    rule: "no-raw-form-read",
    file: "app/routes/admin/planted.tsx",
    text: 'export async function action({ request }) {\n  const form = await request.formData();\n  return form.get("intent");\n}\n',
  },
  {
    rule: "no-raw-form-read",
    file: "app/routes/admin/login/planted.server.ts",
    text: 'export const token = (formData: FormData) => formData.get("token");\n',
  },
  {
    rule: "no-raw-form-read",
    file: "app/routes/admin/invoice-planted.tsx",
    text: 'export const id = (formData: FormData) => formData.getAll("id");\n',
  },
  {
    rule: "no-audit-outside-the-change",
    file: "app/routes/admin/planted.tsx",
    text: 'export async function action() {\n  await save(db);\n  await auditAction(db, session, ip, "logo_saved");\n}\n',
  },
  {
    rule: "no-raw-address-limit",
    file: "app/services/planted.server.ts",
    text: 'export const take = (db, ip) => hitRateLimit(db, "planted:" + ip, { limit: 1, windowMs: 1 });\n',
  },
  {
    rule: "no-raw-address-limit",
    file: "app/routes/admin/planted.ts",
    text: 'export const take = (db, app) =>\n  hitRateLimit(\n    db,\n    "planted:" + app.ip,\n    rule,\n  );\n',
  },
  {
    rule: "no-react-lazy",
    file: "app/routes/admin/planted.tsx",
    text: 'import { lazy } from "react";\nconst Chart = lazy(() => import("./chart.tsx"));\n',
  },
  {
    rule: "no-react-lazy",
    file: "app/components/admin/planted.tsx",
    text: 'import React from "react";\nexport const Editor = React.lazy(async () => ({ default: (await import("./x.tsx")).X }));\n',
  },
  {
    rule: "no-outside-document-reference",
    file: "app/services/planted.server.ts",
    text: "// the spec's wording for the toast\nexport const z = 3;\n",
  },
  {
    rule: "no-hand-inserted-customer",
    file: "tests/integration/planted.test.ts",
    text: 'const [c] = await db.insert(customers).values({ name: "C", email: "c@x.test" }).returning();\n',
  },
  {
    rule: "no-hand-built-cookie",
    file: "app/services/planted.server.ts",
    text: 'export const c = (t: string) => "studio_x=" + t + "; Path=/; Max-Age=60; HttpOnly; SameSite=Lax";\n',
  },
  {
    rule: "no-hand-built-cookie",
    file: "app/domain/planted.ts",
    text: "export const read = (header: string) => /(?:^|;\\s*)theme=([^;]*)/.exec(header)?.[1];\n",
  },
  {
    rule: "no-hand-built-cookie",
    file: "app/routes/planted.tsx",
    text: 'export const read = (cookieHeader: string) => cookieHeader.split(";").map((part) => part.trim());\n',
  },
  {
    rule: "no-second-id-parser",
    file: "app/domain/planted-form.ts",
    text: "export const schema = z.object({ id: z.uuid() });\n",
  },
  {
    rule: "no-second-icon-system",
    file: "app/components/admin/planted.tsx",
    text: 'import { Trash2 } from "lucide-react";\nexport const Remove = () => <Trash2 className="h-4 w-4" />;\n',
  },
  {
    rule: "no-iso-day-slice",
    file: "app/routes/admin/planted.tsx",
    text: "export const today = () => new Date().toISOString().slice(0, 10);\n",
  },
  {
    rule: "no-second-iso-day",
    file: "app/domain/planted.ts",
    text: "export function isIsoDate(value: string) {\n  return /^\\d{4}-\\d{2}-\\d{2}$/.test(value);\n}\n",
  },
  {
    rule: "no-second-iso-day",
    file: "app/services/planted.server.ts",
    text: "const isoDay = (date: Date) => date.toJSON().substring(0, 10);\nexport { isoDay };\n",
  },
  {
    rule: "no-outside-document-reference",
    file: "app/domain/planted.ts",
    text: "/** Totals as in SPEC section 9. */\nexport const x = 1;\n",
  },
  {
    rule: "no-outside-document-reference",
    file: "app/models/planted.server.ts",
    text: "// fixed in issue 13\nexport const y = 2;\n",
  },
  {
    rule: "no-error-object-answer",
    file: "app/routes/admin/planted.tsx",
    text: 'export const action = () => data({ error: "Nope" }, { status: 400 });\n',
  },
  {
    rule: "no-error-object-answer",
    file: "app/services/planted.server.ts",
    text: 'export const answer = () =>\n  data(\n    {\n      error: "split over lines",\n    },\n  );\n',
  },
  {
    rule: "no-field-error-answer",
    file: "app/routes/admin/planted.tsx",
    text: "export const action = () => data({ field, error: message });\n",
  },
  {
    rule: "no-hand-built-failure",
    file: "app/routes/admin/planted.tsx",
    text: "export const action = () => data({ result: submission.reply(), toast });\n",
  },
  {
    rule: "no-hand-built-failure",
    file: "app/routes/admin/planted.tsx",
    text: "export const action = () => data<ActionFailure>(failure);\n",
  },
  {
    rule: "no-thrown-data",
    file: "app/routes/admin/planted.tsx",
    text: 'export const loader = () => {\n  throw data("Customer not found", { status: 404 });\n};\n',
  },
  {
    rule: "no-literal-failure-status",
    file: "app/routes/admin/planted.tsx",
    text: "export const loader = () => data(null, { status: 404 });\n",
  },
  {
    rule: "no-literal-failure-status",
    file: "app/routes/planted.ts",
    text: 'export const loader = () => new Response("busy", { status: 503 });\n',
  },
  {
    rule: "no-private-not-found",
    file: "app/routes/admin/planted.tsx",
    text: "function notFound(): never {\n  throw new Error();\n}\n",
  },
  {
    rule: "no-own-error-boundary",
    file: "app/routes/admin/planted.tsx",
    text: "export function ErrorBoundary() {\n  return null;\n}\n",
  },
  {
    rule: "no-own-error-boundary",
    file: "app/routes/admin/planted.tsx",
    text: 'export { RecordBoundary as ErrorBoundary } from "#app/components/admin/record-page.tsx";\n',
  },
  {
    rule: "no-bespoke-outcome",
    file: "app/services/planted.server.ts",
    text: 'export async function send(id: string) {\n  if (!id) return { status: "not-found" };\n  return { status: "sent", id };\n}\n',
  },
  {
    rule: "no-bespoke-outcome",
    file: "app/services/auth/planted.server.ts",
    text: 'export function check(token: string) {\n  return { state: "invalid" as const };\n}\n',
  },
  {
    rule: "no-bespoke-outcome",
    file: "app/models/planted.server.ts",
    text: "export const book = async () => {\n  return {\n    kind: `taken`,\n  };\n};\n",
  },
  {
    rule: "no-http-status-below-routes",
    file: "app/services/planted.server.ts",
    text: 'export function answer() {\n  return { status: 409, body: { status: "stale" } };\n}\n',
  },
  {
    rule: "no-http-status-below-routes",
    file: "app/models/planted.server.ts",
    text: 'export const gone = () => new Response("Gone", { headers: {} });\n',
  },
  {
    rule: "no-http-status-below-routes",
    file: "app/domain/planted.ts",
    text: "export const limited = { status: 429, retryAfterSeconds: 60 };\n",
  },
  {
    rule: "no-form-read-below-routes",
    file: "app/services/planted.server.ts",
    text: 'export const honeypot = (formData: FormData) => formData.get("company_website");\n',
  },
  {
    rule: "no-form-read-below-routes",
    file: "app/models/planted.server.ts",
    text: 'export const ids = (form: FormData) => form.getAll("id");\n',
  },
  {
    rule: "no-own-error-boundary",
    file: "app/root.tsx",
    text: "const ErrorBoundary = () => null;\nexport { ErrorBoundary };\n",
  },
];

describe("npm run lint:answers", () => {
  // the rules in this process (findViolations); the command itself is run below, failing and passing
  it.each(cases)("fails on $rule planted in $file", ({ rule, file, text }) => {
    const findings = findViolations(plant({ [file]: text }));
    const named = findings.some((finding) => finding.startsWith(`${file}:`) && finding.includes(` ${rule}:`));
    expect(named, findings.join("\n")).toBe(true);
  });

  it("the command exits 1 and names the rule and the file", () => {
    const result = run(
      plant({ "app/routes/admin/planted.tsx": "export function ErrorBoundary() {\n  return null;\n}\n" }),
    );
    expect(result.status).toBe(1);
    expect(result.output).toContain("app/routes/admin/planted.tsx:1 no-own-error-boundary");
    expect(result.output).toContain("lint:answers: 1 answer(s) not made the one way");
  });

  it("passes the one way: the contract's own helpers, the shared boundary and its re-export", () => {
    const findings = findViolations(
      plant({
        "app/services/action-result.server.ts":
          "export function notFound(message: string): never {\n  throw data(message, { status: 404 });\n}\n",
        "app/components/admin/route-error.tsx": "export function AdminErrorBoundary() {\n  return null;\n}\n",
        "app/routes/admin/layout.tsx":
          'export { AdminErrorBoundary as ErrorBoundary } from "#app/components/admin/route-error.tsx";\nexport const action = () => refuse(409, message, { submission });\n',
        "app/routes/contact-send.ts": 'export const loader = () => new Response("no", { status: 405 });\n',
        "app/domain/rules.ts": 'export const name = z.string({ error: "Please enter a name" });\n',
        // the kit reads the navigation's form data, outside the routes
        "app/components/admin/form.tsx": 'export const busy = (navigation) => navigation.formData.get("intent");\n',
        // a record's own status column, and an outcome on the one Result, below the routes
        "app/models/planted.server.ts":
          'export const mark = (tx) => tx.update(rows).set({ status: "sent" });\nexport function find(row) {\n  if (!row) return fail("not-found");\n  return { ok: true, status: row.status };\n}\n',
        // a file answer through the contract's helper
        "app/services/planted-file.server.ts":
          "export const csv = (stream) => fileAnswer(stream, { 'Cache-Control': 'no-store' });\n",
        // the one home of the calendar day
        "app/domain/dates.ts":
          "export function isoDay(date: Date) {\n  return date.toISOString().slice(0, 10);\n}\nexport function isIsoDate(v: unknown) {\n  return true;\n}\n",
      }),
    );
    expect(findings).toEqual([]);
  });

  it("passes on this tree", () => {
    const result = run(repo);
    expect(result.output).toBe("");
    expect(result.status).toBe(0);
  });
});
