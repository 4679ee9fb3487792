/**
 * Polls until a condition holds, instead of sleeping a fixed time: returns as soon
 * as `probe` returns something other than false/undefined/null (that value), and
 * throws after `timeoutMs` (30 s by default, as Playwright's own waits: a safety net for a
 * loaded machine, not the pace).
 */
export async function until<T>(
  probe: () => T | false | undefined | null | Promise<T | false | undefined | null>,
  { timeoutMs = 30_000, intervalMs = 25, what = "the condition" } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== false && value !== undefined && value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
