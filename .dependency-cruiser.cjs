/**
 * The layer rules of docs/architecture.md ("Layers"), checked on resolved file paths: an import counts the same
 * whether it is written `#app/...` or relative, and whatever folder depth either side sits at. `npm run lint`
 * runs this file; scripts/lint-layers.test.ts plants a forbidden import in each layer and proves it fails.
 * ADR 0028 says why this is not done with Biome's noRestrictedImports.
 */

/** Imports between our own files (both `#app/...` and relative specifiers resolve to "local"). */
const ours = ["local"];
/** Packages and Node built-ins, whatever package.json section lists them. */
const packages = ["core", "npm", "npm-dev", "npm-optional", "npm-peer", "npm-bundled", "npm-no-pkg", "npm-unknown"];
const testFile = "\\.test\\.tsx?$";

/** One layer: the files in `folder` may import our files under `allowed` (regexes on repo-relative paths) only. */
function layer(name, folder, allowed, comment) {
  return {
    name: `${name}-imports`,
    comment,
    severity: "error",
    from: { path: folder },
    // tests/support is for test files; the rule "no-test-code-in-production" keeps it there
    to: { dependencyTypes: ours, pathNot: [...allowed, "^tests/support/"] },
  };
}

/** Packages that only run on the server (I/O, native code, secrets): never in browser code. */
const serverPackages =
  "^node_modules/(drizzle-orm|pg|pg-[^/]+|@electric-sql/pglite|pino|nodemailer|@node-rs/argon2|sharp|@react-pdf/renderer|express|compression|@simplewebauthn/server|@epic-web/totp|@react-router/node|@react-router/express)/";

