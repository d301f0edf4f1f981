import { casinoSwBits, lotterySwBits } from '@sb/contract';
import { controlSwitchTable, knownControlSwitches } from '@sb/domain';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { AuditWithin } from '../operators/audit.service';
import type { MatchRepository } from './match.repository';

/** What the site settings hold, with the defaults a fresh site starts from. */
export interface SiteSettingsValues {
  /** SPEC §4 control switches; none by default, so every sport shows. */
  controlSwitches: readonly number[];
  /** App init's staticUrl: where images and stream pages are served from. */
  staticUrl: string;
  /** SPEC §6 game switches (bit flags) of every member without their own. */
  gameSwitches: GameSwitches;
}

/** The casino and lottery switches: which game products a member sees and plays. */
export interface GameSwitches {
  casinoSw: number;
  lotterySw: number;
}

export const defaultSiteSettings: SiteSettingsValues = {
  controlSwitches: [],
  staticUrl: '/static',
  // Every casino product and the lottery.
  gameSwitches: { casinoSw: casinoSwBits, lotterySw: lotterySwBits },
};

const settingKeys = {
  controlSwitches: 'control_switch',
  staticUrl: 'static_url',
  gameSwitches: 'game_switches',
} as const;

const switchesSchema = z.array(z.number().int().min(0).max(1_000_000)).max(100);
const staticUrlSchema = z.string().min(1).max(500);
const switchBits = (bits: number) =>
  z
    .number()
    .int()
    .min(0)
    .max(bits)
    .refine((value) => (value & ~bits) === 0);
const gameSwitchesSchema = z.object({
  casinoSw: switchBits(casinoSwBits),
  lotterySw: switchBits(lotterySwBits),
});

/** The stored game switches, or the default for a missing row or one that does not parse. */
function gameSwitchesOf(stored: unknown): GameSwitches {
  const parsed = gameSwitchesSchema.safeParse(stored);
  return parsed.success ? parsed.data : { ...defaultSiteSettings.gameSwitches };
}

/** Settings are read on almost every match call; a few seconds of staleness is harmless. */
export const siteSettingsTtlMs = 5_000;

/** Hears the settings a process holds whenever they differ from what it held before. */
export type SiteSettingsListener = (values: SiteSettingsValues) => void;

function isSameSettings(left: SiteSettingsValues, right: SiteSettingsValues): boolean {
  return (
    left.staticUrl === right.staticUrl &&
    left.gameSwitches.casinoSw === right.gameSwitches.casinoSw &&
    left.gameSwitches.lotterySw === right.gameSwitches.lotterySw &&
    left.controlSwitches.join(',') === right.controlSwitches.join(',')
  );
}

/**
 * Site settings cached for a few seconds: one read serves every request in that time. A change
 * made by an operator is read again at once by the process that made it, which announces it
 * (`announceChange`, the settings bus) so that every other process reads it at once too; a
 * process that missed the announcement still reads it within the TTL. Listeners (the match
 * socket) hear each change a process sees. A row that does not parse counts as its default, so
 * a bad edit cannot take the match calls down.
 */
