import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The reliability suites run in two sizes: short in every `npm test` (and so in CI), full under
 * `npm run test:reliability`, which sets RELIABILITY=full and collects each suite's figures into
 * docs/reliability.md (scripts/reliability-report.ts).
 */
export const isFullRun = process.env.RELIABILITY === 'full';

/** `short` in the everyday run, `full` under `npm run test:reliability`. */
export function sized<T>(short: T, full: T): T {
  return isFullRun ? full : short;
}

export interface ReliabilityFigures {
  /** The report's section title. */
  title: string;
  /** What was run, in a sentence or two. */
  method: string;
  figures: Record<string, string | number>;
  /** The checks that passed; a failed check fails the test before anything is written. */
  checks: string[];
}

/**
 * Keeps one suite's figures for the report, in the folder the reliability run names; the
 * everyday run names none and keeps nothing. `database` tells the embedded and PostgreSQL runs
 * apart, so each writes its own entry.
 */
export function recordFigures(key: string, database: string, figures: ReliabilityFigures): void {
  const folder = process.env.RELIABILITY_REPORT_DIR;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, `${key}.${database}.json`),
    JSON.stringify({ ...figures, database }, null, 2),
  );
}
