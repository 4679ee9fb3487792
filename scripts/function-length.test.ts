/**
 * `npm run lint` (biome check) refuses a function over 150 lines (blank lines not counted): a scratch
 * file with one over-long function, linted with the repository's own biome.json, must fail naming
 * the rule; one line shorter passes. The scratch folder sits inside the repository (biome lints
 * nothing outside its root or in ignored folders) and is removed after each case.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const repo = path.resolve(import.meta.dirname, "..");
const biome = path.join(repo, "node_modules/.bin/biome");
let scratch: string | null = null;

/** A function of `statements` lines of body plus a blank line, which is not counted. */
function functionWith(statements: number): string {
  const body = Array.from({ length: statements }, (_, index) => `  total += ${index};`);
  return ["export function long(): number {", "  let total = 0;", ...body, "", "  return total;", "}", ""].join("\n");
}

function lint(text: string) {
  scratch = mkdtempSync(path.join(repo, "scripts", "function-length-scratch-"));
  mkdirSync(scratch, { recursive: true });
  const file = path.join(scratch, "planted.ts");
  writeFileSync(file, text);
  const done = spawnSync(biome, ["lint", path.relative(repo, file)], { cwd: repo, encoding: "utf8" });
  return { status: done.status, output: `${done.stdout}${done.stderr}` };
}

afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = null;
});

describe("biome's function length rule", () => {
  it("fails on a function of 151 lines", () => {
    const result = lint(functionWith(149));
    expect(result.output).toContain("lint/complexity/noExcessiveLinesPerFunction");
    expect(result.output).toContain("too many lines (151). Maximum allowed is 150.");
    expect(result.status).toBe(1);
  });

  it("passes a function of 150 lines (its blank line not counted)", () => {
    const result = lint(functionWith(148));
    expect(result.output).not.toContain("noExcessiveLinesPerFunction");
    expect(result.status).toBe(0);
  });
});
