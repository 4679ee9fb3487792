/** HTTP load from this process with autocannon: requests per second and latency percentiles. */
import autocannon from "autocannon";

export const browserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

export type LoadResult = { rps: number; p50: number; p99: number; requests: number; non2xx: number; errors: number };

export async function load(
  url: string,
  options: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 32,
    duration: options.seconds ?? 8,
    headers: { "user-agent": browserAgent, "accept-encoding": "gzip, deflate, br", ...options.headers },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
