import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { stakeLimitSettings } from './orders.schema';

/** The one row of `stake_limit_settings` that holds the policy. */
const policyKey = 'stake_limits';

/** The stored policy row: its JSON as written, when and by whom. */
export interface StoredStakeLimitRow {
  value: unknown;
  updatedAt: Date;
  operatorId: number | null;
}

/** Queries on the stored stake limit policy; the rules live in stake-limits.ts. */
export function stakeLimitQueries(db: Database) {
  return {
    /** The policy row, if any; `lock` holds it until the transaction ends. */
    async read(lock: boolean): Promise<StoredStakeLimitRow | undefined> {
      const query = db
        .select()
        .from(stakeLimitSettings)
        .where(eq(stakeLimitSettings.key, policyKey));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    /** Creates the row empty unless it exists, so that it can be locked before the first change. */
    async ensure(at: Date, operatorId: number): Promise<void> {
      await db
        .insert(stakeLimitSettings)
        .values({ key: policyKey, value: {}, updatedAt: at, operatorId })
        .onConflictDoNothing();
    },

    async write(value: unknown, at: Date, operatorId: number): Promise<void> {
      await db
        .update(stakeLimitSettings)
        .set({ value, updatedAt: at, operatorId })
        .where(eq(stakeLimitSettings.key, policyKey));
    },
  };
}
