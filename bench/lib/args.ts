/** A benchmark's command-line options: `--runs 30`, `--only pglite`. */
export function arg(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

/** A numeric option, or `fallback` when it is not given. */
export function numberArg(name: string, fallback: number): number {
  const value = arg(name);
  return value === undefined ? fallback : Number(value);
}
