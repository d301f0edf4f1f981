import { randomInt } from 'node:crypto';
import {
  type DeskShare,
  type Language,
  type masterRank,
  type OrderRecord,
  orderStatus,
  type RankedTipster,
  type Share,
  type ShareOutcome,
  type SharePlaced,
  type SharePrivacy,
  type ShareSettled,
  shareCodeAlphabet,
  shareCodeLength,
  type shareDeskList,
  type shareList,
} from '@sb/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { AuthenticatedUser } from '../../http/request-context';
import type { AuditWithin } from '../operators/audit.service';
import type { OrdersService } from '../orders/orders.service';
import type { CommunityRepository } from './community.repository';
import type { ShareRow } from './community.schema';
import { newSigningKey, type ShareSigner, shareSigner, signedBytesOf } from './share-proof';
import {
  allSports,
  dayOf,
  dayRowsOf,
  longestWinStreak,
  type RankedEntry,
  rankedEntry,
  rankMinOrders,
  rankScore,
  windowStart,
} from './tipster-ranking';

type ListInput = z.output<(typeof shareList)['input']>;
type RankInput = z.output<(typeof masterRank)['input']>;
type DeskListInput = z.output<(typeof shareDeskList)['input']>;

/** The name of the key that signs shares. */
const signingKeyId = 'share-signing';
/** Codes tried before a share is given up on: a collision among 31^10 codes is already rare. */
const codeAttempts = 8;
/** Shares a profile shows as recent. */
export const profileRecentMax = 10;
/** Ten-thousandths: a return equal to the stake. */
const evenUnits = 10_000;
/** Open shares one freezing pass reads at a time. */
const freezeBatch = 200;
const dayMs = 86_400_000;

const finalStatuses = new Set<number>([
  orderStatus.rejected,
  orderStatus.settled,
  orderStatus.cashedOut,
  orderStatus.void,
]);

/** A share code from the CSPRNG, of the contract's alphabet (no 0, O, 1, I, L). */
export function newShareCode(): string {
  let code = '';
  for (let index = 0; index < shareCodeLength; index += 1)
    code += shareCodeAlphabet[randomInt(shareCodeAlphabet.length)];
  return code;
}

/** An account name as readers see it: its first two characters and last one, the rest hidden. */
export function maskedName(account: string | null | undefined, userId: number): string {
  if (!account) return `#${userId}`;
  if (account.length <= 3) return `${account[0]}***`;
  return `${account.slice(0, 2)}***${account.slice(-1)}`;
}

export const shareLinkOf = (code: string) => `/#/share/${code}`;

/** How an order that reached a final status ended, from its owner's record. */
function outcomeOf(record: OrderRecord): { outcome: ShareOutcome; returnUnits: number | null } {
  if (record.status === orderStatus.rejected) return { outcome: 'rejected', returnUnits: null };
  if (record.status === orderStatus.cashedOut) return { outcome: 'cashed_out', returnUnits: null };
  if (record.status === orderStatus.void) return { outcome: 'void', returnUnits: evenUnits };
  const payout = record.maxPayout ?? 0;
  const returnUnits = record.stake > 0 ? Math.round((payout * evenUnits) / record.stake) : 0;
  const outcome = payout > record.stake ? 'won' : payout < record.stake ? 'lost' : 'push';
  return { outcome, returnUnits };
}

/** The figures of a tipster over their decided shares (docs/community.md). */
export function tipsterFigures(
  rows: readonly Pick<ShareRow, 'outcome' | 'returnUnits' | 'placed' | 'id'>[],
) {
  const decided = rows
    .filter((row) => row.outcome === 'won' || row.outcome === 'lost' || row.outcome === 'push')
    .sort(
      (a, b) =>
        (a.placed as SharePlaced).placedAt - (b.placed as SharePlaced).placedAt || a.id - b.id,
    );
  let wins = 0;
  let losses = 0;
  let profitUnits = 0;
  let streak = 0;
  let longestWinStreak = 0;
  for (const row of decided) {
    profitUnits += (row.returnUnits ?? evenUnits) - evenUnits;
    if (row.outcome === 'won') {
      wins += 1;
      streak += 1;
      longestWinStreak = Math.max(longestWinStreak, streak);
    } else if (row.outcome === 'lost') {
      losses += 1;
      streak = 0;
    }
  }
  return {
    settledShares: decided.length,
    wins,
    winRate: wins + losses > 0 ? Math.round((wins * evenUnits) / (wins + losses)) : 0,
    yield: decided.length > 0 ? Math.round(profitUnits / decided.length) : 0,
    longestWinStreak,
  };
}

