import { count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { repositoryWithTransaction } from '../../db/transaction';
import { partnerSettings, users } from './identity.schema';

export type PartnerSettingsRow = typeof partnerSettings.$inferSelect;
export type PartnerSettingsValues = Omit<typeof partnerSettings.$inferInsert, 'channel'>;

/** The partners desk's queries, on the database or inside a transaction; no rules live here. */
function createPartnerAdminQueries(db: Database) {
  return {
    /** The stored settings of these channels; a channel no operator changed has none. */
    async findSettings(channels: readonly string[]): Promise<PartnerSettingsRow[]> {
      if (channels.length === 0) return [];
      return db
        .select()
        .from(partnerSettings)
        .where(inArray(partnerSettings.channel, [...channels]));
    },

    /** The channel's stored settings, locked until the transaction ends. */
    async lockSettings(channel: string): Promise<PartnerSettingsRow | undefined> {
      const [row] = await db
        .select()
        .from(partnerSettings)
        .where(eq(partnerSettings.channel, channel))
        .for('update');
      return row;
    },

    async updateSettings(
      channel: string,
      values: PartnerSettingsValues,
    ): Promise<PartnerSettingsRow | undefined> {
      const [row] = await db
        .update(partnerSettings)
        .set(values)
        .where(eq(partnerSettings.channel, channel))
        .returning();
      return row;
    },

    /** Inserts the channel's settings unless a row exists; undefined when one did. */
    async insertSettingsUnlessPresent(
      channel: string,
      values: PartnerSettingsValues,
    ): Promise<PartnerSettingsRow | undefined> {
      const [row] = await db
        .insert(partnerSettings)
        .values({ channel, ...values })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** How many players each of these channels has, by channel (none for a channel without). */
    async countPlayers(channels: readonly string[]): Promise<Map<string, number>> {
      if (channels.length === 0) return new Map();
      const rows = await db
        .select({ channel: users.partnerChannel, players: count() })
        .from(users)
        .where(inArray(users.partnerChannel, [...channels]))
        .groupBy(users.partnerChannel);
      return new Map(rows.map((row) => [row.channel ?? '', row.players]));
    },
  };
}

export type PartnerAdminQueries = ReturnType<typeof createPartnerAdminQueries>;

/**
 * The queries, and `transaction`: runs `work` in one transaction, with the queries and the
 * transaction for the audit.
 */
export function createPartnerAdminRepository(db: Database) {
  return repositoryWithTransaction(db, createPartnerAdminQueries);
}

export type PartnerAdminRepository = ReturnType<typeof createPartnerAdminRepository>;
