/**
 * The server must not load whole libraries it uses a corner of: the icon, dialog and toast libraries
 * are bundled into the server build. (Dates need no library: app/domain/dates.ts is Intl alone, and
 * a date library is a lint error: `no-date-library` in .dependency-cruiser.cjs.)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import viteConfig from "../vite.config.ts";

const root = path.resolve(import.meta.dirname, "..");

describe("server imports", () => {
  it("bundles the icon, dialog and toast libraries into the server build", () => {
    const config = typeof viteConfig === "function" ? null : viteConfig;
    const noExternal = (config?.ssr?.noExternal ?? []) as (string | RegExp)[];
    for (const name of ["drizzle-orm", "lucide-react", "radix-ui", "sonner"]) {
      expect(noExternal.some((entry) => (typeof entry === "string" ? entry === name : entry.test(name)))).toBe(true);
    }
  });
});

describe("the production start command", () => {
  it("runs the server with the V8 options and the environment the tests and benchmarks measure", async () => {
    const { productionEnv, productionNodeArgs } = await import("../tests/support/server.ts");
    const scripts = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts as Record<string, string>;
    const env = Object.entries(productionEnv).map(([name, value]) => `${name}=${value} `);
    expect(scripts.start).toContain(`${env.join("")}node ${productionNodeArgs.join(" ")} server.ts`);
  });
});
