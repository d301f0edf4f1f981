import type { PartnerSettings } from '@sb/contract';
import { count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { AuditWithin } from '../operators/audit.service';
import { partnerSettings, users } from './identity.schema';

type PartnerSettingsRow = typeof partnerSettings.$inferSelect;

/** What an operator may change of a partner; left-out fields keep their value. */
export interface PartnerChanges {
  /** null (or an empty name) clears it; undefined keeps it. */
  name?: string | null | undefined;
  isEnabled?: boolean | undefined;
  defaultIsShow?: boolean | undefined;
  defaultLeagueIds?: number[] | undefined;
}

/** The settings a partner has before any operator sets them. */
const defaultSettings = {
  name: null,
  isEnabled: true,
  defaultIsShow: true,
  defaultLeagueIds: [] as number[],
};

/** The settings as the audit log keeps them (no counts, no who and when: the entry says so). */
function snapshotOf(row: PartnerSettingsRow | undefined) {
  const { name, isEnabled, defaultIsShow, defaultLeagueIds } = row ?? defaultSettings;
  return { name, isEnabled, defaultIsShow, defaultLeagueIds: [...defaultLeagueIds] };
}

function settingsOf(
  channel: string,
  row: PartnerSettingsRow | undefined,
  players: number,
): PartnerSettings {
  return {
    channel,
    ...snapshotOf(row),
    players,
    updatedBy: row?.updatedBy ?? null,
    updatedAt: row?.updatedAt.getTime() ?? null,
  };
}

/**
 * The back office's settings of the partners in configuration: only `channels` (PARTNER_SECRETS'
 * names) exist here, and any other channel answers as missing. A row is written the first time
 * an operator changes a partner; until then the defaults stand.
 */
export function createPartnerAdmin(deps: {
  db: Database;
  channels: readonly string[];
  now: () => Date;
}) {
  const { db, now } = deps;
  const channels = [...deps.channels].sort();

  function requireConfigured(channel: string): void {
    if (!channels.includes(channel))
      throw new AppError('NOT_FOUND', `channel: no partner ${JSON.stringify(channel)}`);
  }

  async function playersOf(tx: Database, of: readonly string[]): Promise<Map<string, number>> {
    if (of.length === 0) return new Map();
    const rows = await tx
      .select({ channel: users.partnerChannel, players: count() })
      .from(users)
      .where(inArray(users.partnerChannel, [...of]))
      .groupBy(users.partnerChannel);
    return new Map(rows.map((row) => [row.channel ?? '', row.players]));
  }

  return {
    async list(): Promise<PartnerSettings[]> {
      const rows =
        channels.length === 0
          ? []
          : await db
              .select()
              .from(partnerSettings)
              .where(inArray(partnerSettings.channel, channels));
      const players = await playersOf(db, channels);
      return channels.map((channel) =>
        settingsOf(
          channel,
          rows.find((row) => row.channel === channel),
          players.get(channel) ?? 0,
        ),
      );
    },

    /**
     * Changes a partner's settings with the audit entry (before and after) in one transaction;
     * `applied` is false when nothing changed.
     */
    async set(
      channel: string,
      changes: PartnerChanges,
      operatorId: number,
      audit: AuditWithin,
    ): Promise<PartnerSettings & { applied: boolean }> {
      requireConfigured(channel);
      return db.transaction(async (tx) => {
        // Two tries: a first change racing another one's insert finds its row the second time.
        for (let attempt = 0; attempt < 2; attempt += 1) {
          const [stored] = await tx
            .select()
            .from(partnerSettings)
            .where(eq(partnerSettings.channel, channel))
            .for('update');
          const before = snapshotOf(stored);
          const after = {
            name: changes.name === undefined ? before.name : changes.name || null,
            isEnabled: changes.isEnabled ?? before.isEnabled,
            defaultIsShow: changes.defaultIsShow ?? before.defaultIsShow,
            defaultLeagueIds: changes.defaultLeagueIds ?? before.defaultLeagueIds,
          };
          const players = (await playersOf(tx, [channel])).get(channel) ?? 0;
          if (JSON.stringify(after) === JSON.stringify(before))
            return { ...settingsOf(channel, stored, players), applied: false };
          const values = { ...after, updatedBy: operatorId, updatedAt: now() };
          const [written] = stored
            ? await tx
                .update(partnerSettings)
                .set(values)
                .where(eq(partnerSettings.channel, channel))
                .returning()
            : await tx
                .insert(partnerSettings)
                .values({ channel, ...values })
                .onConflictDoNothing()
                .returning();
          if (!written) continue;
          await audit(tx, { before, after });
          return { ...settingsOf(channel, written, players), applied: true };
        }
        throw new Error(`partner settings of ${channel}: no row to change after two tries`);
      });
    },
  };
}

export type PartnerAdmin = ReturnType<typeof createPartnerAdmin>;