module.exports = {
  forbidden: [
    layer(
      "domain",
      "^app/domain/",
      ["^app/domain/"],
      "app/domain holds pure rules: it imports nothing of ours but domain (no database, models, services, components, routes or React).",
    ),
    {
      name: "domain-pure-packages",
      comment:
        "app/domain runs anywhere (browser, inline scripts, unit tests): no Node built-ins, only small pure packages. Type-only imports are erased and allowed.",
      severity: "error",
      from: { path: "^app/domain/", pathNot: testFile },
      to: {
        dependencyTypes: packages,
        dependencyTypesNot: ["type-only"],
        pathNot: "^node_modules/(zod|isbot|cookie|@zxcvbn-ts/language-common)/",
      },
    },
    layer(
      "db",
      "^app/db/",
      [
        "^app/db/",
        "^app/domain/",
        // The baseline seed numbers its sample invoices with the same counter as the app (one numbering rule).
        "^app/models/document-numbers\\.server\\.ts$",
      ],
      "app/db (schema, client, migrations, seed) imports db and domain only.",
    ),
    layer(
      "models",
      "^app/models/",
      ["^app/models/", "^app/db/", "^app/domain/"],
      "app/models query tables and nothing else: db, domain and other models only.",
    ),
    layer(
      "services",
      "^app/services/",
      [
        "^app/services/",
        "^app/models/",
        "^app/db/",
        "^app/domain/",
        "^app/(config|context)\\.server\\.ts$",
        // fonts embedded in the PDF renderer
        "^app/assets/",
      ],
      "app/services orchestrate models, db and domain; they never import routes or components.",
    ),
    layer(
      "routes",
      "^app/routes/",
      [
        "^app/routes/",
        "^app/services/",
        "^app/models/",
        "^app/domain/",
        "^app/components/",
        // types only (routes-no-database): the db handle a route passes on to models
        "^app/db/",
        "^app/context\\.server\\.ts$",
        // the root route's types (Route.ComponentProps of the root loader)
        "^app/root\\.tsx$",
      ],
      "app/routes are thin: they call services, models and domain and render components; no SQL, no db module (types aside: see routes-no-database).",
    ),
    {
      name: "routes-no-database",
      comment:
        "Routes never touch the database directly: models hold every query. A route may name the db's types (to pass getApp(context).db on), nothing else.",
      severity: "error",
      from: { path: "^app/routes/" },
      to: {
        path: ["^app/db/", "^node_modules/(drizzle-orm|pg|@electric-sql/pglite)/"],
        dependencyTypesNot: ["type-only"],
      },
    },
    layer(
      "components",
      "^app/components/",
      ["^app/components/", "^app/domain/"],
      "app/components get their data from the route's loader: components and domain only (no db, models, services, routes, and no browser entry scripts from app/browser).",
    ),
    layer(
      "browser",
      "^app/browser/",
      ["^app/browser/", "^app/domain/"],
      "app/browser holds the browser modules of non-hydrated pages: browser and domain only.",
    ),
    {
      name: "browser-code-no-server-modules",
      comment:
        "Components and browser modules never import a *.server.ts module, a Node built-in or a server-only package (Vite would refuse the module or ship it to the browser).",
      severity: "error",
      from: { path: "^app/(components|browser)/", pathNot: testFile },
      to: {
        path: ["\\.server\\.tsx?$", serverPackages],
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "browser-code-no-node-builtins",
      comment: "Components and browser modules run in the browser: no Node built-ins.",
      severity: "error",
      from: { path: "^app/(components|browser)/", pathNot: testFile },
      to: { dependencyTypes: ["core"] },
    },
    layer(
      "server",
      "^server(/|\\.ts$)",
      ["^server/", "^app/services/", "^app/db/", "^app/domain/", "^app/(config|context)\\.server\\.ts$"],
      "server/ is the Express layer: it reaches routes and components only through the React Router build, and data through services and db (not models).",
    ),
    {
      name: "app-not-to-server-scripts-bench",
      comment: "The app never reaches into the Express layer, scripts or benchmarks.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^(server|scripts|bench)/|^server\\.ts$" },
    },
    {
      name: "no-test-code-in-production",
      comment:
        "The app, the server and the scripts never import tests/ or a *.test.ts file (the benchmarks may: they reuse the test server harness).",
      severity: "error",
      from: { path: "^(app|server|scripts)/|^server\\.ts$", pathNot: testFile },
      to: { path: [testFile, "^tests/"] },
    },
    {
      name: "no-circular",
      comment: "No import cycles: each layer's modules form a tree.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "list-pages-through-list-page",
      comment:
        "A back-office list page renders in ListPage (components/admin/list.tsx), which places the pager: routes do not import pager.tsx.",
      severity: "error",
      from: { path: "^app/routes/" },
      to: { path: "^app/components/admin/pager\\.tsx$" },
    },
    {
      name: "no-date-library",
      comment:
        "Dates are app/domain/dates.ts, on Intl alone (ADR 0029): no date library (date-fns' barrels alone loaded over 300 MB unbundled, ADR 0022).",
      severity: "error",
      from: {},
      to: { path: "^(node_modules/)?(date-fns|dayjs|moment|luxon)(/|$)" },
    },
    {
      name: "axe-through-the-test-helper",
      comment:
        "Accessibility checks go through tests/support/axe.ts (axeViolations, seriousViolations), which runs axe in place on a page without frames: a private AxeBuilder would pay for a new page per check.",
      severity: "error",
      from: { pathNot: "^tests/support/axe\\.ts$" },
      to: { path: "^(node_modules/)?@axe-core/playwright(/|$)" },
    },
    {
      name: "not-to-unresolvable",
      comment:
        "Every import resolves (a misspelt `#app/...` would otherwise slip past the layer rules). React Router's generated `./+types/*` and Vite's `virtual:` modules are produced at build time.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: ["/\\+types/", "^virtual:"] },
    },
  ],
  options: {
    // `#app/*` resolves through the tsconfig paths (the same map as package.json "imports")
    tsConfig: { fileName: "tsconfig.json" },
    // type-only imports are in the graph too (marked "type-only"), so a layer rule sees them
    tsPreCompilationDeps: true,
    // node_modules may be a symlink (git worktrees): keep its paths as "node_modules/..." and do not descend
    preserveSymlinks: true,
    doNotFollow: { path: "(^|/)node_modules/" },
    exclude: { path: "^(build|\\.react-router|data|\\.tmp)/" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts", ".json"],
      mainFields: ["module", "main", "types"],
    },
    cache: false,
  },
};
