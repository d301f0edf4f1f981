import {
  errorCatalogue,
  predictList,
  predictMine,
  predictRank,
  predictSubmit,
  prospectFind,
  prospectInfo,
  prospectList,
} from '@sb/contract';
import { createSeededPast, type FeedMessage, type MatchStatus } from '@sb/feed-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue } from '../../src/modules/catalogue/catalogue.service';
import type { EventState } from '../../src/modules/feed/feed.types';
import { matchPredictions } from '../../src/modules/predictions/predictions.schema';
import {
  displayWeekOf,
  maskedName,
  pointsFor,
} from '../../src/modules/predictions/predictions.service';
import { isPredictable, isUpcoming } from '../../src/modules/predictions/previews.service';
import { positionOf } from '../catalogue/helpers';
import { expectRefused, newAccountName, registerMember } from '../identity/helpers';
import {
  callMatch,
  callRaw,
  createMatchTestApp,
  createVisitor,
  type ManualFeed,
} from '../match/helpers';
import type { TestApp } from '../test-app';

const seed = 'predictions-test';
let testApp: TestApp;
let feed: ManualFeed;
let upcoming: EventState[];

type Member = Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  ({ testApp, feed } = await createMatchTestApp({ seed }));
  const nowMs = feed.now().getTime();
  upcoming = readModelStates()
    .filter((state) => isPredictable(state) && isUpcoming(state, nowMs))
    .sort((left, right) => left.fixture.startTime - right.fixture.startTime);
  expect(upcoming.length).toBeGreaterThan(6);
}, 60_000);
afterAll(() => testApp?.close());

/** The simulator's events as the server's read model holds them. */
function readModelStates(): EventState[] {
  const snapshot = feed.simulator.snapshot();
  return snapshot.events.map(
    (event) =>
      ({
        fixture: event.fixture,
        status: event.status,
        markets: new Map(
          event.markets.map((market) => [`${market.playId}|${market.specifiers}`, market]),
        ),
      }) as unknown as EventState,
  );
}

const submit = (member: Member, matchId: number, homeScore: number, awayScore: number) =>
  callRaw(testApp, predictSubmit.path, member.session, { matchId, homeScore, awayScore });

describe('pure rules', () => {
  it('scores 5 for the exact score, 2 for the right result, 0 otherwise', () => {
    expect(pointsFor({ homeScore: 2, awayScore: 1 }, { homeScore: 2, awayScore: 1 })).toBe(5);
    expect(pointsFor({ homeScore: 1, awayScore: 0 }, { homeScore: 2, awayScore: 1 })).toBe(2);
    expect(pointsFor({ homeScore: 0, awayScore: 0 }, { homeScore: 1, awayScore: 1 })).toBe(2);
    expect(pointsFor({ homeScore: 0, awayScore: 2 }, { homeScore: 1, awayScore: 1 })).toBe(0);
    expect(pointsFor({ homeScore: 1, awayScore: 1 }, { homeScore: 2, awayScore: 1 })).toBe(0);
  });

  it('puts a week from Monday 00:00 to Sunday in the display zone (UTC-4)', () => {
    // 2026-01-10 is a Saturday; its week is Monday the 5th to Sunday the 11th.
    const week = displayWeekOf(Math.floor((Date.UTC(2026, 0, 10) - 4 * 3_600_000) / 86_400_000));
    expect(week).toEqual({
      weekStart: '2026-01-05',
      weekEnd: '2026-01-11',
      startsAt: Date.UTC(2026, 0, 5, 4),
      endsAt: Date.UTC(2026, 0, 12, 4),
    });
    // Monday 03:59 UTC is still Sunday in the display zone: the week before.
    const sunday = Math.floor((Date.UTC(2026, 0, 12, 3, 59) - 4 * 3_600_000) / 86_400_000);
    expect(displayWeekOf(sunday).weekStart).toBe('2026-01-05');
    expect(maskedName('alice42')).toBe('al***2');
    expect(maskedName(null)).toBe('***');
  });
});