export function createSiteSettings(options: {
  repository: MatchRepository;
  now: () => Date;
  ttlMs?: number;
  /** Tells the other server processes that the settings changed; none for a lone process. */
  announceChange?: () => void;
}) {
  const { repository, now } = options;
  const ttlMs = options.ttlMs ?? siteSettingsTtlMs;
  let cached: { values: SiteSettingsValues; readAt: number } | undefined;
  let pending: Promise<SiteSettingsValues> | undefined;
  const listeners = new Set<SiteSettingsListener>();
  /** Reads are numbered as they start: one that ends after a later one must not undo it. */
  let readsStarted = 0;
  let newestReadApplied = 0;

  async function load(): Promise<SiteSettingsValues> {
    const read = ++readsStarted;
    const rows = await repository.readSettings();
    if (read < newestReadApplied && cached) return cached.values;
    newestReadApplied = read;
    const switches = switchesSchema.safeParse(rows.get(settingKeys.controlSwitches));
    const staticUrl = staticUrlSchema.safeParse(rows.get(settingKeys.staticUrl));
    const values: SiteSettingsValues = {
      controlSwitches: switches.success
        ? [...new Set(switches.data)].sort((a, b) => a - b)
        : defaultSiteSettings.controlSwitches,
      staticUrl: staticUrl.success ? staticUrl.data : defaultSiteSettings.staticUrl,
      gameSwitches: gameSwitchesOf(rows.get(settingKeys.gameSwitches)),
    };
    const previous = cached?.values;
    const isChange = previous !== undefined && !isSameSettings(previous, values);
    // Unchanged settings keep their object, so holders can compare by identity.
    cached = { values: isChange || !previous ? values : previous, readAt: now().getTime() };
    if (isChange) for (const listener of listeners) listener(values);
    return cached.values;
  }

  async function loadAndAnnounce(): Promise<SiteSettingsValues> {
    const values = await load();
    options.announceChange?.();
    return values;
  }

  return {
    /** The current settings; concurrent callers share one database read. */
    async current(): Promise<SiteSettingsValues> {
      if (cached && now().getTime() - cached.readAt < ttlMs) return cached.values;
      pending ??= load().finally(() => {
        pending = undefined;
      });
      try {
        return await pending;
      } catch (error) {
        // A database hiccup should not blank the site: serve the last settings while it lasts.
        if (cached) return cached.values;
        throw error;
      }
    },

    /**
     * Reads the settings now, whatever the TTL: the settings bus calls it when another process
     * announces a change.
     */
    refresh(): Promise<SiteSettingsValues> {
      return load();
    },

    /** Hears every change of the settings this process sees; answers how to stop listening. */
    onChange(listener: SiteSettingsListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** For operators: replaces the control switches; every process sees them at once. */
    async setControlSwitches(switches: readonly number[]): Promise<void> {
      await repository.writeSetting(
        settingKeys.controlSwitches,
        switchesSchema.parse([...switches]),
        now(),
      );
      await loadAndAnnounce();
    },

    /**
     * For the back office: replaces the control switches with the audit entry (the switches
     * before and after) in one transaction holding the setting's row. Answers whether anything
     * changed; this process sees the change at once, the others when it announces it.
     */
    async updateControlSwitches(
      switches: readonly number[],
      audit: AuditWithin,
    ): Promise<{ controlSwitches: readonly number[]; applied: boolean }> {
      switches.forEach((value, index) => {
        if (!controlSwitchTable.has(value))
          throw new AppError(
            'INVALID_INPUT',
            `controlSwitches.${index}: ${value} is not a control switch (${knownControlSwitches.join(', ')})`,
          );
      });
      const next = switchesSchema.parse([...new Set(switches)].sort((a, b) => a - b));
      const applied = await repository.transaction(async (tx) => {
        const stored = switchesSchema.safeParse(
          await repository.lockSetting(
            tx,
            settingKeys.controlSwitches,
            defaultSiteSettings.controlSwitches,
            now(),
          ),
        );
        const before = stored.success
          ? [...new Set(stored.data)].sort((a, b) => a - b)
          : [...defaultSiteSettings.controlSwitches];
        if (before.join(',') === next.join(',')) return false;
        await repository.writeSetting(settingKeys.controlSwitches, next, now(), tx);
        await audit(tx, { before: { controlSwitches: before }, after: { controlSwitches: next } });
        return true;
      });
      const values = applied ? await loadAndAnnounce() : await load();
      return { controlSwitches: values.controlSwitches, applied };
    },

    /**
     * For the back office: replaces the site default of the game switches with the audit entry
     * (the switches before and after) in one transaction holding the setting's row. Answers the
     * switches now held; this process sees them at once, the others when it announces them.
     */
    async updateGameSwitches(next: GameSwitches, audit: AuditWithin): Promise<GameSwitches> {
      const after = gameSwitchesSchema.parse(next);
      const applied = await repository.transaction(async (tx) => {
        const before = gameSwitchesOf(
          await repository.lockSetting(
            tx,
            settingKeys.gameSwitches,
            defaultSiteSettings.gameSwitches,
            now(),
          ),
        );
        if (before.casinoSw === after.casinoSw && before.lotterySw === after.lotterySw)
          return false;
        await repository.writeSetting(settingKeys.gameSwitches, after, now(), tx);
        await audit(tx, { before, after });
        return true;
      });
      const values = applied ? await loadAndAnnounce() : await load();
      return { ...values.gameSwitches };
    },

    async setStaticUrl(staticUrl: string): Promise<void> {
      await repository.writeSetting(settingKeys.staticUrl, staticUrlSchema.parse(staticUrl), now());
      await loadAndAnnounce();
    },
  };
}

export type SiteSettings = ReturnType<typeof createSiteSettings>;
