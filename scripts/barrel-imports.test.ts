/**
 * The server must not load whole libraries it uses a corner of (issue 14, DESIGN section 8):
 * `date-fns` and `date-fns/locale` barrels cost over 300 MB each unbundled. This check fails if
 * any source file imports one of them again, or if a large library is left unbundled.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import viteConfig from "../vite.config.ts";

const root = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const barrels = [
  /from\s+["']date-fns["']/,
  /from\s+["']date-fns\/locale["']/,
  /import\(\s*["']date-fns(\/locale)?["']\s*\)/,
];

describe("server imports", () => {
  it("never imports the date-fns or date-fns/locale barrels", () => {
    const offenders = ["app", "server"]
      .flatMap((dir) => sourceFiles(path.join(root, dir)))
      .filter((file) => barrels.some((pattern) => pattern.test(readFileSync(file, "utf8"))))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });

  it("bundles the icon, dialog, toast and date libraries into the server build", () => {
    const config = typeof viteConfig === "function" ? null : viteConfig;
    const noExternal = (config?.ssr?.noExternal ?? []) as (string | RegExp)[];
    for (const name of ["drizzle-orm", "lucide-react", "radix-ui", "date-fns", "sonner"]) {
      expect(noExternal.some((entry) => (typeof entry === "string" ? entry === name : entry.test(name)))).toBe(true);
    }
  });
});

describe("the production start command", () => {
  it("runs the server with the V8 options the tests and benchmarks measure", async () => {
    const { productionNodeArgs } = await import("../tests/support/server.ts");
    const scripts = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts as Record<string, string>;
    expect(scripts.start).toContain(`node ${productionNodeArgs.join(" ")} server.ts`);
  });
});
