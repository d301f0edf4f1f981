import type { EventFeedMessage, FeedMessage, Simulator } from '@sb/feed-sim';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/database';
import type { FeedPosition } from '../../src/modules/catalogue/catalogue-batch';

/** A fixed moment with matches under way in the seeded worlds these tests use. */
export const catalogueTestStart = Date.UTC(2026, 0, 10, 15, 0, 0);

export const catalogueTables = [
  'sports',
  'leagues',
  'sport_events',
  'market_settlements',
  'bet_cancellations',
  'fixture_changes',
  'feed_positions',
] as const;

/** Every row of every catalogue table, timestamps included, in a stable order. */
export async function dumpCatalogue(db: Database): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const table of catalogueTables) {
    const result = (await db.execute(
      sql.raw(`select to_jsonb(t) as row from ${table} as t order by to_jsonb(t)::text`),
    )) as unknown as { rows: { row: unknown }[] };
    dump[table] = result.rows.map((entry) => entry.row);
  }
  return dump;
}

export const positionOf = (simulator: Simulator): FeedPosition => ({
  callerTime: simulator.now(),
  feedTime: simulator.feedTime(),
});

export const isEventMessage = (message: FeedMessage): message is EventFeedMessage =>
  message.type !== 'alive';

/**
 * Each event's messages in order: what two feeds of the same world must agree on (messages of
 * different events due at the same moment may come in either order).
 */
export function messagesByEvent(messages: readonly FeedMessage[]): Map<number, FeedMessage[]> {
  const events = new Map<number, FeedMessage[]>();
  for (const message of messages) {
    if (!isEventMessage(message)) continue;
    const list = events.get(message.eventId) ?? [];
    list.push(message);
    events.set(message.eventId, list);
  }
  return events;
}

export function ofType<T extends EventFeedMessage['type']>(
  messages: readonly FeedMessage[],
  type: T,
): Extract<EventFeedMessage, { type: T }>[] {
  return messages.filter(
    (message): message is Extract<EventFeedMessage, { type: T }> => message.type === type,
  );
}

/** A database handle that counts the transactions begun on it (the queries still run). */
export function countingTransactions(db: Database): { db: Database; count(): number } {
  let transactions = 0;
  const counted = new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (key !== 'transaction') return value.bind(target);
      return (...args: unknown[]) => {
        transactions += 1;
        return value.apply(target, args);
      };
    },
  });
  return { db: counted, count: () => transactions };
}