describe('previews', () => {
  it('lists upcoming matches with the model’s fair probabilities and the seeded form', async () => {
    const visitor = await createVisitor(testApp);
    const page = await callMatch(testApp, prospectList, visitor, { size: 50 });
    expect(page.total).toBeGreaterThan(6);
    const first = page.records[0];
    if (!first) throw new Error('no preview');
    const state = upcoming.find((entry) => entry.fixture.eventId === first.matchId);
    expect(state).toBeDefined();
    const probabilities = first.probabilities;
    expect(probabilities).not.toBeNull();
    if (probabilities)
      expect(probabilities.home + probabilities.draw + probabilities.away).toBeCloseTo(1, 3);
    for (let index = 1; index < page.records.length; index += 1)
      expect((page.records[index] as typeof first).startTime).toBeGreaterThanOrEqual(
        (page.records[index - 1] as typeof first).startTime,
      );
  });

  it('gives form and head-to-head from the seeded past, and the league table', async () => {
    const visitor = await createVisitor(testApp);
    const state = upcoming[0] as EventState;
    const [home, away] = state.fixture.competitors as unknown as [{ id: number }, { id: number }];
    const past = createSeededPast(seed).headToHead(home.id, away.id, state.fixture.startTime);
    if (!past) throw new Error('no seeded past for the first upcoming match');
    const preview = await callMatch(testApp, prospectInfo, visitor, {
      matchId: state.fixture.eventId,
    });
    expect(
      preview.homeRecent.map((entry) => [entry.t, entry.goalsFor, entry.goalsAgainst]),
    ).toEqual(
      past.homeForm.map((match) =>
        match.home.id === home.id
          ? [match.startTime, match.homeScore, match.awayScore]
          : [match.startTime, match.awayScore, match.homeScore],
      ),
    );
    expect(preview.homeForm).toHaveLength(past.homeForm.length);
    expect(preview.awayRecent).toHaveLength(past.awayForm.length);
    expect(preview.meetings.map((entry) => [entry.t, entry.homeScore, entry.awayScore])).toEqual(
      past.meetings.map((match) => [match.startTime, match.homeScore, match.awayScore]),
    );
    expect(preview.homeForm.length).toBe(5);
    // The table holds both sides, ordered by points, and places them as the summary does.
    expect(preview.standing.length).toBeGreaterThanOrEqual(2);
    for (let index = 1; index < preview.standing.length; index += 1)
      expect((preview.standing[index] as { points: number }).points).toBeLessThanOrEqual(
        (preview.standing[index - 1] as { points: number }).points,
      );
    const homeRow = preview.standing.find((row) => row.teamId === home.id);
    expect(homeRow?.position).toBe(preview.homePosition);
    for (const row of preview.standing) {
      expect(row.won + row.drawn + row.lost).toBe(row.played);
      expect(row.points).toBe(3 * row.won + row.drawn);
      expect(row.played).toBeLessThanOrEqual(preview.standingRounds);
    }
  });

  it('finds previews by team or league name in English and in Chinese', async () => {
    const visitor = await createVisitor(testApp);
    const state = upcoming.find((entry) => entry.fixture.competitors[0]?.names) as EventState;
    expect(state, 'an upcoming match with a Chinese name').toBeDefined();
    const home = state.fixture.competitors[0] as {
      name: string;
      names: { zh: string; zht: string };
    };
    const byEnglish = await callMatch(testApp, prospectFind, visitor, {
      keyword: home.name.toUpperCase(),
      size: 50,
    });
    expect(byEnglish.records.map((entry) => entry.matchId)).toContain(state.fixture.eventId);
    const byChinese = await callMatch(
      testApp,
      prospectFind,
      visitor,
      { keyword: home.names.zh, size: 50 },
      { lang: 'zh' },
    );
    const found = byChinese.records.find((entry) => entry.matchId === state.fixture.eventId);
    expect(found?.homeName).toBe(home.names.zh);
    const byTraditional = await callMatch(testApp, prospectFind, visitor, {
      keyword: home.names.zht,
      size: 50,
    });
    expect(byTraditional.records.map((entry) => entry.matchId)).toContain(state.fixture.eventId);
    if (state.fixture.league.names) {
      const byLeague = await callMatch(testApp, prospectFind, visitor, {
        keyword: state.fixture.league.names.zh,
        size: 50,
      });
      expect(byLeague.records.map((entry) => entry.matchId)).toContain(state.fixture.eventId);
    }
    const none = await callMatch(testApp, prospectFind, visitor, { keyword: 'no-such-team-xyz' });
    expect(none).toEqual({ records: [], total: 0 });
  });

  it('refuses an unknown match by name and field', async () => {
    const visitor = await createVisitor(testApp);
    const answer = await callRaw(testApp, prospectInfo.path, visitor, { matchId: 999_999_999 });
    expectRefused(answer, errorCatalogue.PREDICTION_MATCH_UNAVAILABLE.code);
    expect(answer.msg).toContain('matchId');
  });
});

