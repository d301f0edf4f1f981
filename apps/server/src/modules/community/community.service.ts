import { randomInt } from 'node:crypto';
import {
  type DeskShare,
  type Language,
  languages,
  type masterRank,
  type OrderRecord,
  orderStatus,
  type RankedTipster,
  type Share,
  type SharedLegNames,
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
import {
  canonicalJson,
  newSigningKey,
  type ShareSigner,
  shareSigner,
  signedBytesOf,
} from './share-proof';
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
/** Open shares (or changed orders) one freezing pass reads at a time. */
const freezeBatch = 200;
/**
 * How far before the previous pass's start a pass looks for changed orders: an order's
 * `updated_at` is its transaction's time, and that transaction may commit after a pass read.
 */
export const freezeOverlapMs = 5 * 60_000;
/** How far back a process's first pass looks for changed orders (rollbacks while none ran). */
export const freezeStartLookBackMs = 24 * 3_600_000;
const dayMs = 86_400_000;
/**
 * How far past a page's start a feed counts its shares for `total` (docs/community.md, "Feed
 * totals"): counting every share of a feed read the whole table each request.
 */
export const feedTotalCap = 1_000;
/**
 * How long a process keeps a public feed page's answer (docs/community.md, "Kept feed pages"):
 * each process empties its own at once on every change it makes, so this is how stale another
 * process's change can leave a page.
 */
export const feedPageKeepMs = 1_000;
/** Feed pages kept at most; past it the expired ones go, then all. */
const feedPagesKept = 500;

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

/**
 * Each leg's names in the reader's language: from the names frozen in every language (layout 2),
 * or the leg's own, the sharer's language, for a share of layout 1.
 */
export function legNamesIn(placed: SharePlaced, language: Language): SharedLegNames[] {
  return placed.legs.map(
    (leg) =>
      leg.names?.[language] ?? {
        leagueName: leg.leagueName,
        home: leg.home,
        away: leg.away,
        optName: leg.optName,
      },
  );
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
  orders: Pick<OrdersService, 'memberOrder' | 'recordsById' | 'changedSince'>;
  /** A match's start time by event id, from the book or the catalogue; null when unknown. */
  kickOffOf: (eventId: number) => Promise<number | null>;
  accountNames: (userIds: readonly number[]) => Promise<Map<number, string | null>>;
  now: () => Date;
  /** Milliseconds of a clock that only goes on, for how long answers are kept. */
  elapsedMs?: () => number;
}) {
  const { repository, orders, now } = deps;
  const elapsedMs = deps.elapsedMs ?? (() => performance.now());
  /** When this process's last freezing pass began; unset until its first pass. */
  let passCursor: Date | undefined;

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

  /** The order as each language of the site names it, the sharer's own record among them. */
  async function namedInEveryLanguage(
    orderId: number,
    own: OrderRecord,
    language: Language,
  ): Promise<Record<Language, OrderRecord>> {
    const named = await Promise.all(
      languages.map(async (each) =>
        each === language ? own : ((await orders.recordsById([orderId], each)).get(orderId) ?? own),
      ),
    );
    return Object.fromEntries(languages.map((each, index) => [each, named[index]])) as Record<
      Language,
      OrderRecord
    >;
  }

  /** The order frozen as shared, cut to the privacy, its legs named in every language. */
  async function placedOf(
    code: string,
    user: AuthenticatedUser,
    record: OrderRecord,
    named: Record<Language, OrderRecord>,
    privacy: SharePrivacy,
    comment: string,
    sharedAt: Date,
  ): Promise<SharePlaced> {
    const kickOffs = await Promise.all(record.legs.map((leg) => deps.kickOffOf(leg.gameId)));
    const showsAmounts = privacy === 'all';
    const namesOf = (each: Language, index: number): SharedLegNames => {
      const leg = named[each].legs[index] ?? record.legs[index];
      return {
        leagueName: leg?.leagueName ?? '',
        home: leg?.home ?? '',
        away: leg?.away ?? '',
        optName: leg?.optName ?? '',
      };
    };
    return {
      v: 2,
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
        names: { zh: namesOf('zh', index), zht: namesOf('zht', index), en: namesOf('en', index) },
      })),
    };
  }

  /** How the order ended as a share freezes it, `settledAt` left to the caller. */
  function endingOf(row: ShareRow, record: OrderRecord) {
    const { outcome, returnUnits } = outcomeOf(record);
    const settled: Omit<ShareSettled, 'settledAt'> = {
      status: record.status,
      outcome,
      legResults: record.legs.map((leg) => leg.result),
      payout:
        row.privacy === 'all' && outcome !== 'cashed_out' && outcome !== 'rejected'
          ? (record.maxPayout ?? 0)
          : null,
    };
    return { settled, outcome, returnUnits };
  }

  /** Whether a frozen ending still says what the order's record says. */
  function sameEnding(frozen: ShareSettled, ending: Omit<ShareSettled, 'settledAt'>): boolean {
    const { settledAt: _settledAt, ...kept } = frozen;
    return canonicalJson(kept) === canonicalJson(ending);
  }

  /** Rewrites the tipster's days of these instants, each once, earliest first (lock order). */
  async function rewriteTipsterDays(tx: Database, userId: number, instants: Date[]) {
    const days = [...new Set(instants.map(dayOf))].sort();
    for (const day of days) await rewriteTipsterDay(tx, userId, new Date(`${day}T00:00:00.000Z`));
  }

  /**
   * The shares with their orders' news. An open share whose order is now final is frozen (its
   * ending signed with its document); one still open answers its order's status now. With
   * `frozenToo` (the freezing pass), a frozen share whose order was rolled back is opened again,
   * or frozen anew when its order ended otherwise since: the signature follows, and so do the
   * tipster's days, the old day's and the new one's, in the same transaction.
   */
  async function refreshed(
    rows: ShareRow[],
    frozenToo = false,
    onChanged: () => void = () => {},
  ): Promise<ShareRow[]> {
    const watched = rows.filter((row) => frozenToo || row.settled === null);
    if (watched.length === 0) return rows;
    const records = await orders.recordsById(
      watched.map((row) => row.orderId),
      'en',
    );
    const keys = await signer();
    const changed = new Map<number, ShareRow>();
    for (const row of watched) {
      const record = records.get(row.orderId);
      if (!record) continue;
      const isFinal = finalStatuses.has(record.status);
      const frozen = row.settled as ShareSettled | null;
      if (frozen === null && !isFinal) {
        if (record.status !== row.status) {
          await repository.setStatus(row.id, record.status);
          feedPages.clear();
          changed.set(row.id, { ...row, status: record.status });
        }
        continue;
      }
      const ending = isFinal ? endingOf(row, record) : null;
      if (frozen !== null && ending && sameEnding(frozen, ending.settled)) continue;
      const at = now();
      const settled: ShareSettled | null = ending
        ? { ...ending.settled, settledAt: at.getTime() }
        : null;
      const values = {
        settled,
        status: record.status,
        outcome: ending?.outcome ?? null,
        returnUnits: ending?.returnUnits ?? null,
        signature: keys.sign(signedBytesOf(row.placed, settled)),
        settledAt: ending ? at : null,
      };
      const seenSettledAt = row.settledAt;
      const done = await repository.transaction(async (tx) => {
        const updated = await repository.setEnding(
          tx,
          row.id,
          frozen === null ? null : seenSettledAt,
          values,
        );
        if (updated) {
          await rewriteTipsterDays(
            tx,
            updated.userId,
            [seenSettledAt, updated.settledAt].filter((day): day is Date => day !== null),
          );
          await repository.bumpRankVersion(tx);
        }
        return updated;
      });
      feedPages.clear();
      if (done) onChanged();
      changed.set(row.id, done ?? (await repository.findByCode(row.code)) ?? row);
    }
    return rows.map((row) => changed.get(row.id) ?? row);
  }

  const shareOf = (row: ShareRow, language: Language): Share => ({
    code: row.code,
    link: shareLinkOf(row.code),
    placed: row.placed as SharePlaced,
    settled: (row.settled as ShareSettled | null) ?? null,
    status: row.status,
    copies: row.copies,
    legNames: legNamesIn(row.placed as SharePlaced, language),
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

  async function requireProfile(tipsterId: number): Promise<void> {
    const [row] = await repository.profileRecent(tipsterId, 1);
    if (!row) throw new AppError('TIPSTER_NOT_FOUND', `tipsterId: no tipster ${tipsterId}`);
  }

  type FeedPage = { records: Share[]; total: number; totalCapped: boolean };
  /**
   * The public feeds' pages this process answered lately (latest and most copied, by sport), by
   * the whole query and language, each kept `feedPageKeepMs` from when it was asked. Their
   * answers hold nothing of the caller. Emptied at once by every change this process makes to a
   * share (made, frozen, status, withdrawn, copied, hidden, its tipster hidden); a page being
   * read when it is emptied is not kept.
   */
  const feedPages = new Map<string, { until: number; answer: Promise<FeedPage> }>();

  async function feedPage(input: ListInput, language: Language): Promise<FeedPage> {
    const { rows, total, totalCapped } = await repository.feed(
      {
        feed: input.feed,
        sportId: input.sportId,
        offset: (input.page - 1) * input.size,
        limit: input.size,
      },
      feedTotalCap,
    );
    return {
      records: (await refreshed(rows)).map((row) => shareOf(row, language)),
      total,
      totalCapped,
    };
  }

  function keptFeedPage(input: ListInput, language: Language): Promise<FeedPage> {
    const key = `${input.feed}:${input.sportId ?? 0}:${input.page}:${input.size}:${language}`;
    const at = elapsedMs();
    const kept = feedPages.get(key);
    if (kept && kept.until > at) return kept.answer;
    if (feedPages.size >= feedPagesKept) {
      for (const [each, page] of feedPages) if (page.until <= at) feedPages.delete(each);
      if (feedPages.size >= feedPagesKept) feedPages.clear();
    }
    const entry = { until: at + feedPageKeepMs, answer: feedPage(input, language) };
    feedPages.set(key, entry);
    entry.answer.catch(() => {
      if (feedPages.get(key) === entry) feedPages.delete(key);
    });
    return entry.answer;
  }

  /** A desk change in a transaction of its own, the kept feed pages emptied once it ended. */
  async function deskChange<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    try {
      return await repository.transaction(work);
    } finally {
      feedPages.clear();
    }
  }

  /**
   * The window's whole ranking of a sport key (0: every sport), from the day rows: the sums per
   * tipster summed in SQL, the score computed and sorted here, and every ranked tipster's
   * streak and masked name.
   */
  async function computeRanking(sportId: number, fromDay: string): Promise<RankedTipster[]> {
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
    const ids = ranked.map((row) => row.userId);
    const [days, names] = await Promise.all([
      repository.tipsterDays(ids, sportId, fromDay),
      deps.accountNames(ids),
    ]);
    const daysOf = new Map<number, typeof days>();
    for (const day of days) {
      const list = daysOf.get(day.userId);
      if (list) list.push(day);
      else daysOf.set(day.userId, [day]);
    }
    return ranked.map((row, index) => ({
      rank: index + 1,
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
      longestWinStreak: longestWinStreak(daysOf.get(row.userId) ?? []),
    }));
  }

  /**
   * The rankings this process computed, for one version of the ranking and one UTC day: a
   * ranking changes only when a transaction rewrites day rows or hides or shows a tipster, each
   * raising the version in the database (every process reads the same), or when the day turns.
   */
  let rankings: { version: number; today: string; lists: Map<string, Promise<RankedTipster[]>> } = {
    version: -1,
    today: '',
    lists: new Map(),
  };

  async function rankingOf(window: number, sportId: number): Promise<RankedTipster[]> {
    const version = await repository.rankVersion();
    const at = now();
    const today = dayOf(at);
    // A version older than the one kept was read before a change the kept one has seen.
    if (version > rankings.version || today !== rankings.today)
      rankings = { version, today, lists: new Map() };
    const kept = rankings;
    const key = `${window}:${sportId}`;
    let list = kept.lists.get(key);
    if (!list) {
      list = computeRanking(sportId, windowStart(at, window));
      kept.lists.set(key, list);
      const made = list;
      made.catch(() => {
        if (kept.lists.get(key) === made) kept.lists.delete(key);
      });
    }
    return list;
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
      if (existing) return { ...shareOf(await one(existing), language), isNew: false };
      const keys = await signer();
      const named = await namedInEveryLanguage(order.id, order.record, language);
      for (let attempt = 0; attempt < codeAttempts; attempt += 1) {
        const code = newShareCode();
        const sharedAt = now();
        const placed = await placedOf(
          code,
          user,
          order.record,
          named,
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
        if (row) {
          feedPages.clear();
          return { ...shareOf(await one(row), language), isNew: true };
        }
        // Either a racing share of the same order won, or the code was taken: answer the one,
        // or draw another code.
        const raced = await repository.findLiveByOrder(order.id);
        if (raced) return { ...shareOf(await one(raced), language), isNew: false };
      }
      throw new Error('no free share code after several attempts');
    },

    async withdraw(user: AuthenticatedUser, code: string) {
      const row = await repository.withdraw(user.userId, code, now());
      if (row) feedPages.clear();
      if (!row) {
        const found = await repository.findByCode(code);
        if (found && found.userId === user.userId && found.withdrawnAt)
          return { code, withdrawn: true };
        throw notFound(`no share ${code} of yours`);
      }
      return { code, withdrawn: true };
    },

    async list(input: ListInput, viewer: AuthenticatedUser | null, language: Language) {
      if (input.feed === 'following' && (!viewer || viewer.memberId === 0))
        throw new AppError('LOGIN_REQUIRED', 'feed: following is for members');
      // The public feeds are the same for every caller: kept for a moment (keptFeedPage).
      if (input.feed !== 'following') return keptFeedPage(input, language);
      const { rows, total, totalCapped } = await repository.feed(
        {
          feed: input.feed,
          sportId: input.sportId,
          followerId: viewer?.userId,
          offset: (input.page - 1) * input.size,
          limit: input.size,
        },
        feedTotalCap,
      );
      return {
        records: (await refreshed(rows)).map((row) => shareOf(row, language)),
        total,
        totalCapped,
      };
    },

    async verify(code: string, language: Language) {
      const row = await one(await visibleShare(code));
      const keys = await signer();
      const bytes = signedBytesOf(row.placed, row.settled);
      return {
        share: shareOf(row, language),
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

    /**
     * share/personal/data: the figures summed in SQL over the tipster's shares, and only the
     * shares shown as recent read (and refreshed, an open one frozen if its order is final).
     */
    async profile(tipsterId: number, viewer: AuthenticatedUser | null, language: Language) {
      const recent = await refreshed(await repository.profileRecent(tipsterId, profileRecentMax));
      if (recent.length === 0)
        throw new AppError('TIPSTER_NOT_FOUND', `tipsterId: no tipster ${tipsterId}`);
      const [figures, longestWinStreak, sports] = await Promise.all([
        repository.profileFigures(tipsterId),
        repository.profileLongestWinStreak(tipsterId),
        repository.profileSports(tipsterId),
      ]);
      const { decided, wins, losses, profitUnits } = figures;
      return {
        tipsterId,
        name: await nameOf(tipsterId),
        settledShares: decided,
        wins,
        winRate: wins + losses > 0 ? Math.round((wins * evenUnits) / (wins + losses)) : 0,
        yield: decided > 0 ? Math.round(profitUnits / decided) : 0,
        longestWinStreak,
        sports,
        ...(await profileOf(tipsterId, viewer)),
        recent: recent.map((row) => shareOf(row, language)),
      };
    },

    /**
     * The freezing pass, run periodically by the module on every process. Its first run reads
     * every open share (withdrawn ones too, for the ranking) and the orders changed within the
     * start-up look-back; every later run reads only the shares of orders changed since the
     * previous run began, less an overlap for transactions that committed late. Each share is
     * brought to its order's state: frozen when final, opened again when its settlement was
     * rolled back, frozen anew when it ended otherwise. Every change is conditional on the
     * state read, so two passes racing (on two processes) make it once, and the tipster's days
     * are rewritten from their shares, never added to. Answers how many shares it changed.
     */
    async freezeSettled(): Promise<number> {
      const startedAt = now();
      let changedCount = 0;
      const apply = async (rows: ShareRow[]) => {
        await refreshed(rows, true, () => {
          changedCount += 1;
        });
      };
      if (passCursor === undefined) {
        let afterId = 0;
        for (;;) {
          const open = await repository.openShares(afterId, freezeBatch);
          if (open.length > 0) await apply(open);
          afterId = open[open.length - 1]?.id ?? afterId;
          if (open.length < freezeBatch) break;
        }
      }
      const since = new Date(
        passCursor === undefined
          ? startedAt.getTime() - freezeStartLookBackMs
          : passCursor.getTime() - freezeOverlapMs,
      );
      let after: { at: Date; id: number } | undefined;
      for (;;) {
        const moved = await orders.changedSince(since, after, freezeBatch);
        const shares = await repository.sharesOfOrders([...new Set(moved.map((m) => m.id))]);
        if (shares.length > 0) await apply(shares);
        after = moved[moved.length - 1] ?? after;
        if (moved.length < freezeBatch) break;
      }
      passCursor = startedAt;
      return changedCount;
    },

    /**
     * trade/order/master/rank: tipsters by the lower end of their yield's 95 % interval. The
     * window's whole ranking is computed once per version of the ranking and day (rankingOf),
     * and a request reads only the version's row, then slices its page.
     */
    async rank(input: RankInput) {
      const ranked = await rankingOf(input.window, input.sportId ?? allSports);
      const start = (input.page - 1) * input.size;
      return {
        window: input.window,
        minOrders: rankMinOrders,
        records: ranked.slice(start, start + input.size),
        total: ranked.length,
      };
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
      const counted = await repository.copy(row.id, user.userId, now());
      if (counted.isCounted) feedPages.clear();
      return { code, ...counted };
    },

    /** The desk's list: every share, withdrawn and hidden ones too, with the sharer's account. */
    async deskList(
      input: DeskListInput,
      language: Language,
    ): Promise<{ records: DeskShare[]; total: number }> {
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
          legNames: legNamesIn(row.placed as SharePlaced, language),
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
      return deskChange(async (tx) => {
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
        if (row.settledAt) {
          await rewriteTipsterDay(tx, row.userId, row.settledAt);
          await repository.bumpRankVersion(tx);
        }
        await audit(tx, { before: { hidden: wasHidden }, after: { hidden } });
        return { code, hidden, applied: true };
      });
    },

    async hideTipster(tipsterId: number, hidden: boolean, operatorId: number, audit: DeskAudit) {
      return deskChange(async (tx) => {
        const wasHidden =
          (await repository.findHiddenTipsterForUpdate(tx, tipsterId)) !== undefined;
        if (wasHidden === hidden) return { tipsterId, hidden, applied: false };
        const changed = hidden
          ? await repository.hideTipster(tx, tipsterId, operatorId, now())
          : await repository.showTipster(tx, tipsterId);
        if (!changed) return { tipsterId, hidden, applied: false };
        await repository.bumpRankVersion(tx);
        await audit(tx, { before: { hidden: wasHidden }, after: { hidden } });
        return { tipsterId, hidden, applied: true };
      });
    },
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
