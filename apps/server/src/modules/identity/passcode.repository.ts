import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { PartnerGrant } from './identity.service';
import { partnerPasscodes } from './passcode.schema';

/** Queries on the partner passcodes; no rules live here. */
export function createPasscodeRepository(db: Database) {
  return {
    async insertPasscode(values: PartnerGrant & { codeHash: string; expiresAt: Date }) {
      await db.insert(partnerPasscodes).values(values);
    },

    /**
     * Marks the passcode used and answers whose player it signs in; null when it is unknown,
     * expired or used. One conditional update: of two redemptions at once exactly one finds the
     * row still unused (on PostgreSQL the second waits for the first to commit, then sees
     * `used_at` set), so a passcode can never sign in twice.
     */
    async consumePasscode(codeHash: string, now: Date): Promise<PartnerGrant | null> {
      const [row] = await db
        .update(partnerPasscodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(partnerPasscodes.codeHash, codeHash),
            isNull(partnerPasscodes.usedAt),
            gt(partnerPasscodes.expiresAt, now),
          ),
        )
        .returning({
          channel: partnerPasscodes.channel,
          principal: partnerPasscodes.principal,
          agentId: partnerPasscodes.agentId,
          currencyId: partnerPasscodes.currencyId,
        });
      return row ?? null;
    },

    /** Drops passcodes that expired before `before`: dead either way, and nothing reads them. */
    async deleteExpiredPasscodes(before: Date): Promise<void> {
      await db.delete(partnerPasscodes).where(lt(partnerPasscodes.expiresAt, before));
    },
  };
}

export type PasscodeRepository = ReturnType<typeof createPasscodeRepository>;
