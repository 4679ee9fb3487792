/**
 * glibc's malloc and the server's resident memory (ADR 0038).
 *
 * glibc raises its mmap threshold to the size of each large block it frees (up to 32 MB): once PGlite
 * has read its 9 MB WebAssembly file and 6 MB file-system image, later blocks of up to that size come
 * from the heap and the per-thread arenas instead of their own mappings, and the memory they leave
 * behind when freed stays resident (about 100 MB of the server's RSS on PGlite, docs/benchmarks.md).
 * Setting the threshold, even to its default, turns that adjustment off. It has to be in the
 * environment before Node starts: `npm start` sets it (package.json), and the tests and benchmarks
 * start the server with it (tests/support/server.ts).
 */
export const mallocEnv = { MALLOC_MMAP_THRESHOLD_: "131072" } as const;

/**
 * What to tell the operator when the server runs on glibc without a fixed mmap threshold, else
 * null. `glibc` is the C library's version, undefined on other C libraries (musl) and systems.
 */
export function mallocWarning(env: Record<string, string | undefined>, glibc: string | undefined): string | null {
  if (!glibc) return null;
  if (env.MALLOC_MMAP_THRESHOLD_ || env.MALLOC_TRIM_THRESHOLD_) return null;
  if (/glibc\.malloc\.(mmap|trim)_threshold=/.test(env.GLIBC_TUNABLES ?? "")) return null;
  return `started without MALLOC_MMAP_THRESHOLD_=${mallocEnv.MALLOC_MMAP_THRESHOLD_} in the environment: glibc's malloc then keeps about 100 MB more resident (use npm start, or set it before node starts)`;
}

/** The running glibc's version, or undefined (musl, macOS, Windows). Costs a few milliseconds. */
export function glibcVersion(): string | undefined {
  if (process.platform !== "linux") return undefined;
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  return report?.header?.glibcVersionRuntime;
}