describe('predictions', () => {
  it('takes one changeable prediction per member and match, and shows the split', async () => {
    const state = upcoming[1] as EventState;
    const matchId = state.fixture.eventId;
    const members = await Promise.all([0, 1, 2, 3].map(() => registerMember(testApp)));
    const [a, b, c, d] = members as [Member, Member, Member, Member];
    expect((await submit(a, matchId, 0, 0)).code).toBe(0);
    // Changed: still one prediction, now a home win.
    const changed = await submit(a, matchId, 2, 1);
    expect(changed.code).toBe(0);
    expect(changed.data).toMatchObject({ matchId, homeScore: 2, awayScore: 1 });
    expect((await submit(b, matchId, 3, 0)).code).toBe(0);
    expect((await submit(c, matchId, 1, 1)).code).toBe(0);
    expect((await submit(d, matchId, 0, 2)).code).toBe(0);
    const rows = await testApp.database.db
      .select()
      .from(matchPredictions)
      .where(eq(matchPredictions.matchId, matchId));
    expect(rows).toHaveLength(4);
    const list = await callMatch(testApp, predictList, a.session, { size: 50 });
    const entry = list.records.find((record) => record.matchId === matchId);
    expect(entry?.picks).toEqual({ count: 4, home: 0.5, draw: 0.25, away: 0.25 });
    expect(entry?.mine).toMatchObject({ homeScore: 2, awayScore: 1 });
    expect(entry?.probabilities).not.toBeNull();
    // A visitor sees the split and no prediction of its own.
    const visitor = await createVisitor(testApp);
    const seen = await callMatch(testApp, predictList, visitor, { size: 50 });
    expect(seen.records.find((record) => record.matchId === matchId)?.mine).toBeNull();
  });

  it('refuses a visitor’s prediction (login required) and bad scores by field', async () => {
    const visitor = await createVisitor(testApp);
    const matchId = (upcoming[2] as EventState).fixture.eventId;
    expectRefused(
      await callRaw(testApp, predictSubmit.path, visitor, { matchId, homeScore: 1, awayScore: 0 }),
      errorCatalogue.LOGIN_REQUIRED.code,
    );
    const member = await registerMember(testApp);
    const rowsBefore = await testApp.database.db.select().from(matchPredictions);
    for (const [fields, field] of [
      [{ matchId, homeScore: -1, awayScore: 0 }, 'homeScore'],
      [{ matchId, homeScore: 1, awayScore: 100 }, 'awayScore'],
      [{ matchId, homeScore: '1.5', awayScore: 0 }, 'homeScore'],
      [{ matchId, homeScore: '', awayScore: 0 }, 'homeScore'],
      [{ matchId: 'x', homeScore: 1, awayScore: 0 }, 'matchId'],
    ] as const) {
      const answer = await callRaw(testApp, predictSubmit.path, member.session, fields);
      expectRefused(answer, errorCatalogue.INVALID_INPUT.code);
      expect(answer.msg).toContain(field);
    }
    expect(await testApp.database.db.select().from(matchPredictions)).toEqual(rowsBefore);
  });
});

