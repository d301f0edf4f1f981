import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/app-error';
import { periodicJobAfterFirstRun } from '../../platform/periodic-job';
import type { MarginMap, ReadModel, SportMargins } from '../feed/feed.types';
import type { AuditWithin } from '../operators/audit.service';
import type { MarginRow, MarginTarget, TradingRepository } from './trading.repository';

export type { MarginRow, MarginTarget } from './trading.repository';

/** How often each process reads the margins other processes may have set. */
export const marginsRefreshMs = 2_000;

function marginMapOf(rows: readonly MarginRow[]): MarginMap {
  const bySport = new Map<number, { sport: number; plays: Map<number, number> }>();
  for (const row of rows) {
    const entry = bySport.get(row.sportId) ?? { sport: 0, plays: new Map<number, number>() };
    if (row.playId === 0) entry.sport = row.margin;
    else entry.plays.set(row.playId, row.margin);
    bySport.set(row.sportId, entry);
  }
  return bySport as ReadonlyMap<number, SportMargins>;
}

/**
 * The book's margins: kept in the database, so every process (and a restart) prices with them,
 * and mirrored into this process's read model. A process applies its own changes at once and
 * everyone else's within `marginsRefreshMs`, the same as operators' holds.
 */
export function createBookMargins(deps: {
  repository: TradingRepository;
  readModel: ReadModel;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { repository, readModel, now, log } = deps;
  let rows: MarginRow[] = [];
  const refreshes = periodicJobAfterFirstRun({
    run: refresh,
    everyMs: marginsRefreshMs,
    onError: (error) => log.error({ err: error }, 'reading margins failed'),
  });

  async function refresh(): Promise<void> {
    rows = await repository.margins();
    readModel.setMargins(marginMapOf(rows));
  }

  return {
    refresh,

    /** The margins set, by sport then play. */
    list(sportId?: number): MarginRow[] {
      return rows
        .filter((row) => sportId === undefined || row.sportId === sportId)
        .sort((a, b) => a.sportId - b.sportId || a.playId - b.playId);
    },

    /** Reads the margins now (or throws), then every `marginsRefreshMs`. */
    start: refreshes.start,
    /** Stops the refreshes, waiting for one still reading. */
    stop: refreshes.stop,

    /**
     * Sets a margin (or clears it: `clear`, and no margin) with its audit entry in one
     * transaction. Answers the row now and whether anything changed (setting the margin it has
     * changes nothing).
     */
    async set(
      target: MarginTarget,
      request: { margin: number | undefined; clear: boolean; operatorId: number },
      audit: AuditWithin,
    ): Promise<{ row: MarginRow | null; applied: boolean }> {
      if (request.clear === (request.margin !== undefined))
        throw new AppError('INVALID_INPUT', 'margin: give a margin, or clear true, not both');
      const change = { margin: request.margin ?? null, operatorId: request.operatorId };
      const answer = await repository.transaction(async (queries, tx) => {
        const before = await queries.lockedMargin(target);
        if ((before?.margin ?? null) === change.margin)
          return { row: before ?? null, applied: false };
        let after: MarginRow | null = null;
        if (change.margin === null) {
          await queries.deleteMargin(target);
        } else {
          const values = { margin: change.margin, operatorId: change.operatorId, updatedAt: now() };
          after = await queries.upsertMargin(target, values);
        }
        await audit(tx, { before: before ?? null, after });
        return { row: after, applied: true };
      });
      await refresh();
      return answer;
    },
  };
}

export type BookMargins = ReturnType<typeof createBookMargins>;
