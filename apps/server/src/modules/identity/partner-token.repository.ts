import { lt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { partnerTokenUses } from './partner-token.schema';

/** Queries on the used partner authTokens; no rules live here. */
export function createPartnerTokenRepository(db: Database) {
  return {
    /**
     * Records the token's use; false when it was used before. One insert on the primary key: of
     * two requests with the same token at once exactly one inserts (on PostgreSQL the second
     * waits for the first to commit, then meets the conflict).
     */
    async recordUse(tokenHash: string, expiresAt: Date): Promise<boolean> {
      const inserted = await db
        .insert(partnerTokenUses)
        .values({ tokenHash, expiresAt })
        .onConflictDoNothing({ target: partnerTokenUses.tokenHash })
        .returning({ tokenHash: partnerTokenUses.tokenHash });
      return inserted.length === 1;
    },

    /** Drops the uses of tokens expired before `before`, which are refused for that anyway. */
    async deleteExpired(before: Date): Promise<void> {
      await db.delete(partnerTokenUses).where(lt(partnerTokenUses.expiresAt, before));
    },
  };
}

export type PartnerTokenRepository = ReturnType<typeof createPartnerTokenRepository>;
