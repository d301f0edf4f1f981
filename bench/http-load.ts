import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Non-2xx answers, transport errors and timeouts together. */
  failures: number;
}

/**
 * Drives one URL with a fixed number of connections for a fixed time from this process's
 * loopback and answers throughput and latency percentiles.
 */
export async function loadUrl(options: {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  connections?: number;
  durationSeconds?: number;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    connections: options.connections ?? 10,
    duration: options.durationSeconds ?? 10,
    ...(options.body === undefined
      ? {}
      : { body: JSON.stringify(options.body), headers: { 'content-type': 'application/json' } }),
  });
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}
