import {
  masterRank,
  memberCreateAccount,
  orderStatus,
  type ShareOutcome,
  type SharePlaced,
  type SharePrivacy,
  type ShareSettled,
  shareCodeAlphabet,
  shareKey,
  shareList,
  visitorCreate,
} from '@sb/contract';
import { encodeOptionId, requireCurrency } from '@sb/domain';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { type Database, openDatabase } from '../apps/server/src/db/database';
import {
  dayOf,
  dayRowsOf,
  type RankedEntry,
  rankedEntry,
  rankMinOrders,
} from '../apps/server/src/modules/community/tipster-ranking';
import { users } from '../apps/server/src/modules/identity/identity.schema';
import { createMemoryCounterStore } from '../apps/server/src/platform/counter-store';
import { loadUrl } from './http-load';
import type { BenchResult } from './report';

const shareCount = 100_000;
const tipsterCount = 10_000;
const windowDays = 90;
const pageSize = 20;
const durationSeconds = 10;
const connections = 10;
const latencySeconds = 5;
const callerCount = 20;
/** Tipsters each bench member follows, and other tipsters each tipster follows. */
const followsPerMember = 40;
const followsPerTipster = 5;
const hiddenTipsterCount = 10;
/** Rows a statement inserts, passed as one JSON parameter. */
const jsonBatch = 5_000;

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const evenUnits = 10_000;

/**
 * How many tipsters share how much over the 90 days: a few share every day (ranked in the 7-day
 * window too), more share most days (ranked over 30 days), more again every few days (ranked over
 * 90), and most now and then (never ranked). The last tier takes the shares left, at least one
 * each.
 */
const tiers = [
  { tipsters: 80, shares: 360 },
  { tipsters: 400, shares: 90 },
  { tipsters: 1_000, shares: 28 },
] as const;

/** Sports of the legs, weighted as a book's bets are: football first. */
const sports = [
  { sportId: 1, weight: 55, name: 'Football' },
  { sportId: 2, weight: 15, name: 'Basketball' },
  { sportId: 3, weight: 12, name: 'Tennis' },
  { sportId: 5, weight: 6, name: 'Ice hockey' },
  { sportId: 4, weight: 6, name: 'Volleyball' },
  { sportId: 31, weight: 6, name: 'Esports' },
] as const;
const sportWeightTotal = sports.reduce((sum, sport) => sum + sport.weight, 0);

/** A small seeded generator, so every run seeds the same world. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Distinct share codes of the contract's alphabet, spread over its range by a multiplier. */
function shareCodeOf(index: number): string {
  const base = BigInt(shareCodeAlphabet.length);
  const range = base ** 10n;
  let value = (BigInt(index + 1) * 982_451_653_000_001n) % range;
  let code = '';
  for (let digit = 0; digit < 10; digit++) {
    code += shareCodeAlphabet[Number(value % base)];
    value /= base;
  }
  return code;
}

interface SeededShare {
  row: {
    id: number;
    code: string;
    user_id: number;
    order_id: number;
    privacy: SharePrivacy;
    sport_ids: number[];
    placed: SharePlaced;
    settled: ShareSettled | null;
    status: number;
    outcome: ShareOutcome | null;
    return_units: number | null;
    signature: string;
    key_id: string;
    copies: number;
    created_at: string;
    settled_at: string | null;
    withdrawn_at: string | null;
    hidden_at: string | null;
    hidden_by: number | null;
  };
  order: Record<string, unknown>;
  legs: Record<string, unknown>[];
}

/** Inserts rows given by column name, a batch a statement, through one JSON parameter. */
async function insertRows(
  db: Database,
  table: string,
  rows: readonly Record<string, unknown>[],
  options: { overridingIds?: boolean } = {},
): Promise<void> {
  const [first] = rows;
  if (!first) return;
  const columns = sql.raw(Object.keys(first).join(', '));
  const overriding = sql.raw(options.overridingIds ? 'overriding system value' : '');
  for (let from = 0; from < rows.length; from += jsonBatch) {
    const batch = JSON.stringify(rows.slice(from, from + jsonBatch));
    await db.execute(
      sql`insert into ${sql.raw(table)} (${columns}) ${overriding} select ${columns} from jsonb_populate_recordset(null::${sql.raw(table)}, ${batch}::jsonb)`,
    );
  }
}

