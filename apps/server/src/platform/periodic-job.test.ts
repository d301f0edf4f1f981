import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicJob } from './periodic-job';

/** Moves the fake clock on, running the timers and the promises they settle. */
const sleep = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** A run the test lets finish: `release` ends the one going. */
function heldRuns() {
  let starts = 0;
  let release: () => void = () => {};
  const run = () => {
    starts += 1;
    return new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  return { run, starts: () => starts, release: () => release() };
}

describe('startPeriodicJob', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs every interval, and at start when asked', async () => {
    let runs = 0;
    const job = startPeriodicJob({
      run: () => {
        runs += 1;
      },
      everyMs: 10,
      onError: () => {},
      runAtStart: true,
    });
    expect(runs).toBe(1);
    await sleep(45);
    await job.stop();
    expect(runs).toBe(5);
    const stoppedAt = runs;
    await sleep(30);
    expect(runs).toBe(stoppedAt);
  });

  it('skips the ticks that fall while a run is going', async () => {
    const held = heldRuns();
    const job = startPeriodicJob({ run: held.run, everyMs: 5, onError: () => {} });
    await sleep(40);
    expect(held.starts()).toBe(1);
    held.release();
    await sleep(20);
    expect(held.starts()).toBe(2);
    held.release();
    await job.stop();
  });

  it('runs once more after a busy run when the job asks for it', async () => {
    const held = heldRuns();
    const job = startPeriodicJob({
      run: held.run,
      everyMs: 1000,
      onError: () => {},
      runAtStart: true,
      whenBusy: 'run-after',
    });
    // No tick falls during the first run: no second run follows it.
    held.release();
    await sleep(5);
    expect(held.starts()).toBe(1);
    await job.stop();

    const busy = heldRuns();
    const again = startPeriodicJob({
      run: busy.run,
      everyMs: 5,
      onError: () => {},
      whenBusy: 'run-after',
    });
    await sleep(40);
    expect(busy.starts()).toBe(1);
    busy.release();
    await sleep(1);
    // The ticks during the first run asked for one run, which starts as soon as it ends.
    expect(busy.starts()).toBe(2);
    busy.release();
    await again.stop();
  });

  it('reports a failed run and goes on', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const job = startPeriodicJob({
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('first run failed');
      },
      everyMs: 5,
      onError: (error) => errors.push(error),
      runAtStart: true,
    });
    await sleep(30);
    await job.stop();
    expect(errors).toHaveLength(1);
    expect(runs).toBeGreaterThan(1);
  });

  it('stops without starting another run, and waits for the one going', async () => {
    const held = heldRuns();
    const job = startPeriodicJob({
      run: held.run,
      everyMs: 5,
      onError: () => {},
      runAtStart: true,
    });
    let isStopped = false;
    const stopping = job.stop().then(() => {
      isStopped = true;
    });
    await sleep(20);
    expect(isStopped).toBe(false);
    held.release();
    await stopping;
    expect(held.starts()).toBe(1);
  });
});
