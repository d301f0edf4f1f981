import { firstChampionPlayId } from '@sb/contract';
import type { Currency } from '@sb/domain';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { AuditWithin } from '../operators/audit.service';
import { stakeLimitQueries } from './stake-limits.repository';

/**
 * Stake limits per bet. A currency has a minimum and a maximum stake in its minor units; the
 * maximum shrinks for riskier bets: the smallest share of every leg's play, times the live share
 * for a live bet and the parlay share for a parlay. Operators edit the policy
 * (`/admin/api/trading/limits/set`); until they do, the defaults below are the book's policy
 * (docs/betting.md).
 */
export interface StakeLimit {
  minMinor: number;
  maxMinor: number;
}

/** A share of a currency's maximum in ten-thousandths: 10000 is all of it, 5000 half. */
export const shareScale = 10_000;

export interface StakeLimitPolicy {
  /** Per currency code, in minor units (CNY 1.00 is 100; BTC 0.0001 is 10_000). */
  currencies: Record<string, StakeLimit>;
  /** Per play below the outrights; a play not listed takes the whole maximum. */
  playShares: Record<string, number>;
  /** Outrights (plays 21000 and above). */
  outrightShare: number;
  liveShare: number;
  parlayShare: number;
}

/** The book's policy on a fresh site, and for every value an operator has not set. */
export const defaultStakeLimitPolicy: StakeLimitPolicy = {
  currencies: {
    CNY: { minMinor: 100, maxMinor: 5_000_000 },
    USD: { minMinor: 100, maxMinor: 1_000_000 },
    BRL: { minMinor: 100, maxMinor: 5_000_000 },
    USDT: { minMinor: 1_000_000, maxMinor: 10_000_000_000 },
    BTC: { minMinor: 10_000, maxMinor: 50_000_000 },
    ETH: { minMinor: 100_000, maxMinor: 500_000_000 },
    TRX: { minMinor: 10_000_000, maxMinor: 100_000_000_000 },
    DEMO: { minMinor: 100, maxMinor: 10_000_000 },
  },
  // Long shots with thin markets take less: correct score, exact goals, winning margin and
  // football's half-time/full-time.
  playShares: { 8: 5_000, 9: 5_000, 10: 5_000, 25: 5_000 },
  outrightShare: 2_000,
  liveShare: 5_000,
  parlayShare: 5_000,
};

/** The largest stake any currency may allow, in minor units: payouts stay safe integers. */
export const maxStakeMinorLimit = 1_000_000_000_000;

const shareSchema = z.number().int().min(1).max(shareScale);
const limitSchema = z
  .object({
    minMinor: z.number().int().min(1).max(maxStakeMinorLimit),
    maxMinor: z.number().int().min(1).max(maxStakeMinorLimit),
  })
  .refine((limit) => limit.maxMinor >= limit.minMinor, 'maxMinor must not be below minMinor');

/** What the table may hold: every part optional, so a partial row falls back part by part. */
const storedPolicySchema = z.object({
  currencies: z.record(z.string(), limitSchema).optional(),
  playShares: z
    .record(z.string().regex(/^\d+$/), shareSchema)
    .refine((shares) => Object.keys(shares).every((playId) => Number(playId) < firstChampionPlayId))
    .optional(),
  outrightShare: shareSchema.optional(),
  liveShare: shareSchema.optional(),
  parlayShare: shareSchema.optional(),
});
export type StoredStakeLimitPolicy = z.infer<typeof storedPolicySchema>;

/** The policy a stored row means: what it sets, the defaults for the rest. */
function effectivePolicyOf(stored: unknown): StakeLimitPolicy {
  const parsed = storedPolicySchema.safeParse(stored);
  const values = parsed.success ? parsed.data : {};
  return {
    currencies: { ...defaultStakeLimitPolicy.currencies, ...values.currencies },
    playShares: values.playShares ?? defaultStakeLimitPolicy.playShares,
    outrightShare: values.outrightShare ?? defaultStakeLimitPolicy.outrightShare,
    liveShare: values.liveShare ?? defaultStakeLimitPolicy.liveShare,
    parlayShare: values.parlayShare ?? defaultStakeLimitPolicy.parlayShare,
  };
}

function playShareOf(policy: StakeLimitPolicy, playId: number): number {
  if (playId >= firstChampionPlayId) return policy.outrightShare;
  return policy.playShares[String(playId)] ?? shareScale;
}

