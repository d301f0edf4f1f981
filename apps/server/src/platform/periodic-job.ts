/** What a periodic job does when its next run falls due while the last one is still going. */
export type WhenBusy =
  /** Nothing: the run still going covers it, the next one comes at the next interval. */
  | 'skip'
  /** One more run, right after the one going (however many ticks fell during it). */
  | 'run-after';

export interface PeriodicJobOptions {
  /** One run of the job; runs never overlap. */
  run: () => unknown;
  /** Time between runs (a `setInterval` period: counted from the start, not a run's end). */
  everyMs: number;
  /** Hears what a run throws or rejects with; the job goes on with the next run. */
  onError: (error: unknown) => void;
  /** Runs once at start as well as after each interval. Default false. */
  runAtStart?: boolean;
  /** Default `skip`. */
  whenBusy?: WhenBusy;
  /** Lets the process exit while this timer is all that is left. Default true. */
  unref?: boolean;
}

export interface PeriodicJob {
  /** Stops the timer (no run starts after this) and waits for a run still going. */
  stop(): Promise<void>;
}

/**
 * Starts a job that runs every `everyMs`: one run at a time, each failure reported and the job
 * going on, and a stop that waits for a run in flight so that what the run uses (the database,
 * Redis) can close after it. The module's close hook (or its `stop`) calls `stop`.
 */
export function startPeriodicJob(options: PeriodicJobOptions): PeriodicJob {
  const whenBusy = options.whenBusy ?? 'skip';
  let running: Promise<void> | null = null;
  let isAskedAgain = false;
  let isStopped = false;

  async function runReported(): Promise<void> {
    do {
      isAskedAgain = false;
      try {
        await options.run();
      } catch (error) {
        options.onError(error);
      }
    } while (isAskedAgain && !isStopped);
  }

  function tick(): void {
    if (isStopped) return;
    if (running) {
      if (whenBusy === 'run-after') isAskedAgain = true;
      return;
    }
    running = runReported().finally(() => {
      running = null;
    });
  }

  const timer = setInterval(tick, options.everyMs);
  if (options.unref ?? true) timer.unref();
  if (options.runAtStart) tick();

  return {
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** A periodic job behind a module's own `start` and `stop`. */
export interface StartablePeriodicJob {
  /**
   * Runs the job once, throwing what that run throws (a module that cannot read what it needs
   * does not start), then every `everyMs`.
   */
  start(): Promise<void>;
  /** Stops the job and waits for a run in flight; nothing to stop before `start`. */
  stop(): Promise<void>;
}

/** `startPeriodicJob` for a module whose `start` must see the first run succeed. */
export function periodicJobAfterFirstRun(options: PeriodicJobOptions): StartablePeriodicJob {
  let job: PeriodicJob | undefined;
  return {
    async start() {
      await options.run();
      job = startPeriodicJob(options);
    },
    async stop() {
      await job?.stop();
    },
  };
}
