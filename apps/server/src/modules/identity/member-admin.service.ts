import type { BalanceEntry, MemberRisk } from '@sb/contract';
import { AppError } from '../../http/app-error';
import type { AuditWithin } from '../operators/audit.service';
import {
  effectiveGameSwitches,
  type GameSwitches,
  type OwnGameSwitches,
  ownGameSwitchesOf,
} from './identity.mappers';
import { walletMemberOf } from './identity.service';
import type { SessionEndListener } from './identity.types';
import type {
  MemberAdminQueries,
  MemberAdminRepository,
  MemberRow,
  MemberSearch,
} from './member-admin.repository';

export const memberRiskOf = (user: MemberRow): MemberRisk => ({
  riskAmount: user.riskAmount,
  riskLevel: user.riskLevel,
  playerOdds: user.playerOdds,
  oddsConfig: user.oddsConfig,
  leagueIds: user.leagueIds,
});

/** What the members desk sets on a member: the risk settings and live video (isShow). */
export type MemberSettings = MemberRisk & { isShow: boolean };

export const memberSettingsOf = (user: MemberRow): MemberSettings => ({
  ...memberRiskOf(user),
  isShow: user.isShow,
});

/** The fields a caller gave; left-out ones keep their stored value. */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined),
  ) as Partial<T>;
}

/**
 * What the back office does to members' identities: search, read, block and risk settings.
 * Blocking ends every session of the member in the same transaction (a blocked member's token
 * is refused like a revoked one, and their logins are refused), and their sockets close once it
 * commits; unblocking lets them sign in.
 */
export function createMemberAdmin(deps: {
  repository: MemberAdminRepository;
  now: () => Date;
  onSessionsEnded?: SessionEndListener;
}) {
  const { repository, now } = deps;

  function requireFound(userId: number, user: MemberRow | undefined): MemberRow {
    if (!user) throw new AppError('NOT_FOUND', `userId: no member ${userId}`);
    return user;
  }

  /** The member, locked until the transaction ends. */
  const lock = async (members: MemberAdminQueries, userId: number) =>
    requireFound(userId, await members.lock(userId));

  return {
    find: async (userId: number) => requireFound(userId, await repository.find(userId)),

    /**
     * Members whose account starts with `q` (any case), or whose uid or user id is `q`; visitors
     * and try-play accounts, which every first page view and demo click creates, only when asked.
     */
    search(query: MemberSearch & { page: number; size: number }) {
      const { q, blocked, withVisitors, page, size } = query;
      return repository.search({ q, blocked, withVisitors }, (page - 1) * size, size);
    },

    /** Blocks or unblocks; `applied` false when the member already stood so. */
    async setBlocked(userId: number, blocked: boolean, audit: AuditWithin) {
      const result = await repository.transaction(async (members, tx) => {
        const before = await lock(members, userId);
        if (blocked === (before.blockedAt !== null)) return { member: before, applied: false };
        const at = now();
        const blockedAt = blocked ? at : null;
        const after = await members.update(userId, { blockedAt });
        if (blocked) await members.revokeSessions(userId, at);
        await audit(tx, {
          before: { blockedAt: before.blockedAt?.toISOString() ?? null },
          after: { blockedAt: blockedAt?.toISOString() ?? null },
        });
        return { member: after ?? before, applied: true };
      });
      if (blocked && result.applied) deps.onSessionsEnded?.({ userId, sessionId: null });
      return result;
    },

    /**
     * Sets both of a member's own game switches: a number is theirs, null follows the site
     * default. Audited with the values before and after, in the change's transaction.
     */
    setGameSwitches(
      userId: number,
      own: OwnGameSwitches,
      audit: AuditWithin,
    ): Promise<OwnGameSwitches> {
      return repository.transaction(async (members, tx) => {
        const before = ownGameSwitchesOf(await lock(members, userId));
        const after: OwnGameSwitches = { casinoSw: own.casinoSw, lotterySw: own.lotterySw };
        await members.update(userId, after);
        await audit(tx, { before, after });
        return after;
      });
    },

    /** Changes the risk settings and isShow given; the others keep their value. */
    setRisk(
      userId: number,
      changes: Partial<MemberSettings>,
      audit: AuditWithin,
    ): Promise<MemberSettings> {
      return repository.transaction(async (members, tx) => {
        const before = await lock(members, userId);
        const after: MemberSettings = { ...memberSettingsOf(before), ...definedOnly(changes) };
        await members.update(userId, after);
        await audit(tx, { before: memberSettingsOf(before), after });
        return after;
      });
    },
  };
}

export type MemberAdmin = ReturnType<typeof createMemberAdmin>;

/** A member as the members desk lists them. */
export const memberSummaryOf = (user: MemberRow) => ({
  userId: user.id,
  uid: user.uid,
  account: user.account,
  type: user.type,
  currencyId: user.currencyId,
  createdAt: user.createdAt.getTime(),
  blockedAt: user.blockedAt?.getTime() ?? null,
  riskLevel: user.riskLevel,
});

/**
 * The members desk's reads: the search list, and a member's whole picture, joined from what
 * other modules hold of them (balances, open bets, the withdrawal lock).
 */
export function createMemberDesk(deps: {
  members: MemberAdmin;
  /** The wallet's balances of a member, blocked or not. */
  balancesOf: (member: ReturnType<typeof walletMemberOf>) => Promise<BalanceEntry[]>;
  /** How many open bets the member has (the orders module's). */
  openOrdersOf: (userId: number) => Promise<number>;
  /** Whether wrong withdrawal passwords locked a member's withdrawals. */
  isWithdrawLocked: (userId: number) => Promise<boolean>;
  /** The site default of the game switches, which a member without their own follows. */
  gameSwitchDefaults: () => Promise<GameSwitches>;
}) {
  const { members, balancesOf, openOrdersOf, isWithdrawLocked } = deps;
  return {
    async search(query: Parameters<MemberAdmin['search']>[0]) {
      const { rows, total } = await members.search(query);
      return { records: rows.map(memberSummaryOf), total };
    },

    async detail(userId: number) {
      const user = await members.find(userId);
      const [openOrders, isLocked, balances, siteDefault] = await Promise.all([
        openOrdersOf(user.id),
        isWithdrawLocked(user.id),
        // A blocked member's balances are read from their row: the wallet's own lookup refuses
        // them.
        balancesOf(walletMemberOf(user)),
        deps.gameSwitchDefaults(),
      ]);
      const own = ownGameSwitchesOf(user);
      return {
        ...memberSummaryOf(user),
        risk: memberRiskOf(user),
        isShow: user.isShow,
        balances,
        openOrders,
        hasWithdrawPassword: user.withdrawPasswordHash !== null,
        withdrawLocked: isLocked,
        gameSwitches: { own, effective: effectiveGameSwitches(own, siteDefault) },
      };
    },
  };
}

export type MemberDesk = ReturnType<typeof createMemberDesk>;
