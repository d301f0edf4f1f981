import { CALENDAR } from '@sb/feed-sim';
import { createSimulatorProvider, planResume } from '../feed/feed.service';
import type { SimulatorProvider } from '../feed/feed.types';
import type { Catalogue } from './catalogue.service';
import type { RecorderLog } from './catalogue-recorder';

export interface RecordedSimulator extends SimulatorProvider {
  /** Resolves once everything delivered so far is in the catalogue (or after `timeoutMs`). */
  flush(timeoutMs?: number): Promise<void>;
}

export interface RecordedSimulatorOptions {
  catalogue: Catalogue;
  seed: string;
  speed: number;
  /**
   * The density of a new world (FEED_DENSITY; default 1). A saved world keeps the one it began
   * with, whatever this says.
   */
  density?: number;
  /** The fixture calendar of a new world (default the latest); a saved world keeps its own. */
  calendar?: number;
  incidentRate?: number;
  /** The caller's clock, epoch ms. */
  now?: () => number;
  log?: RecorderLog & { info(details: object, message: string): void };
}

const simulatorSourcePrefix = 'simulator:';

/** The catalogue's name for a simulated world: one per seed. */
export const simulatorSource = (seed: string) => `${simulatorSourcePrefix}${seed}`;

/**
 * Every seed numbers its events the same way, so two worlds in one catalogue would share event
 * ids and each would take the other's settlements for its own. A database holds one world.
 */
async function refuseAnotherWorld(catalogue: Catalogue, source: string): Promise<void> {
  const others = (await catalogue.sources()).filter(
    (recorded) => recorded.startsWith(simulatorSourcePrefix) && recorded !== source,
  );
  if (others.length > 0) {
    const seeds = others.map((other) => other.slice(simulatorSourcePrefix.length)).join(', ');
    throw new Error(
      `this database holds the simulated world of FEED_SEED ${seeds}; another seed would mix two worlds under the same event ids: keep that seed or use a fresh database`,
    );
  }
}

/**
 * The simulator as the process that runs the feed starts it: resumed from the position the
 * catalogue saved for its seed (see `planResume`), and handing every tick to the catalogue's
 * recorder as well as to whoever reads the feed. The snapshot it starts from is recorded first,
 * so the events listed before the start have rows too.
 */
export async function startRecordedSimulator(
  options: RecordedSimulatorOptions,
): Promise<RecordedSimulator> {
  const { catalogue, seed, speed, log } = options;
  const now = options.now ?? Date.now;
  const source = simulatorSource(seed);
  await refuseAnotherWorld(catalogue, source);
  const saved = await catalogue.positionOf(source);
  const density = options.density ?? 1;
  const resumeFrom = planResume(saved, now(), speed, {
    calendar: options.calendar ?? CALENDAR,
    density,
  });
  if (saved) {
    log?.info(
      { source, saved, resumeFrom, catchUpMs: now() - resumeFrom.startTime },
      'feed resumes its saved world',
    );
  }
  if (resumeFrom.density !== density) {
    log?.warn(
      { source, density: resumeFrom.density, asked: density },
      "FEED_DENSITY differs from the saved world's: the world keeps its own, as its events and open bets hang on their ids; a fresh database starts a world at the new density",
    );
  }
  if (resumeFrom.skippedFeedMs > 0) {
    log?.warn(
      { source, skippedFeedMs: resumeFrom.skippedFeedMs },
      'feed was down past the catch-up limit: what happened in the skipped time is not sent',
    );
  }
  const simulator = createSimulatorProvider({
    seed,
    speed,
    now,
    resumeFrom,
    ...(options.incidentRate === undefined ? {} : { incidentRate: options.incidentRate }),
  });
  const recorder = catalogue.startRecording(source, {
    now: () => new Date(now()),
    ...(log ? { log } : {}),
  });

  return {
    ...simulator,
    start(onMessages, onSnapshot) {
      recorder.recordSnapshot(simulator.snapshot(), simulator.sports(), simulator.position());
      simulator.start((messages) => {
        recorder.record(messages, simulator.position());
        onMessages(messages);
      }, onSnapshot);
    },
    async stop() {
      await simulator.stop();
      await recorder.flush();
    },
    flush: (timeoutMs) => recorder.flush(timeoutMs),
  };
}