/** A currency's own range, before any share: the policy's, else 1 to 1000 major units. */
export function currencyLimitOf(policy: StakeLimitPolicy, currency: Currency): StakeLimit {
  return (
    policy.currencies[currency.currencyCode] ?? {
      minMinor: 10 ** currency.scale,
      maxMinor: 1_000 * 10 ** currency.scale,
    }
  );
}

/** The limit for a bet in `currency` over legs of `playIds`, under `policy`. */
export function stakeLimitFor(
  policy: StakeLimitPolicy,
  currency: Currency,
  bet: { playIds: readonly number[]; isLive: boolean; isParlay: boolean },
): StakeLimit {
  const base = currencyLimitOf(policy, currency);
  // Exact integer arithmetic: three shares of 10^4 each would overflow a double's integers.
  const scale = BigInt(shareScale);
  let max =
    BigInt(base.maxMinor) * BigInt(Math.min(...bet.playIds.map((id) => playShareOf(policy, id))));
  let divisor = scale;
  if (bet.isLive) {
    max *= BigInt(policy.liveShare);
    divisor *= scale;
  }
  if (bet.isParlay) {
    max *= BigInt(policy.parlayShare);
    divisor *= scale;
  }
  return { minMinor: base.minMinor, maxMinor: Math.max(base.minMinor, Number(max / divisor)) };
}

/** Settings are read on every bet; a few seconds of staleness after an edit is harmless. */
export const stakeLimitsTtlMs = 5_000;

/** An operator's change: currencies set one by one, the rest replaced when given. */
export interface StakeLimitChange {
  currencies?: Record<string, StakeLimit>;
  playShares?: Record<string, number>;
  outrightShare?: number;
  liveShare?: number;
  parlayShare?: number;
}

/** The policy and who last changed it. */
export interface StakeLimitState {
  policy: StakeLimitPolicy;
  updatedAt: Date | null;
  updatedBy: number | null;
}

/**
 * The stake limit policy, kept in `stake_limit_settings` and cached for a few seconds like the
 * site settings: one read serves every bet in that time, and an operator's change made on any
 * server process applies everywhere within the TTL (at once on the process that made it). A row
 * that does not parse counts as the defaults, so a bad edit cannot stop betting.
 */
export function createStakeLimits(deps: { db: Database; now: () => Date; ttlMs?: number }) {
  const { db, now } = deps;
  const ttlMs = deps.ttlMs ?? stakeLimitsTtlMs;
  let cached: { state: StakeLimitState; readAt: number } | undefined;
  let pending: Promise<StakeLimitState> | undefined;

  async function read(tx: Database, lock: boolean): Promise<StakeLimitState> {
    const row = await stakeLimitQueries(tx).read(lock);
    return {
      policy: effectivePolicyOf(row?.value),
      updatedAt: row?.updatedAt ?? null,
      updatedBy: row?.operatorId ?? null,
    };
  }

  async function load(): Promise<StakeLimitState> {
    const state = await read(db, false);
    cached = { state, readAt: now().getTime() };
    return state;
  }

  async function state(): Promise<StakeLimitState> {
    if (cached && now().getTime() - cached.readAt < ttlMs) return cached.state;
    pending ??= load().finally(() => {
      pending = undefined;
    });
    try {
      return await pending;
    } catch (error) {
      // A database hiccup should not stop betting: the last policy read stands while it lasts.
      if (cached) return cached.state;
      throw error;
    }
  }

  return {
    state,

    /** The policy now; concurrent callers share one database read. */
    current: async (): Promise<StakeLimitPolicy> => (await state()).policy,

    /**
     * Applies an operator's change in one transaction with its audit entry (the whole policy
     * before and after). Two changes at once take turns on the row, so neither loses the other's
     * currencies. Answers the policy now.
     */
    async update(change: StakeLimitChange, operatorId: number, audit: AuditWithin) {
      const at = now();
      await db.transaction(async (tx) => {
        // The row exists before it is locked, so a first change races cleanly with another.
        const queries = stakeLimitQueries(tx);
        await queries.ensure(at, operatorId);
        const before = (await read(tx, true)).policy;
        const after: StakeLimitPolicy = {
          currencies: { ...before.currencies, ...change.currencies },
          playShares: change.playShares ?? before.playShares,
          outrightShare: change.outrightShare ?? before.outrightShare,
          liveShare: change.liveShare ?? before.liveShare,
          parlayShare: change.parlayShare ?? before.parlayShare,
        };
        await queries.write(storedPolicySchema.parse(after), at, operatorId);
        await audit(tx, { before, after });
      });
      return load();
    },
  };
}

export type StakeLimits = ReturnType<typeof createStakeLimits>;
