import type { PartnerSettings } from '@sb/contract';
import { AppError } from '../../http/app-error';
import type { AuditWithin } from '../operators/audit.service';
import type { PartnerAdminRepository, PartnerSettingsRow } from './partner-admin.repository';

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
  repository: PartnerAdminRepository;
  channels: readonly string[];
  now: () => Date;
}) {
  const { repository, now } = deps;
  const channels = [...deps.channels].sort();

  function requireConfigured(channel: string): void {
    if (!channels.includes(channel))
      throw new AppError('NOT_FOUND', `channel: no partner ${JSON.stringify(channel)}`);
  }

  return {
    async list(): Promise<PartnerSettings[]> {
      const rows = await repository.findSettings(channels);
      const players = await repository.countPlayers(channels);
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
      return repository.transaction(async (partners, tx) => {
        // Two tries: a first change racing another one's insert finds its row the second time.
        for (let attempt = 0; attempt < 2; attempt += 1) {
          const stored = await partners.lockSettings(channel);
          const before = snapshotOf(stored);
          const after = {
            name: changes.name === undefined ? before.name : changes.name || null,
            isEnabled: changes.isEnabled ?? before.isEnabled,
            defaultIsShow: changes.defaultIsShow ?? before.defaultIsShow,
            defaultLeagueIds: changes.defaultLeagueIds ?? before.defaultLeagueIds,
          };
          const players = (await partners.countPlayers([channel])).get(channel) ?? 0;
          if (JSON.stringify(after) === JSON.stringify(before))
            return { ...settingsOf(channel, stored, players), applied: false };
          const values = { ...after, updatedBy: operatorId, updatedAt: now() };
          const written = stored
            ? await partners.updateSettings(channel, values)
            : await partners.insertSettingsUnlessPresent(channel, values);
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
