/**
 * The layer rules (.dependency-cruiser.cjs, the table in docs/architecture.md) hold for every layer, for
 * `#app/...` and relative specifiers alike and in nested folders: each case below plants a file with one
 * forbidden import in a layer's folder, then `npm run lint:layers` (the step `npm run lint` runs, on the
 * whole tree) must fail, naming the rule for every planted file and nothing else.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const tag = "__lint_plant__";

type Plant = { file: string; imports: string[]; rule: string };

const plants: Plant[] = [
  // domain: pure rules only
  { file: `app/domain/${tag}alias.ts`, imports: ["#app/models/users.server.ts"], rule: "domain-imports" },
  { file: `app/domain/${tag}relative.ts`, imports: ["../db/schema.ts"], rule: "domain-imports" },
  { file: `app/domain/${tag}/nested.ts`, imports: ["../../services/logger.server.ts"], rule: "domain-imports" },
  { file: `app/domain/${tag}react.ts`, imports: ["react"], rule: "domain-pure-packages" },
  { file: `app/domain/${tag}node.ts`, imports: ["node:fs"], rule: "domain-pure-packages" },
  // db: db and domain
  { file: `app/db/${tag}alias.ts`, imports: ["#app/services/logger.server.ts"], rule: "db-imports" },
  { file: `app/db/${tag}relative.ts`, imports: ["../models/users.server.ts"], rule: "db-imports" },
  // models: models, db and domain
  { file: `app/models/${tag}alias.ts`, imports: ["#app/services/audit.server.ts"], rule: "models-imports" },
  { file: `app/models/${tag}relative.ts`, imports: ["../routes/admin/layout.tsx"], rule: "models-imports" },
  // services: no routes, no components
  { file: `app/services/${tag}alias.ts`, imports: ["#app/routes/admin/layout.tsx"], rule: "services-imports" },
  {
    file: `app/services/auth/${tag}relative.ts`,
    imports: ["../../components/admin/form.tsx"],
    rule: "services-imports",
  },
  // routes: no database module, no SQL, not the Express layer
  { file: `app/routes/${tag}alias.ts`, imports: ["#app/db/schema.ts"], rule: "routes-no-database" },
  { file: `app/routes/${tag}drizzle.ts`, imports: ["drizzle-orm"], rule: "routes-no-database" },
  {
    file: `app/routes/admin/customers/${tag}relative.ts`,
    imports: ["../../../../server/csrf.ts"],
    rule: "routes-imports",
  },
  // components: components and domain, nothing that runs on the server
  { file: `app/components/${tag}alias.ts`, imports: ["#app/models/users.server.ts"], rule: "components-imports" },
  {
    file: `app/components/admin/${tag}relative.ts`,
    imports: ["../../services/toast.server.ts"],
    rule: "components-imports",
  },
  { file: `app/components/${tag}client.ts`, imports: ["#app/browser/toast.ts"], rule: "components-imports" },
  {
    file: `app/components/admin/${tag}server-module.ts`,
    imports: ["../../config.server.ts"],
    rule: "browser-code-no-server-modules",
  },
  { file: `app/components/${tag}pino.ts`, imports: ["pino"], rule: "browser-code-no-server-modules" },
  { file: `app/components/${tag}node.ts`, imports: ["node:fs"], rule: "browser-code-no-node-builtins" },
  // browser: browser and domain
  { file: `app/browser/${tag}alias.ts`, imports: ["#app/components/nonce.tsx"], rule: "browser-imports" },
  { file: `app/browser/${tag}relative.ts`, imports: ["../services/toast.server.ts"], rule: "browser-imports" },
  // server (Express): services, db, domain; routes and components only through the build
  { file: `server/${tag}alias.ts`, imports: ["#app/models/users.server.ts"], rule: "server-imports" },
  { file: `server/${tag}relative.ts`, imports: ["../app/routes/admin/layout.tsx"], rule: "server-imports" },
  // across layers
  {
    file: `app/services/${tag}test-code.ts`,
    imports: ["../../tests/support/wait.ts"],
    rule: "no-test-code-in-production",
  },
  // with `${tag}cycle-b.ts` (below), which imports it back
  { file: `app/domain/${tag}cycle-a.ts`, imports: [`./${tag}cycle-b.ts`], rule: "no-circular" },
  {
    file: `app/routes/admin/${tag}own-pager.ts`,
    imports: ["#app/components/admin/pager.tsx"],
    rule: "list-pages-through-list-page",
  },
  { file: `app/domain/${tag}date-fns.ts`, imports: ["date-fns"], rule: "no-date-library" },
  { file: `app/components/${tag}date-fns-locale.ts`, imports: ["date-fns/locale"], rule: "no-date-library" },
  { file: `server/${tag}missing.ts`, imports: ["#app/domain/no-such-module.ts"], rule: "not-to-unresolvable" },
];

/** Files the plants need that break no rule on their own. */
const companions = [{ file: `app/domain/${tag}cycle-b.ts`, imports: [`./${tag}cycle-a.ts`] }];

function removePlants() {
  for (const plant of [...plants, ...companions]) rmSync(path.join(root, plant.file), { force: true });
  rmSync(path.join(root, `app/domain/${tag}`), { recursive: true, force: true });
}

type Violation = { rule: string; from: string; line: string };
let run: { status: number | null; violations: Violation[]; output: string };

/** The violations in depcruise's default report: "  error rule-name: from → to" (a cycle goes on over lines). */
function violations(report: string): Violation[] {
  return [...report.matchAll(/^\s*error ([\w-]+): (\S+) →(.*)$/gm)].map(([line, rule = "", from = ""]) => ({
    rule,
    from,
    line: line.trim(),
  }));
}

describe("npm run lint:layers", () => {
  beforeAll(() => {
    removePlants();
    try {
      for (const plant of [...plants, ...companions]) {
        mkdirSync(path.dirname(path.join(root, plant.file)), { recursive: true });
        const source = plant.imports.map((specifier) => `import "${specifier}";\n`).join("");
        writeFileSync(path.join(root, plant.file), source);
      }
      // the default report: its exit code is the number of errors (the JSON report always exits 0)
      const result = spawnSync("npm", ["run", "--silent", "lint:layers"], { cwd: root, encoding: "utf8" });
      const output = `${result.stdout}${result.stderr}`;
      run = { status: result.status, violations: violations(output), output };
    } finally {
      removePlants();
    }
  }, 60_000);

  afterAll(removePlants);

  it("fails when a forbidden import is planted", () => {
    expect(run.status, run.output).not.toBe(0);
  });

  it.each(plants)("$file: $imports.0 breaks $rule", (plant) => {
    const rules = run.violations.filter((v) => v.from === plant.file).map((v) => v.rule);
    expect(rules, run.output).toContain(plant.rule);
  });

  it("finds nothing outside the planted files: the tree itself passes", () => {
    const planted = new Set([...plants, ...companions].map((plant) => plant.file));
    expect(run.violations.filter((v) => !planted.has(v.from)).map((v) => v.line)).toEqual([]);
  });
});
