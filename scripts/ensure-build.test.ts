import { describe, expect, it } from "vitest";
import { runQuietly } from "./ensure-build.ts";

const chatty = "for (let i = 0; i < 140; i++) console.log('build/client/assets/chunk-' + i + '.js 0.00 kB');";

describe("runQuietly (the first npm start's build)", () => {
  it("answers one line for a build that succeeds, however much the build printed", async () => {
    const result = await runQuietly(process.execPath, ["-e", chatty], "First run: build");
    expect(result.ok).toBe(true);
    expect(result.line).toMatch(/^First run: build done in \d+\.\d s$/);
    expect(result.line.split("\n")).toHaveLength(1);
    expect(result.output.split("\n").filter(Boolean)).toHaveLength(140);
  });

  it("keeps the whole output for a build that fails, and says it failed", async () => {
    const failing = `${chatty} console.error('Error: cannot resolve ./missing'); process.exit(2);`;
    const result = await runQuietly(process.execPath, ["-e", failing], "First run: build");
    expect(result.ok).toBe(false);
    expect(result.line).toContain("failed (exit code 2)");
    expect(result.output).toContain("Error: cannot resolve ./missing");
  });

  it("says so when the command cannot start", async () => {
    const result = await runQuietly("/nonexistent/command", [], "First run: build");
    expect(result.ok).toBe(false);
    expect(result.line).toContain("could not start");
  });
});
