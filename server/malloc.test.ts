import { describe, expect, it } from "vitest";
import { glibcVersion, mallocEnv, mallocWarning } from "./malloc.ts";

describe("glibc's malloc settings", () => {
  it("fixes the mmap threshold at glibc's default (setting it at all turns the dynamic threshold off)", () => {
    expect(mallocEnv).toEqual({ MALLOC_MMAP_THRESHOLD_: "131072" });
  });

  it("warns on glibc when nothing fixes the threshold", () => {
    expect(mallocWarning({}, "2.36")).toMatch(/MALLOC_MMAP_THRESHOLD_=131072/);
    expect(mallocWarning({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2" }, "2.36")).not.toBeNull();
  });

  it("is quiet when the threshold is fixed, by either variable or a tunable", () => {
    expect(mallocWarning({ ...mallocEnv }, "2.36")).toBeNull();
    expect(mallocWarning({ MALLOC_TRIM_THRESHOLD_: "131072" }, "2.36")).toBeNull();
    expect(mallocWarning({ GLIBC_TUNABLES: "glibc.malloc.mmap_threshold=131072" }, "2.36")).toBeNull();
  });

  it("is quiet on other C libraries and systems", () => {
    expect(mallocWarning({}, undefined)).toBeNull();
  });

  it("reads the running C library's version on Linux", () => {
    const version = glibcVersion();
    if (process.platform === "linux") expect(version === undefined || /^\d+\.\d+/.test(version)).toBe(true);
    else expect(version).toBeUndefined();
  });
});