/**
 * 100 000 shares of 10 000 tipsters over the last 90 days, each with its order and legs, written
 * straight into the tables; the shares whose matches have ended frozen as the freezing pass
 * freezes them, and every tipster's day rows of the ranking written from them with the
 * ranking's own functions (tipster-ranking.ts), as freezing writes them.
 */
async function seedCommunity(db: Database, now: number) {
  const random = seededRandom(20_261_203);
  const currency = requireCurrency('CNY');
  const tipsters: number[] = [];
  for (let from = 0; from < tipsterCount; from += 2_000) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(2_000, tipsterCount - from) }, (_, index) => ({
          uid: `bench-tipster-${from + index}`,
          type: 1,
          account: `tipster${from + index}`,
          accountKey: `tipster${from + index}`,
          currencyId: currency.currencyId,
        })),
      )
      .returning({ id: users.id });
    tipsters.push(...rows.map((row) => row.id));
  }
  // How many shares each tipster makes.
  const counts: number[] = [];
  for (const tier of tiers)
    for (let index = 0; index < tier.tipsters; index++) counts.push(tier.shares);
  const tiered = counts.reduce((sum, value) => sum + value, 0);
  const rest = tipsterCount - counts.length;
  for (let index = 0; index < rest; index++)
    counts.push(
      Math.floor((shareCount - tiered) / rest) + (index < (shareCount - tiered) % rest ? 1 : 0),
    );

  const sportOf = () => {
    let pick = random() * sportWeightTotal;
    for (const sport of sports) {
      pick -= sport.weight;
      if (pick < 0) return sport;
    }
    return sports[0];
  };
  // Every share's time, then the shares in that order, so ids rise with time as they would.
  const drafts: { tipster: number; createdAt: number }[] = [];
  counts.forEach((n, tipster) => {
    for (let index = 0; index < n; index++)
      drafts.push({ tipster, createdAt: now - Math.floor(random() * windowDays * dayMs) });
  });
  drafts.sort((a, b) => a.createdAt - b.createdAt);

  let nextEventId = 80_000_000;
  const shares: SeededShare[] = drafts.map((draft, index) => {
    const id = index + 1;
    const userId = tipsters[draft.tipster] ?? 0;
    const code = shareCodeOf(index);
    const roll = random();
    const privacy: SharePrivacy = roll < 0.8 ? 'all' : roll < 0.92 ? 'no_amounts' : 'anonymous';
    const legCount = random() < 0.7 ? 1 : random() < 0.67 ? 2 : 3;
    // One bet in twenty is taken in play, after its match started: it does not rank.
    const isLive = random() < 0.05;
    const placedAt = draft.createdAt - Math.floor(random() * 6 * hourMs);
    const legs = Array.from({ length: legCount }, (_, legIndex) => {
      const sport = sportOf();
      const eventId = nextEventId++;
      const outcomeId = ['1', 'X', '2'][Math.floor(random() * 3)] ?? '1';
      const odds = 12_000 + Math.floor(random() * 22_000);
      const kickOff =
        isLive && legIndex === 0
          ? draft.createdAt - Math.floor(random() * hourMs)
          : draft.createdAt + hourMs + Math.floor(random() * 30 * hourMs);
      return {
        optId: encodeOptionId({ eventId, playId: 3, specifiers: '', outcomeId }),
        gameId: eventId,
        sportId: sport.sportId,
        leagueId: 100 + sport.sportId,
        leagueName: `${sport.name} League ${eventId % 7}`,
        home: `Home Side ${eventId % 997}`,
        away: `Away Side ${(eventId * 7) % 997}`,
        playId: 3,
        specifiers: '',
        outcomeId,
        optName: outcomeId === 'X' ? 'Draw' : outcomeId === '1' ? 'Home' : 'Away',
        odds,
        kickOff,
      };
    });
    const totalOdds = Math.floor(
      legs.reduce((product, leg) => (product * leg.odds) / evenUnits, evenUnits),
    );
    const stake = (1 + Math.floor(random() * 50)) * 1_000;
    const potentialPayout = Math.floor((stake * totalOdds) / evenUnits);
    const placed: SharePlaced = {
      v: 1,
      code,
      privacy,
      tipster: privacy === 'anonymous' ? null : { id: userId, name: `ti***${draft.tipster % 10}` },
      comment: random() < 0.4 ? 'Form and the table both point the same way here.' : '',
      betType: legCount > 1 ? 1 : 0,
      odds: totalOdds,
      currencyCode: currency.currencyCode,
      scale: currency.scale,
      stake: privacy === 'all' ? stake : null,
      potentialPayout: privacy === 'all' ? potentialPayout : null,
      placedAt,
      sharedAt: draft.createdAt,
      legs,
    };
    // Frozen by the freezing pass a few minutes after the last match ended.
    const settledAt =
      Math.max(...legs.map((leg) => leg.kickOff)) + 2 * hourMs + Math.floor(random() * 300_000);
    const isFrozen = settledAt <= now;
    let outcome: ShareOutcome | null = null;
    let status: number = orderStatus.accepted;
    let returnUnits: number | null = null;
    let payout = 0;
    if (isFrozen) {
      const ending = random();
      if (ending < 0.02) {
        outcome = 'void';
        status = orderStatus.void;
        returnUnits = evenUnits;
        payout = stake;
      } else if (ending < 0.05) {
        outcome = 'cashed_out';
        status = orderStatus.cashedOut;
      } else if (ending < 0.08) {
        outcome = 'push';
        status = orderStatus.settled;
        returnUnits = evenUnits;
        payout = stake;
      } else if (random() < (0.96 * evenUnits) / totalOdds) {
        outcome = 'won';
        status = orderStatus.settled;
        returnUnits = totalOdds;
        payout = potentialPayout;
      } else {
        outcome = 'lost';
        status = orderStatus.settled;
        returnUnits = 0;
      }
    }
    const settled: ShareSettled | null = outcome
      ? {
          status,
          outcome,
          legResults: legs.map(() =>
            outcome === 'won' ? 'won' : outcome === 'void' ? 'void' : 'lost',
          ),
          payout: privacy === 'all' && outcome !== 'cashed_out' ? payout : null,
          settledAt,
        }
      : null;
    const copiesRoll = random();
    const withdrawnAt = random() < 0.01 ? draft.createdAt + 600_000 : null;
    const hiddenAt = random() < 0.001 ? draft.createdAt + dayMs : null;
    const orderNo = `BC${id.toString().padStart(10, '0')}`;
    const createdIso = new Date(placedAt).toISOString();
    return {
      row: {
        id,
        code,
        user_id: userId,
        order_id: id,
        privacy,
        sport_ids: [...new Set(legs.map((leg) => leg.sportId))],
        placed,
        settled,
        status,
        outcome,
        return_units: returnUnits,
        // The calls measured never check a signature (share/verify does): one of the right length.
        signature: Buffer.alloc(64, id % 251).toString('base64'),
        key_id: 'bench',
        copies: copiesRoll < 0.7 ? 0 : Math.floor(Math.exp(random() * 6)),
        created_at: new Date(draft.createdAt).toISOString(),
        settled_at: isFrozen ? new Date(settledAt).toISOString() : null,
        withdrawn_at: withdrawnAt === null ? null : new Date(withdrawnAt).toISOString(),
        hidden_at: hiddenAt === null ? null : new Date(hiddenAt).toISOString(),
        hidden_by: hiddenAt === null ? null : 1,
      },
      order: {
        id,
        order_no: orderNo,
        user_id: userId,
        request_digest: 'bench',
        currency_id: currency.currencyId,
        bet_type: legCount > 1 ? 1 : 0,
        stake_minor: stake,
        total_odds_units: totalOdds,
        potential_payout_minor: potentialPayout,
        accept_odds: 0,
        status,
        is_live: isLive,
        odds_config: [0, 0, 0],
        created_at: createdIso,
        updated_at: isFrozen ? new Date(settledAt).toISOString() : createdIso,
      },
      legs: legs.map((leg, legIndex) => ({
        order_id: id,
        leg_index: legIndex,
        event_id: leg.gameId,
        sport_id: leg.sportId,
        league_id: leg.leagueId,
        play_id: 3,
        specifiers: '',
        outcome_id: leg.outcomeId,
        option_id: leg.optId,
        requested_odds_units: leg.odds,
        odds_units: leg.odds,
        market_status: 'active',
        home_name: leg.home,
        away_name: leg.away,
        league_name: leg.leagueName,
        outcome_name: leg.optName,
      })),
    };
  });

  await insertRows(
    db,
    'orders',
    shares.map((share) => share.order),
    { overridingIds: true },
  );
  await insertRows(
    db,
    'order_legs',
    shares.flatMap((share) => share.legs),
  );
  await insertRows(
    db,
    'community_shares',
    shares.map((share) => share.row),
    { overridingIds: true },
  );
  for (const table of ['orders', 'community_shares'])
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.raw(table)}))`,
    );

  // The ranking's day rows, as freezing each share rewrote its tipster's day: from the day's
  // frozen shares in the order they froze.
  const byDay = new Map<string, SeededShare['row'][]>();
  for (const share of shares) {
    if (share.row.settled_at === null) continue;
    const key = `${share.row.user_id}/${share.row.settled_at.slice(0, 10)}`;
    const list = byDay.get(key) ?? [];
    list.push(share.row);
    byDay.set(key, list);
  }
  const dayRows: Record<string, unknown>[] = [];
  for (const list of byDay.values()) {
    list.sort((a, b) => (a.settled_at ?? '').localeCompare(b.settled_at ?? '') || a.id - b.id);
    const entries = list
      .map((row) =>
        rankedEntry({
          privacy: row.privacy,
          hiddenAt: row.hidden_at === null ? null : new Date(row.hidden_at),
          outcome: row.outcome,
          returnUnits: row.return_units,
          placed: row.placed,
          withdrawnAt: row.withdrawn_at === null ? null : new Date(row.withdrawn_at),
          sportIds: row.sport_ids,
        }),
      )
      .filter((entry): entry is RankedEntry => entry !== null);
    const [first] = list;
    if (!first?.settled_at) continue;
    const day = dayOf(new Date(first.settled_at));
    for (const [sportId, figures] of dayRowsOf(entries))
      dayRows.push({
        user_id: first.user_id,
        sport_id: sportId,
        day,
        orders: figures.orders,
        wins: figures.wins,
        losses: figures.losses,
        sum_r: figures.sumR,
        sum_r2: figures.sumR2,
        win_prefix: figures.winPrefix,
        win_suffix: figures.winSuffix,
        best_streak: figures.bestStreak,
      });
  }
  await insertRows(db, 'community_tipster_days', dayRows);

  // Tipsters follow a few others; a few are hidden by an operator, one of the busiest among them.
  const follows = new Map<string, Record<string, unknown>>();
  tipsters.forEach((followerId, index) => {
    for (let pick = 0; pick < followsPerTipster; pick++) {
      const tipsterId = tipsters[Math.floor(random() * random() * tipsterCount)] ?? 0;
      if (tipsterId === followerId) continue;
      follows.set(`${followerId}/${tipsterId}`, {
        follower_id: followerId,
        tipster_id: tipsterId,
        created_at: new Date(now - (index % windowDays) * dayMs).toISOString(),
      });
    }
  });
  await insertRows(db, 'community_follows', [...follows.values()]);
  await insertRows(
    db,
    'community_hidden_tipsters',
    Array.from({ length: hiddenTipsterCount }, (_, index) => ({
      user_id: tipsters[index * 997] ?? 0,
      hidden_by: 1,
      hidden_at: new Date(now - index * dayMs).toISOString(),
    })),
  );
  await db.execute(sql`analyze`);
  return {
    tipsters,
    openShares: shares.filter((share) => share.row.settled === null).length,
    dayRows: dayRows.length,
    follows: follows.size,
    random,
  };
}

interface Variant {
  label: string;
  path: string;
  bodies: readonly Record<string, unknown>[];
}

interface VariantFigures {
  label: string;
  answerBytes: number;
  records: number;
  total: number;
  requestsPerSecond: number;
  bareRequestsPerSecond: number;
  ratio: number;
  latency: string;
  aloneP50Ms: number;
  aloneP99Ms: number;
  bareAlone: string;
  failures: number;
}

/**
 * `share/list` and `master/rank` over 100 000 shares of 10 000 tipsters, each variant a member
 * uses against a bare Fastify route sending that variant's answer prepared once, both on
 * loopback and driven alike, one after the other (as the match list's benchmark does).
 */
export async function benchCommunity(): Promise<BenchResult[]> {
  const database = await openDatabase({ dataDir: 'memory' });
  const now = Date.now();
  const seedStartedAt = performance.now();
  const seeded = await seedCommunity(database.db, now);
  const seedSeconds = (performance.now() - seedStartedAt) / 1000;
  const app = await buildApp({
    config: {
      LOG_LEVEL: 'error',
      PARTNER_SECRETS: new Map(),
      SESSION_TTL_HOURS: 24,
      TRUST_PROXY_HOPS: 0,
      SEAL_PAYLOADS: true,
      REDIS_URL: undefined,
      WEB_DIST_DIR: undefined,
    },
    database,
    counters: createMemoryCounterStore(),
  });
  const bare = Fastify();
  let bareAnswer = Buffer.alloc(0);
  bare.post('/bare', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(bareAnswer),
  );
  try {
    const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const bareUrl = `${await bare.listen({ host: '127.0.0.1', port: 0 })}/bare`;
    // Visitors read the public feeds and the ranking, as the site calls them, with their tokens.
    const visitors = await Promise.all(
      Array.from({ length: callerCount }, async () => {
        const visitor = (await (
          await fetch(`${appUrl}${visitorCreate.path}`, { method: 'POST' })
        ).json()) as { data: { uid: string; token: string } };
        return { uid: visitor.data.uid, token: visitor.data.token };
      }),
    );
    // Members, each following tipsters: mostly busy ones, as members pick whom to follow.
    const members: { uid: string; token: string }[] = [];
    const memberFollows: Record<string, unknown>[] = [];
    for (let index = 0; index < callerCount; index++) {
      const created = await app.inject({
        method: 'POST',
        url: memberCreateAccount.path,
        remoteAddress: `10.2.0.${index + 1}`,
        payload: { account: `benchfan${index}`, pwd: 'a'.repeat(32) },
      });
      const session = (created.json() as { data: { uid: string; token: string; memberId: number } })
        .data;
      members.push({ uid: session.uid, token: session.token });
      const followed = new Set<number>();
      while (followed.size < followsPerMember)
        followed.add(seeded.tipsters[Math.floor(seeded.random() ** 2 * tipsterCount)] ?? 0);
      for (const tipsterId of followed)
        memberFollows.push({
          follower_id: session.memberId,
          tipster_id: tipsterId,
          created_at: new Date(now).toISOString(),
        });
    }
    await insertRows(database.db, 'community_follows', memberFollows);

    const withCallers = (callers: readonly object[], fields: Record<string, unknown>) =>
      callers.map((caller) => ({ ...caller, ...fields, size: pageSize }));
    const listVariants: Variant[] = [
      { label: 'latest', path: shareList.path, bodies: withCallers(visitors, { feed: 'latest' }) },
      {
        label: 'most copied',
        path: shareList.path,
        bodies: withCallers(visitors, { feed: 'most_copied' }),
      },
      {
        label: 'following',
        path: shareList.path,
        bodies: withCallers(members, { feed: 'following' }),
      },
      {
        label: 'latest, football',
        path: shareList.path,
        bodies: withCallers(visitors, { feed: 'latest', sportId: 1 }),
      },
      {
        label: 'latest, tennis',
        path: shareList.path,
        bodies: withCallers(visitors, { feed: 'latest', sportId: 3 }),
      },
    ];
    const rankVariants: Variant[] = [
      { label: '7 days', path: masterRank.path, bodies: withCallers(visitors, { window: 7 }) },
      { label: '30 days', path: masterRank.path, bodies: withCallers(visitors, { window: 30 }) },
      { label: '90 days', path: masterRank.path, bodies: withCallers(visitors, { window: 90 }) },
      {
        label: '30 days, football',
        path: masterRank.path,
        bodies: withCallers(visitors, { window: 30, sportId: 1 }),
      },
    ];

    async function measure(variant: Variant): Promise<VariantFigures> {
      const url = `${appUrl}${variant.path}`;
      const [first] = variant.bodies;
      const probe = await (
        await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(first),
        })
      ).text();
      const answer = JSON.parse(probe) as {
        code: number;
        data?: { records?: unknown[]; total?: number };
      };
      if (answer.code !== 0) throw new Error(`${variant.path} ${variant.label}: ${probe}`);
      bareAnswer = Buffer.from(probe);
      const route = await loadUrl({
        url,
        method: 'POST',
        bodies: variant.bodies,
        connections,
        durationSeconds,
      });
      const peer = await loadUrl({
        url: bareUrl,
        method: 'POST',
        bodies: [{}],
        connections,
        durationSeconds,
      });
      const routeAlone = await loadUrl({
        url,
        method: 'POST',
        bodies: variant.bodies,
        connections: 1,
        durationSeconds: latencySeconds,
      });
      const peerAlone = await loadUrl({
        url: bareUrl,
        method: 'POST',
        bodies: [{}],
        connections: 1,
        durationSeconds: latencySeconds,
      });
      const figures: VariantFigures = {
        label: variant.label,
        answerBytes: Buffer.byteLength(probe),
        records: answer.data?.records?.length ?? 0,
        total: answer.data?.total ?? 0,
        requestsPerSecond: route.requestsPerSecond,
        bareRequestsPerSecond: peer.requestsPerSecond,
        ratio: route.requestsPerSecond / peer.requestsPerSecond,
        latency: `${route.latencyP50Ms} ms / ${route.latencyP99Ms} ms`,
        aloneP50Ms: routeAlone.latencyP50Ms,
        aloneP99Ms: routeAlone.latencyP99Ms,
        bareAlone: `${peerAlone.latencyP50Ms} ms / ${peerAlone.latencyP99Ms} ms`,
        failures: route.failures + routeAlone.failures,
      };
      console.log(`community ${variant.path} ${variant.label}:`, figures);
      return figures;
    }

    const lists: VariantFigures[] = [];
    for (const variant of listVariants) lists.push(await measure(variant));
    const ranks: VariantFigures[] = [];
    for (const variant of rankVariants) ranks.push(await measure(variant));
    // What a public call costs that does no work of its own (the caller's session read, the
    // envelope): the most any call of this server can reach against a bare route.
    const floor = await measure({
      label: 'share/key',
      path: shareKey.path,
      bodies: visitors,
    });

    const figuresOf = (measured: VariantFigures[], unit: string) => {
      const figures: Record<string, string> = {};
      for (const variant of measured) {
        figures[`${variant.label}: answer`] =
          `${variant.records} ${unit} of ${variant.total}, ${(variant.answerBytes / 1024).toFixed(1)} KiB`;
        figures[`${variant.label}: requests/s, route / bare`] =
          `${variant.requestsPerSecond.toFixed(1)} / ${variant.bareRequestsPerSecond.toFixed(1)}`;
        figures[`${variant.label}: ratio (route / bare)`] = variant.ratio.toFixed(4);
        figures[`${variant.label}: p50 / p99, ${connections} connections`] = variant.latency;
        figures[`${variant.label}: p50 / p99, one connection (bare route)`] =
          `${variant.aloneP50Ms} ms / ${variant.aloneP99Ms} ms (${variant.bareAlone})`;
      }
      figures.failures = String(measured.reduce((sum, variant) => sum + variant.failures, 0));
      figures['reference, share/key: requests/s, route / bare (ratio)'] =
        `${floor.requestsPerSecond.toFixed(1)} / ${floor.bareRequestsPerSecond.toFixed(1)} (${floor.ratio.toFixed(4)})`;
      return figures;
    };
    const isMet = (measured: VariantFigures[], isFull: (variant: VariantFigures) => boolean) =>
      measured.every(
        (variant) =>
          isFull(variant) &&
          variant.failures === 0 &&
          variant.aloneP99Ms < 50 &&
          variant.ratio >= 0.5,
      );
    const world = `${shareCount} shares of ${tipsterCount} tipsters over ${windowDays} days (embedded PGlite, seeded in ${seedSeconds.toFixed(0)} s straight into the tables: each share's order and legs, ${seeded.openShares} shares still open on orders read at answer time, the rest frozen with their endings, ${seeded.dayRows} ranking day rows written from them by the ranking's own functions, ${seeded.follows + memberFollows.length} follows, ${hiddenTipsterCount} hidden tipsters)`;
    const driving = `against a bare Fastify route sending that variant's answer prepared once (its size in the table), both on loopback and driven by autocannon from a worker thread: throughput with ${connections} connections for ${durationSeconds} s, then latency with one connection for ${latencySeconds} s. For reference, \`${shareKey.path}\`, a public call with no work beyond the caller's session and the envelope, is measured alike. Callers are ${callerCount} visitors in turn, or ${callerCount} members following ${followsPerMember} tipsters each for the following feed; pages of ${pageSize}. Other work shares the machine's 2 cores, so the figures are noisy.`;
    const target =
      'for every variant, at least 0.5 of the bare route’s requests per second, and p99 under 50 ms for a request alone';
    return [
      {
        name: 'Community share list',
        method: `\`POST ${shareList.path}\` over ${world}, each feed a member reads ${driving}`,
        figures: figuresOf(lists, 'shares'),
        target,
        isMet: isMet(lists, (variant) => variant.records === pageSize),
      },
      {
        name: 'Tipster ranking',
        method: `\`POST ${masterRank.path}\` over the same world (tipsters ranked with ${rankMinOrders} counted shares or more in the window), each window ${driving}`,
        figures: figuresOf(ranks, 'tipsters'),
        target,
        isMet: isMet(ranks, (variant) => variant.records === pageSize),
      },
    ];
  } finally {
    await bare.close();
    await app.close();
    await database.close();
  }
}
