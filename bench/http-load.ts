import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  /** Requests answered in the whole run. */
  requestsTotal: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Non-2xx answers, transport errors and timeouts together. */
  failures: number;
}

/**
 * Drives one URL with a fixed number of connections for a fixed time from a worker thread, so
 * the load generator does not share the event loop of the server it measures. Each connection
 * sends the bodies in turn (several callers' requests, for instance).
 */
export async function loadUrl(options: {
  url: string;
  method?: 'GET' | 'POST';
  bodies?: readonly unknown[];
  connections?: number;
  durationSeconds?: number;
}): Promise<LoadResult> {
  const method = options.method ?? 'GET';
  const result = await autocannon({
    url: options.url,
    workers: 1,
    connections: options.connections ?? 10,
    duration: options.durationSeconds ?? 10,
    requests: (options.bodies ?? [undefined]).map((body) =>
      body === undefined
        ? { method }
        : {
            method,
            body: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
          },
    ),
  });
  return {
    requestsPerSecond: result.requests.average,
    requestsTotal: result.requests.total,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}
