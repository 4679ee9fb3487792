import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnvFile } from "./env-file.ts";

const names = ["ENV_FILE", "STUDIO_ENV_TEST_A", "STUDIO_ENV_TEST_B"];

describe("loadEnvFile", () => {
  afterEach(() => {
    for (const name of names) delete process.env[name];
  });

  it("reads the named file; variables already set win", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "studio-env-")), ".env");
    writeFileSync(file, "STUDIO_ENV_TEST_A=from-file\nSTUDIO_ENV_TEST_B=from-file\n");
    process.env.ENV_FILE = file;
    process.env.STUDIO_ENV_TEST_A = "from-environment";
    expect(loadEnvFile()).toBe(file);
    expect(process.env.STUDIO_ENV_TEST_A).toBe("from-environment");
    expect(process.env.STUDIO_ENV_TEST_B).toBe("from-file");
  });

  it("reads nothing with ENV_FILE=none, and refuses a named file that is missing", () => {
    process.env.ENV_FILE = "none";
    expect(loadEnvFile()).toBeUndefined();
    process.env.ENV_FILE = path.join(tmpdir(), "studio-no-such-env-file");
    expect(() => loadEnvFile()).toThrow(/does not exist/);
  });
});
