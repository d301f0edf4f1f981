/**
 * A clock for the simulated world of a browser test: it starts on a Saturday afternoon (UTC)
 * with football under way whatever hour the test runs at (the simulated calendar has no live
 * football in some night hours), then runs at the wall clock's pace. The server and its feed
 * share it; the member site only measures durations with its own clock.
 */
export function worldClock(startMs = Date.UTC(2026, 0, 10, 15, 0, 0)): () => number {
  const startedAtMs = Date.now();
  return () => startMs + (Date.now() - startedAtMs);
}
