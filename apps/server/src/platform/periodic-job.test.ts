import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type PeriodicJobOptions,
  periodicJobAfterFirstRun,
  startPeriodicJob,
} from './periodic-job';

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

/** A job of held runs, with `options` over a 5 ms interval and no error expected. */
function startHeldJob(options: Partial<PeriodicJobOptions> = {}) {
  const held = heldRuns();
  const job = startPeriodicJob({ run: held.run, everyMs: 5, onError: () => {}, ...options });
  return { held, job };
}

// Every test runs on the fake clock; the real one is back for the next file.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startPeriodicJob', () => {
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

  it.each([
    { whenBusy: 'skip', startsAtRelease: 1 },
    { whenBusy: 'run-after', startsAtRelease: 2 },
  ] as const)('with whenBusy $whenBusy, handles the ticks that fall during a run', async (busy) => {
    const { held, job } = startHeldJob(busy);
    await sleep(40);
    expect(held.starts()).toBe(1);
    held.release();
    await sleep(1);
    // Skipped ticks are gone; asked-for ones make one run as soon as the last one ends.
    expect(held.starts()).toBe(busy.startsAtRelease);
    held.release();
    // The next tick (at 45 ms) finds no run going in either case.
    await sleep(4);
    expect(held.starts()).toBe(busy.startsAtRelease + 1);
    held.release();
    await job.stop();
  });

  it('makes no run after a run that no tick fell during', async () => {
    const { held, job } = startHeldJob({ everyMs: 1000, runAtStart: true, whenBusy: 'run-after' });
    held.release();
    await sleep(5);
    expect(held.starts()).toBe(1);
    await job.stop();
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
    const { held, job } = startHeldJob({ runAtStart: true });
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

describe('periodicJobAfterFirstRun', () => {
  it('throws what the first run throws and starts no timer', async () => {
    let runs = 0;
    const failing = async () => {
      runs += 1;
      throw new Error('cannot read');
    };
    const job = periodicJobAfterFirstRun({ run: failing, everyMs: 5, onError: () => {} });
    await expect(job.start()).rejects.toThrow('cannot read');
    await sleep(20);
    expect(runs).toBe(1);
    await job.stop();
  });

  it('runs every interval once the first run has passed, until stopped', async () => {
    let runs = 0;
    const counted = () => {
      runs += 1;
    };
    const job = periodicJobAfterFirstRun({ run: counted, everyMs: 5, onError: () => {} });
    await job.start();
    await sleep(12);
    expect(runs).toBe(3);
    await job.stop();
    await sleep(20);
    expect(runs).toBe(3);
  });
});