describe('kick-off', () => {
  it('accepts a prediction a millisecond before kick-off and refuses one at and after it', async () => {
    const state = upcoming[3] as EventState;
    const matchId = state.fixture.eventId;
    const member = await registerMember(testApp);
    expect((await submit(member, matchId, 1, 0)).code).toBe(0);
    feed.skip(state.fixture.startTime - 1 - feed.now().getTime());
    const justBefore = await submit(member, matchId, 2, 0);
    expect(justBefore.code).toBe(0);
    feed.skip(1);
    const atKickOff = await submit(member, matchId, 3, 0);
    expectRefused(atKickOff, errorCatalogue.PREDICTION_CLOSED.code);
    expect(atKickOff.msg).toContain('matchId');
    feed.skip(60_000);
    const after = await callRaw(
      testApp,
      predictSubmit.path,
      (await registerMember(testApp)).session,
      {
        matchId,
        homeScore: 0,
        awayScore: 0,
      },
    );
    expectRefused(after, errorCatalogue.PREDICTION_CLOSED.code);
    const rows = await testApp.database.db
      .select()
      .from(matchPredictions)
      .where(eq(matchPredictions.matchId, matchId));
    expect(rows.map((row) => [row.homeScore, row.awayScore])).toEqual([[2, 0]]);
    // The match has left the lists of upcoming matches.
    const list = await callMatch(testApp, predictList, member.session, { size: 50 });
    expect(list.records.map((record) => record.matchId)).not.toContain(matchId);
  });
});

describe('scoring and the weekly leaderboard', () => {
  it('scores 5/2/0 from the catalogue’s result and ranks by points, exact scores, first entry', async () => {
    // Fresh matches of the same week, predicted before their kick-off.
    const nowMs = feed.now().getTime();
    const week = displayWeekOf(Math.floor((nowMs - 4 * 3_600_000) / 86_400_000));
    const [first, second] = upcoming.filter(
      (state) =>
        state.fixture.startTime > nowMs + 60_000 &&
        state.fixture.startTime < week.endsAt &&
        state.fixture.eventId !== upcoming[1]?.fixture.eventId,
    ) as [EventState, EventState];
    expect(second, 'two matches left this week').toBeDefined();
    const named = (prefix: string) => registerMember(testApp, { account: newAccountName(prefix) });
    const exact = await named('ex'); // 5 + 0 = 5, one exact
    const results = await named('rs'); // 2 + 2 = 4
    const early = await named('ea'); // 2 + 2 = 4, entered first
    const wrong = await named('wr'); // 0
    const late = await named('la'); // 5 + 0 = 5, one exact, entered after `exact`
    expect((await submit(early, first.fixture.eventId, 1, 0)).code).toBe(0);
    expect((await submit(early, second.fixture.eventId, 0, 0)).code).toBe(0);
    feed.skip(1_000);
    expect((await submit(exact, first.fixture.eventId, 2, 1)).code).toBe(0);
    expect((await submit(exact, second.fixture.eventId, 3, 0)).code).toBe(0);
    feed.skip(1_000);
    expect((await submit(results, first.fixture.eventId, 3, 1)).code).toBe(0);
    expect((await submit(results, second.fixture.eventId, 2, 2)).code).toBe(0);
    expect((await submit(wrong, first.fixture.eventId, 0, 1)).code).toBe(0);
    feed.skip(1_000);
    expect((await submit(late, first.fixture.eventId, 2, 1)).code).toBe(0);
    expect((await submit(late, second.fixture.eventId, 0, 1)).code).toBe(0);

    // Before the results: listed with no points yet.
    const before = await callMatch(testApp, predictRank, exact.session, {});
    expect(before.weekStart).toBe(week.weekStart);
    expect(before.mine).toMatchObject({ points: 0, scored: 0 });
    const pending = await callMatch(testApp, predictMine, exact.session, {});
    expect(pending.records.map((record) => record.state)).toEqual(['open', 'open']);

    // The results reach the catalogue as the feed's process records them: 2-1 and 1-1.
    await recordResults([
      [first, 2, 1],
      [second, 1, 1],
    ]);
    const mine = await callMatch(testApp, predictMine, exact.session, {});
    const byMatch = new Map(mine.records.map((record) => [record.matchId, record]));
    expect(byMatch.get(first.fixture.eventId)).toMatchObject({
      state: 'scored',
      result: { homeScore: 2, awayScore: 1 },
      points: 5,
    });
    expect(byMatch.get(second.fixture.eventId)).toMatchObject({ state: 'scored', points: 0 });

    const board = await callMatch(testApp, predictRank, results.session, { size: 100 });
    const ours = new Map([
      [exact.account, 'exact'],
      [results.account, 'results'],
      [early.account, 'early'],
      [wrong.account, 'wrong'],
      [late.account, 'late'],
    ]);
    const ranked = board.records
      .map((entry) => ({
        ...entry,
        who: [...ours].find(([account]) => maskedName(account) === entry.name)?.[1],
      }))
      .filter((entry) => entry.who);
    // Points, then exact scores (exact and late: 5 each, one exact; results and early: 4, none),
    // then the earlier first entry (exact before late, early before results).
    expect(ranked.map((entry) => [entry.who, entry.points, entry.exactScores])).toEqual([
      ['exact', 5, 1],
      ['late', 5, 1],
      ['early', 4, 0],
      ['results', 4, 0],
      ['wrong', 0, 0],
    ]);
    expect(board.mine).toMatchObject({ points: 4, exactScores: 0, rightResults: 2, scored: 2 });
    const ranks = board.records.map((entry) => entry.rank);
    expect(ranks).toEqual(ranks.map((_rank, index) => index + 1));
  });
});

