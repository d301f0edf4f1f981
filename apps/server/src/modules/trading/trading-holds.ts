import { marketKey } from '@sb/feed-sim';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { periodicJobAfterFirstRun } from '../../platform/periodic-job';
import { matchHoldKey } from '../feed/feed.service';
import type { HoldMap, ReadModel } from '../feed/feed.types';
import type { AuditWithin } from '../operators/audit.service';
import type { HoldRow, HoldTarget, TradingRepository } from './trading.repository';

export type { HoldRow, HoldTarget } from './trading.repository';

/** How often each process reads the holds other processes may have set. */
export const holdsRefreshMs = 2_000;

/** The read model's key of a hold: the market's key, or the whole-match key. */
export const holdKeyOf = (target: Pick<HoldTarget, 'playId' | 'specifiers'>) =>
  target.playId === 0 ? matchHoldKey : marketKey(target);

function holdMapOf(rows: readonly HoldRow[]): HoldMap {
  const map = new Map<number, Set<string>>();
  for (const row of rows) {
    const keys = map.get(row.eventId) ?? new Set<string>();
    keys.add(holdKeyOf(row));
    map.set(row.eventId, keys);
  }
  return map;
}

/**
 * Operators' holds: kept in the database, so every process (and a restart) sees them, and
 * mirrored into this process's read model, where they make markets read suspended. A process
 * applies its own changes at once and everyone else's within `holdsRefreshMs`.
 */
export function createTradingHolds(deps: {
  repository: TradingRepository;
  readModel: ReadModel;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { repository, readModel, now, log } = deps;
  let rows: HoldRow[] = [];

  /** Reads every hold and hands them to the read model (holds are few: one row each). */
  async function refresh(): Promise<void> {
    rows = await repository.holds();
    readModel.setHolds(holdMapOf(rows));
  }

  function holdOf(target: HoldTarget): HoldRow | undefined {
    return rows.find(
      (row) =>
        row.eventId === target.eventId &&
        row.playId === target.playId &&
        row.specifiers === target.specifiers,
    );
  }

  const refreshes = periodicJobAfterFirstRun({
    run: refresh,
    everyMs: holdsRefreshMs,
    onError: (error) => log.error({ err: error }, 'reading holds failed'),
  });

  return {
    holdOf,
    refresh,

    /** Reads the holds now (or throws), then every `holdsRefreshMs`. */
    start: refreshes.start,
    /** Stops the refreshes, waiting for one still reading. */
    stop: refreshes.stop,

    /** Holds a market inside the caller's transaction, unless it is held already. */
    async holdWithin(
      tx: Database,
      target: HoldTarget,
      hold: { reason: string; operatorId: number; at: Date },
    ): Promise<void> {
      await repository.within(tx).insertHold({
        ...target,
        reason: hold.reason,
        operatorId: hold.operatorId,
        createdAt: hold.at,
      });
    },

    /**
     * Holds or releases a match or market; the audit entry commits with the change. Answers the
     * hold now and whether this call changed anything (holding a held market changes nothing).
     */
    async set(
      target: HoldTarget,
      change: { held: boolean; reason: string; operatorId: number },
      audit: AuditWithin,
    ): Promise<{ hold: HoldRow | null; applied: boolean }> {
      const answer = await repository.transaction(async (queries, tx) => {
        const before = await queries.lockedHold(target);
        if (change.held === Boolean(before)) return { hold: before ?? null, applied: false };
        let after: HoldRow | null = null;
        if (change.held) {
          after = await queries.insertHold({
            ...target,
            reason: change.reason,
            operatorId: change.operatorId,
            createdAt: now(),
          });
          // A rival call held it between our read and write: it stands, and we changed nothing.
          if (!after) return { hold: null, applied: false };
        } else {
          await queries.deleteHold(target);
        }
        await audit(tx, { before: before ?? null, after });
        return { hold: after, applied: true };
      });
      await refresh();
      return { hold: answer.hold ?? holdOf(target) ?? null, applied: answer.applied };
    },
  };
}

export type TradingHolds = ReturnType<typeof createTradingHolds>;