const notFound = (detail: string) => new AppError('SHARE_NOT_FOUND', `code: ${detail}`);

/** The audit callback of a desk change. */
export type DeskAudit = AuditWithin;

/**
 * Shared orders: members share their orders frozen as placed and signed, then frozen again as
 * they ended; feeds, profiles, follows and copies read them; the desk hides shares and tipsters.
 * An open share's order is read through the orders service when the share is read, and frozen
 * the first time it is read final.
 */
export function createCommunityService(deps: {
  repository: CommunityRepository;
  orders: Pick<OrdersService, 'memberOrder' | 'recordsById'>;
  /** A match's start time by event id, from the book or the catalogue; null when unknown. */
  kickOffOf: (eventId: number) => Promise<number | null>;
  accountNames: (userIds: readonly number[]) => Promise<Map<number, string | null>>;
  now: () => Date;
}) {
  const { repository, orders, now } = deps;

  let signerLoad: Promise<ShareSigner> | undefined;
  /** The signing key, made and kept on first use; every process reads the same one. */
  function signer(): Promise<ShareSigner> {
    signerLoad ??= (async () => {
      let row = await repository.findKey(signingKeyId);
      if (!row) {
        await repository.insertKey({ id: signingKeyId, ...newSigningKey(), createdAt: now() });
        row = await repository.findKey(signingKeyId);
      }
      if (!row) throw new Error('the share signing key could not be kept');
      return shareSigner(row);
    })();
    signerLoad.catch(() => {
      signerLoad = undefined;
    });
    return signerLoad;
  }

  /**
   * Rewrites the tipster's ranking rows of the day of `at` from that day's shares, in the
   * transaction of the change (a share freezing, hidden or shown): idempotent, and two changes of
   * one tipster's day at once are made one after the other.
   */
  async function rewriteTipsterDay(tx: Database, userId: number, at: Date): Promise<void> {
    const day = dayOf(at);
    await repository.lockTipsterDay(tx, userId, day);
    const from = new Date(`${day}T00:00:00.000Z`);
    const shares = await repository.sharesSettledBetween(
      tx,
      userId,
      from,
      new Date(from.getTime() + dayMs),
    );
    const entries = shares.map(rankedEntry).filter((entry): entry is RankedEntry => entry !== null);
    await repository.replaceTipsterDay(tx, userId, day, dayRowsOf(entries));
  }

  async function nameOf(userId: number): Promise<string> {
    return maskedName((await deps.accountNames([userId])).get(userId), userId);
  }

  /** The order frozen as shared, cut to the privacy. */
  async function placedOf(
    code: string,
    user: AuthenticatedUser,
    record: OrderRecord,
    privacy: SharePrivacy,
    comment: string,
    sharedAt: Date,
  ): Promise<SharePlaced> {
    const kickOffs = await Promise.all(record.legs.map((leg) => deps.kickOffOf(leg.gameId)));
    const showsAmounts = privacy === 'all';
    return {
      v: 1,
      code,
      privacy,
      tipster:
        privacy === 'anonymous' ? null : { id: user.userId, name: await nameOf(user.userId) },
      comment,
      betType: record.betType,
      odds: record.odds,
      currencyCode: record.currencyCode,
      scale: record.scale,
      stake: showsAmounts ? record.stake : null,
      potentialPayout: showsAmounts ? record.potentialPayout : null,
      placedAt: record.createTime,
      sharedAt: sharedAt.getTime(),
      legs: record.legs.map((leg, index) => ({
        optId: leg.optId,
        gameId: leg.gameId,
        sportId: leg.sportId,
        leagueId: leg.leagueId,
        leagueName: leg.leagueName,
        home: leg.home,
        away: leg.away,
        playId: leg.playId,
        specifiers: leg.specifiers,
        outcomeId: leg.outcomeId,
        optName: leg.optName,
        odds: leg.odds,
        kickOff: kickOffs[index] ?? null,
      })),
    };
  }

  /**
   * The shares with their orders' news: an open share whose order is now final is frozen (its
   * ending signed with its document), one still open answers its order's status now.
   */
  async function refreshed(rows: ShareRow[]): Promise<ShareRow[]> {
    const open = rows.filter((row) => row.settled === null);
    if (open.length === 0) return rows;
    const records = await orders.recordsById(
      open.map((row) => row.orderId),
      'en',
    );
    const keys = await signer();
    const changed = new Map<number, ShareRow>();
    for (const row of open) {
      const record = records.get(row.orderId);
      if (!record) continue;
      if (!finalStatuses.has(record.status)) {
        if (record.status !== row.status) {
          await repository.setStatus(row.id, record.status);
          changed.set(row.id, { ...row, status: record.status });
        }
        continue;
      }
      const { outcome, returnUnits } = outcomeOf(record);
      const settledAt = now();
      const settled: ShareSettled = {
        status: record.status,
        outcome,
        legResults: record.legs.map((leg) => leg.result),
        payout:
          row.privacy === 'all' && outcome !== 'cashed_out' && outcome !== 'rejected'
            ? (record.maxPayout ?? 0)
            : null,
        settledAt: settledAt.getTime(),
      };
      const frozen = await repository.transaction(async (tx) => {
        const done = await repository.freeze(tx, row.id, {
          settled,
          status: record.status,
          outcome,
          returnUnits,
          signature: keys.sign(signedBytesOf(row.placed, settled)),
          settledAt,
        });
        if (done) await rewriteTipsterDay(tx, done.userId, settledAt);
        return done;
      });
      changed.set(row.id, frozen ?? (await repository.findByCode(row.code)) ?? row);
    }
    return rows.map((row) => changed.get(row.id) ?? row);
  }

  const shareOf = (row: ShareRow): Share => ({
    code: row.code,
    link: shareLinkOf(row.code),
    placed: row.placed as SharePlaced,
    settled: (row.settled as ShareSettled | null) ?? null,
    status: row.status,
    copies: row.copies,
  });

  async function one(row: ShareRow): Promise<ShareRow> {
    const [fresh] = await refreshed([row]);
    return fresh ?? row;
  }

  /** The share readers may see under this code, or the refusal saying why not. */
  async function visibleShare(code: string): Promise<ShareRow> {
    const row = await repository.findByCode(code);
    if (!row) throw notFound(`no share ${code}`);
    if (row.withdrawnAt) throw notFound(`the share ${code} was withdrawn`);
    if (!(await repository.isVisible(row.id))) throw notFound(`the share ${code} is hidden`);
    return row;
  }

  async function profileOf(tipsterId: number, viewer: AuthenticatedUser | null) {
    const followers = await repository.followers(tipsterId);
    const isFollowed =
      viewer && viewer.memberId !== 0
        ? await repository.isFollowing(viewer.userId, tipsterId)
        : false;
    return { followers, isFollowed };
  }

  async function requireProfile(tipsterId: number): Promise<ShareRow[]> {
    const rows = await repository.profileShares(tipsterId);
    if (rows.length === 0)
      throw new AppError('TIPSTER_NOT_FOUND', `tipsterId: no tipster ${tipsterId}`);
    return rows;
  }

  return {
    /** trade/order/share: one live share per order; sharing it again answers that share. */
    async share(
      user: AuthenticatedUser,
      input: { orderNo: string; privacy: SharePrivacy; comment: string },
      language: Language,
    ) {
      const order = await orders.memberOrder(user.userId, input.orderNo, language);
      if (!order) throw new AppError('SHARE_ORDER_NOT_FOUND', `orderNo: no order ${input.orderNo}`);
      if (order.record.status === orderStatus.rejected)
        throw new AppError('SHARE_ORDER_NOT_SHAREABLE', 'orderNo: the order was rejected');
      const existing = await repository.findLiveByOrder(order.id);
      if (existing) return { ...shareOf(await one(existing)), isNew: false };
      const keys = await signer();
      for (let attempt = 0; attempt < codeAttempts; attempt += 1) {
        const code = newShareCode();
        const sharedAt = now();
        const placed = await placedOf(
          code,
          user,
          order.record,
          input.privacy,
          input.comment,
          sharedAt,
        );
        const row = await repository.insertShare({
          code,
          userId: user.userId,
          orderId: order.id,
          privacy: input.privacy,
          sportIds: [...new Set(order.record.legs.map((leg) => leg.sportId))],
          placed,
          settled: null,
          status: order.record.status,
          signature: keys.sign(signedBytesOf(placed, null)),
          keyId: keys.keyId,
          createdAt: sharedAt,
        });
        if (row) return { ...shareOf(await one(row)), isNew: true };
        // Either a racing share of the same order won, or the code was taken: answer the one,
        // or draw another code.
        const raced = await repository.findLiveByOrder(order.id);
        if (raced) return { ...shareOf(await one(raced)), isNew: false };
      }
      throw new Error('no free share code after several attempts');
    },

    async withdraw(user: AuthenticatedUser, code: string) {
      const row = await repository.withdraw(user.userId, code, now());
      if (!row) {
        const found = await repository.findByCode(code);
        if (found && found.userId === user.userId && found.withdrawnAt)
          return { code, withdrawn: true };
        throw notFound(`no share ${code} of yours`);
      }
      return { code, withdrawn: true };
    },

    async list(input: ListInput, viewer: AuthenticatedUser | null) {
      if (input.feed === 'following' && (!viewer || viewer.memberId === 0))
        throw new AppError('LOGIN_REQUIRED', 'feed: following is for members');
      const { rows, total } = await repository.feed({
        feed: input.feed,
        sportId: input.sportId,
        followerId: viewer?.userId,
        offset: (input.page - 1) * input.size,
        limit: input.size,
      });
      return { records: (await refreshed(rows)).map(shareOf), total };
    },

    async verify(code: string) {
      const row = await one(await visibleShare(code));
      const keys = await signer();
      const bytes = signedBytesOf(row.placed, row.settled);
      return {
        share: shareOf(row),
        proof: {
          algorithm: 'Ed25519' as const,
          digest: keys.digest(bytes),
          signature: row.signature,
          publicKey: keys.publicKey,
          keyId: row.keyId,
          valid: row.keyId === keys.keyId && keys.verify(bytes, row.signature),
        },
      };
    },

    async key() {
      const keys = await signer();
      return { algorithm: 'Ed25519' as const, publicKey: keys.publicKey, keyId: keys.keyId };
    },

    async profile(tipsterId: number, viewer: AuthenticatedUser | null) {
      const rows = await refreshed(await requireProfile(tipsterId));
      const sports = new Map<number, number>();
      for (const row of rows)
        for (const sportId of row.sportIds) sports.set(sportId, (sports.get(sportId) ?? 0) + 1);
      return {
        tipsterId,
        name: await nameOf(tipsterId),
        ...tipsterFigures(rows),
        sports: [...sports]
          .map(([sportId, shares]) => ({ sportId, shares }))
          .sort((a, b) => b.shares - a.shares || a.sportId - b.sportId),
        ...(await profileOf(tipsterId, viewer)),
        recent: rows.slice(0, profileRecentMax).map(shareOf),
      };
    },

    /**
     * Freezes every open share whose order is now final (withdrawn ones too, for the ranking),
     * so the ranking does not wait for someone to read them; the module runs it periodically.
     * Answers how many shares it froze.
     */
    async freezeSettled(): Promise<number> {
      let frozen = 0;
      let afterId = 0;
      for (;;) {
        const open = await repository.openShares(afterId, freezeBatch);
        if (open.length === 0) return frozen;
        const after = await refreshed(open);
        frozen += after.filter((row) => row.settled !== null).length;
        afterId = open[open.length - 1]?.id ?? afterId;
        if (open.length < freezeBatch) return frozen;
      }
    },

    /** trade/order/master/rank: tipsters by the lower end of their yield's 95 % interval. */
    async rank(input: RankInput) {
      const sportId = input.sportId ?? allSports;
      const fromDay = windowStart(now(), input.window);
      const sums = await repository.rankSums(sportId, fromDay, rankMinOrders);
      const ranked = sums
        .map((sum) => ({
          ...sum,
          score: rankScore(sum.orders, sum.sumR, sum.sumR2) ?? 0,
          yield: Math.round(sum.sumR / sum.orders),
        }))
        .sort(
          (a, b) =>
            b.score - a.score || b.yield - a.yield || b.orders - a.orders || a.userId - b.userId,
        );
      const pageRows = ranked.slice((input.page - 1) * input.size, input.page * input.size);
      const ids = pageRows.map((row) => row.userId);
      const [days, names] = await Promise.all([
        repository.tipsterDays(ids, sportId, fromDay),
        deps.accountNames(ids),
      ]);
      const records: RankedTipster[] = pageRows.map((row, index) => ({
        rank: (input.page - 1) * input.size + index + 1,
        tipsterId: row.userId,
        name: maskedName(names.get(row.userId), row.userId),
        orders: row.orders,
        wins: row.wins,
        winRate:
          row.wins + row.losses > 0
            ? Math.round((row.wins * evenUnits) / (row.wins + row.losses))
            : 0,
        yield: row.yield,
        score: row.score,
        profit: row.sumR,
        longestWinStreak: longestWinStreak(days.filter((day) => day.userId === row.userId)),
      }));
      return { window: input.window, minOrders: rankMinOrders, records, total: ranked.length };
    },

    async follow(user: AuthenticatedUser, tipsterId: number) {
      if (tipsterId === user.userId)
        throw new AppError('FOLLOW_SELF', 'tipsterId: you cannot follow yourself');
      await requireProfile(tipsterId);
      await repository.follow(user.userId, tipsterId, now());
      return { tipsterId, ...(await profileOf(tipsterId, user)) };
    },

    async unfollow(user: AuthenticatedUser, tipsterId: number) {
      await repository.unfollow(user.userId, tipsterId);
      return { tipsterId, ...(await profileOf(tipsterId, user)) };
    },

    /** share/copy: a member's copy counts once; the owner's own copies never. */
    async copy(user: AuthenticatedUser, code: string) {
      const row = await visibleShare(code);
      if (row.userId === user.userId) return { code, copies: row.copies, isCounted: false };
      return { code, ...(await repository.copy(row.id, user.userId, now())) };
    },

    /** The desk's list: every share, withdrawn and hidden ones too, with the sharer's account. */
    async deskList(input: DeskListInput): Promise<{ records: DeskShare[]; total: number }> {
      const code = input.code?.toUpperCase();
      const { rows, total } = await repository.deskShares({
        code: code === '' ? undefined : code,
        tipsterId: input.tipsterId,
        hidden: input.hidden,
        offset: (input.page - 1) * input.size,
        limit: input.size,
      });
      const accounts = await deps.accountNames([...new Set(rows.map((row) => row.userId))]);
      return {
        records: rows.map((row) => ({
          code: row.code,
          tipsterId: row.userId,
          account: accounts.get(row.userId) ?? null,
          privacy: row.privacy as SharePrivacy,
          sportIds: row.sportIds,
          createdAt: row.createdAt.getTime(),
          copies: row.copies,
          status: row.status,
          outcome: (row.outcome as ShareOutcome | null) ?? null,
          withdrawn: row.withdrawnAt !== null,
          hidden: row.hiddenAt !== null,
          tipsterHidden: row.tipsterHidden,
        })),
        total,
      };
    },

    async hideShare(code: string, hidden: boolean, operatorId: number, audit: DeskAudit) {
      return repository.transaction(async (tx) => {
        const row = await repository.findByCodeForUpdate(tx, code);
        if (!row) throw notFound(`no share ${code}`);
        const wasHidden = row.hiddenAt !== null;
        if (wasHidden === hidden) return { code, hidden, applied: false };
        await repository.setShareHidden(
          tx,
          row.id,
          hidden ? operatorId : null,
          hidden ? now() : null,
        );
        if (row.settledAt) await rewriteTipsterDay(tx, row.userId, row.settledAt);
        await audit(tx, { before: { hidden: wasHidden }, after: { hidden } });
        return { code, hidden, applied: true };
      });
    },

    async hideTipster(tipsterId: number, hidden: boolean, operatorId: number, audit: DeskAudit) {
      return repository.transaction(async (tx) => {
        const wasHidden =
          (await repository.findHiddenTipsterForUpdate(tx, tipsterId)) !== undefined;
        if (wasHidden === hidden) return { tipsterId, hidden, applied: false };
        const changed = hidden
          ? await repository.hideTipster(tx, tipsterId, operatorId, now())
          : await repository.showTipster(tx, tipsterId);
        if (!changed) return { tipsterId, hidden, applied: false };
        await audit(tx, { before: { hidden: wasHidden }, after: { hidden } });
        return { tipsterId, hidden, applied: true };
      });
    },
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