let recorder: ReturnType<ReturnType<typeof createCatalogue>['startRecording']> | undefined;
let seq = 500_000;

describe('tie-breaks', () => {
  it('puts more exact scores first among equal points, whoever entered first', async () => {
    const nowMs = feed.now().getTime();
    const week = displayWeekOf(Math.floor((nowMs - 4 * 3_600_000) / 86_400_000));
    const used = new Set(
      (await testApp.database.db.select().from(matchPredictions)).map((row) => row.matchId),
    );
    const fresh = upcoming.filter(
      (state) =>
        state.fixture.startTime > nowMs + 60_000 &&
        state.fixture.startTime < week.endsAt &&
        !used.has(state.fixture.eventId),
    );
    expect(fresh.length, 'five matches left this week').toBeGreaterThanOrEqual(5);
    const five = fresh.slice(0, 5);
    const named = (prefix: string) => registerMember(testApp, { account: newAccountName(prefix) });
    // Five right results (10 points, none exact), entered first.
    const steady = await named('st');
    for (const state of five)
      expect((await submit(steady, state.fixture.eventId, 2, 0)).code).toBe(0);
    feed.skip(1_000);
    // Two exact scores (10 points), entered later.
    const sharp = await named('sh');
    for (const state of five.slice(0, 2))
      expect((await submit(sharp, state.fixture.eventId, 1, 0)).code).toBe(0);
    await recordResults(five.map((state) => [state, 1, 0]));
    const board = await callMatch(testApp, predictRank, sharp.session, { size: 100 });
    const lines = board.records.filter(
      (entry) =>
        entry.name === maskedName(steady.account) || entry.name === maskedName(sharp.account),
    );
    expect(
      lines.map((entry) => [entry.name, entry.points, entry.exactScores, entry.rightResults]),
    ).toEqual([
      [maskedName(sharp.account), 10, 2, 0],
      [maskedName(steady.account), 10, 0, 5],
    ]);
    expect((lines[0] as { firstEntryAt: number }).firstEntryAt).toBeGreaterThan(
      (lines[1] as { firstEntryAt: number }).firstEntryAt,
    );
  });
});

/** Records final results in the catalogue, as the feed's process would (its snapshot first). */
async function recordResults(entries: [EventState, number, number][]) {
  if (!recorder) {
    recorder = createCatalogue(testApp.database.db).startRecording('manual:predictions');
    recorder.recordSnapshot(
      feed.simulator.snapshot(),
      feed.simulator.sports(),
      positionOf(feed.simulator),
    );
    await recorder.flush();
  }
  const messages: FeedMessage[] = [];
  for (const [state, homeScore, awayScore] of entries) {
    const base = {
      eventId: state.fixture.eventId,
      sportId: state.fixture.sportId,
      timestamp: feed.now().getTime(),
    };
    const status: MatchStatus = {
      ...state.status,
      status: 'ended',
      homeScore,
      awayScore,
    };
    messages.push(
      { type: 'odds_change', ...base, seq: ++seq, status, markets: [] },
      {
        type: 'bet_settlement',
        ...base,
        seq: ++seq,
        result: { homeScore, awayScore, periodScores: [] },
        markets: [],
      },
    );
  }
  recorder.record(messages, positionOf(feed.simulator));
  await recorder.flush();
}
