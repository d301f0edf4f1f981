import * as calls from '@sb/contract';
import { decodeOptionId, fromOddsUnits, memberOdds, oddsInAllStyles } from '@sb/domain';
import type { EventSnapshot, Market } from '@sb/feed-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endOfDisplayDay } from '../../src/modules/match/match-query';
import { virtualSportIdFloor } from '../../src/modules/match/match-wire';
import { registerMember } from '../identity/helpers';
import type { TestApp } from '../test-app';
import {
  callMatch,
  createMatchTestApp,
  createVisitor,
  type ManualFeed,
  updateUser,
} from './helpers';

let testApp: TestApp;
let feed: ManualFeed;
let visitor: calls.Session;
beforeAll(async () => {
  ({ testApp, feed } = await createMatchTestApp());
  visitor = await createVisitor(testApp);
});
afterAll(() => testApp.close());

type Match = calls.MatchWire;

const book = () => new Map(feed.simulator.snapshot().events.map((e) => [e.fixture.eventId, e]));
const marketsOf = (match: Match) =>
  Object.entries(match.z).flatMap(([playId, lines]) =>
    Object.entries(lines).map(([specifiers, options]) => ({
      playId: Number(playId),
      specifiers,
      options,
    })),
  );
const findMarket = (event: EventSnapshot, playId: number, specifiers: string): Market => {
  const market = event.markets.find((m) => m.playId === playId && m.specifiers === specifiers);
  if (!market) throw new Error(`no market ${playId}|${specifiers} in ${event.fixture.eventId}`);
  return market;
};

describe('match list', () => {
  it('answers hundreds of matches across sports with per-sport counts', async () => {
    const page = await callMatch(testApp, calls.matchList, visitor, { size: 1000 });
    expect(page.total).toBeGreaterThan(200);
    expect(page.records).toHaveLength(page.total);
    const sports = new Set(page.records.map((match) => match.a));
    expect(sports.size).toBeGreaterThanOrEqual(10);
    expect(page.counts.reduce((sum, entry) => sum + entry.count, 0)).toBe(page.total);
    for (const { sportId, count } of page.counts)
      expect(page.records.filter((match) => match.a === sportId)).toHaveLength(count);
    // Live matches lead, then by kick-off.
    const firstPreMatch = page.records.findIndex((match) => match.g === 0);
    expect(page.records.slice(firstPreMatch).every((match) => match.g === 0)).toBe(true);
    expect(page.records.slice(0, firstPreMatch).every((match) => match.g === 1)).toBe(true);
    expect(firstPreMatch).toBeGreaterThan(0);
  });

  it('shows five markets per match, three when asked, one for virtual sports', async () => {
    const large = await callMatch(testApp, calls.matchList, visitor, { size: 1000 });
    const mini = await callMatch(testApp, calls.matchList, visitor, { size: 1000, rows: 3 });
    for (const [page, rows] of [
      [large, 5],
      [mini, 3],
    ] as const) {
      for (const match of page.records) {
        const markets = marketsOf(match).length;
        expect(markets).toBeLessThanOrEqual(match.a > 1_000_000 ? 1 : rows);
        expect(match.mc).toBeGreaterThanOrEqual(markets);
      }
    }
    const football = large.records.find((match) => match.a === 1 && match.g === 0);
    expect(Object.keys(football?.z ?? {})).toEqual(['1', '2', '3', '4', '5']);
    const virtual = large.records.filter((match) => match.a > 1_000_000);
    expect(virtual.length).toBeGreaterThan(0);
    expect(virtual.every((match) => marketsOf(match).length <= 1)).toBe(true);
    expect(virtual.some((match) => marketsOf(match).length === 1)).toBe(true);
  });

  it('separates live, today, early, outright and virtual matches', async () => {
    const todayEnd = endOfDisplayDay(feed.simulator.now());
    const live = await callMatch(testApp, calls.matchList, visitor, { type: 1, size: 1000 });
    expect(live.total).toBeGreaterThan(0);
    expect(live.records.every((match) => match.g === 1 && match.ev.c > 0)).toBe(true);
    const today = await callMatch(testApp, calls.matchList, visitor, { type: 2, size: 1000 });
    expect(today.records.every((match) => match.t < todayEnd && match.a !== 1000)).toBe(true);
    const early = await callMatch(testApp, calls.matchList, visitor, { type: 3, size: 1000 });
    expect(early.total).toBeGreaterThan(0);
    expect(early.records.every((match) => match.t >= todayEnd && match.g === 0)).toBe(true);
    const outrights = await callMatch(testApp, calls.matchList, visitor, { type: 4, size: 100 });
    expect(outrights.total).toBeGreaterThan(0);
    expect(outrights.records.every((match) => match.a === 1000 && match.r === '')).toBe(true);
    const virtual = await callMatch(testApp, calls.matchList, visitor, { type: 7 });
    expect(virtual.records.every((match) => match.a > 1_000_000)).toBe(true);
    const all = await callMatch(testApp, calls.matchList, visitor, { size: 1000 });
    expect(today.total + early.total + outrights.total).toBe(all.total);
  });

  it('pages, filters by sport, league and tag, and reads GET queries', async () => {
    const first = await callMatch(testApp, calls.matchList, visitor, { sportId: 1, size: 10 });
    const second = await callMatch(testApp, calls.matchList, visitor, {
      sport: 1,
      size: 10,
      page: 2,
    });
    expect(first.records).toHaveLength(10);
    expect(second.records.every((match) => match.a === 1)).toBe(true);
    const ids = new Set(first.records.map((match) => match.b));
    expect(second.records.some((match) => ids.has(match.b))).toBe(false);
    expect(first.counts.length).toBeGreaterThan(5);

    const league = first.records[0] as Match;
    const byLeague = await callMatch(testApp, calls.matchList, visitor, { leagueId: league.l });
    expect(byLeague.records.every((match) => match.l === league.l)).toBe(true);
    const byTag = await callMatch(testApp, calls.matchList, visitor, {
      sportId: 1,
      tag: league.lc,
    });
    expect(byTag.records.every((match) => match.lc === league.lc)).toBe(true);

    const response = await testApp.app.inject({
      method: 'GET',
      url: calls.matchList.path,
      query: { token: visitor.token, uid: visitor.uid, sportId: '1', size: '10' },
    });
    expect(response.json()).toMatchObject({ code: 0, msg: 'success' });
  });
});

describe('match details and odds', () => {
  it('answers one match with every market it offers', async () => {
    const live = await callMatch(testApp, calls.matchList, visitor, { type: 1, sportId: 1 });
    const chosen = live.records[0] as Match;
    const match = await callMatch(testApp, calls.matchDetails, visitor, {
      matchId: chosen.b,
      sportId: 1,
      oddsType: 2,
    });
    const event = book().get(chosen.b) as EventSnapshot;
    // In play, a market already over (a first half's result, a next goal scored) is not offered.
    const expected = event.markets
      .filter((market) => market.status === 'active' || market.status === 'suspended')
      .map((market) => `${market.playId}|${market.specifiers}`)
      .sort();
    expect(
      marketsOf(match)
        .map((m) => `${m.playId}|${m.specifiers}`)
        .sort(),
    ).toEqual(expected);
    expect(match).toMatchObject({ a: 1, b: chosen.b, l: event.fixture.league.id, g: 1 });
    expect(match.ev).toMatchObject({
      hs: event.status.homeScore,
      as: event.status.awayScore,
      c: event.status.periodCode,
      // Named in the default language, Simplified Chinese.
      o: event.fixture.competitors[0]?.names?.zh,
      r: event.fixture.competitors[1]?.names?.zh,
    });
    expect(match.mc).toBe(
      event.markets.filter((m) => m.status === 'active' || m.status === 'suspended').length,
    );
  });

  it('prices every option in the five styles of the domain functions, with member margins', async () => {
    const { session: member } = await registerMember(testApp);
    const oddsConfig = [20, 30, 10, 0, 0];
    await updateUser(testApp, feed, member.uid, { oddsConfig });
    const events = book();
    for (const [viewer, config, margin] of [
      [visitor, [0, 0, 0], (_playId: number) => 0],
      [
        member,
        oddsConfig,
        (playId: number) => 10 + ([1, 2, 4, 5, 16, 18].includes(playId) ? 30 : 20),
      ],
    ] as const) {
      const page = await callMatch(testApp, calls.matchList, viewer, { size: 1000 });
      let checked = 0;
      for (const match of page.records) {
        const event = events.get(match.b) as EventSnapshot;
        for (const { playId, specifiers, options } of marketsOf(match)) {
          const market = findMarket(event, playId, specifiers);
          for (const option of options) {
            const ref = decodeOptionId(option.oi);
            expect(ref).toEqual({
              eventId: match.b,
              playId,
              specifiers,
              outcomeId: ref?.outcomeId,
            });
            const outcome = market.outcomes.find((o) => o.id === ref?.outcomeId);
            if (!outcome || outcome.odds === 0) continue;
            const price = memberOdds(fromOddsUnits(outcome.odds), playId, config);
            expect(option).toMatchObject({ ...oddsInAllStyles(price, playId), md: playId });
            expect(option.ao).toBe(margin(playId));
            if (playId >= 21000)
              expect(new Set([option.o, option.oa, option.om, option.od, option.us]).size).toBe(1);
            checked += 1;
          }
        }
      }
      expect(checked).toBeGreaterThan(1000);
    }
  });

  it('blanks the options of a suspended market (s ≠ 0)', async () => {
    const live = await callMatch(testApp, calls.matchList, visitor, { type: 1, sportId: 1 });
    const chosen = live.records.at(-1) as Match;
    const before = await callMatch(testApp, calls.matchDetails, visitor, { matchId: chosen.b });
    expect(marketsOf(before).some(({ options }) => options.some((option) => option.s === 0))).toBe(
      true,
    );
    const event = book().get(chosen.b) as EventSnapshot;
    feed.push([
      {
        type: 'bet_stop',
        eventId: chosen.b,
        sportId: event.fixture.sportId,
        timestamp: feed.simulator.now(),
        seq: event.seq + 1,
        reason: 'possible_goal',
        status: event.status,
      },
    ]);
    const after = await callMatch(testApp, calls.matchDetails, visitor, { matchId: chosen.b });
    const options = marketsOf(after).flatMap((market) => market.options);
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((option) => option.s !== calls.optionStatus.open)).toBe(true);
    const listed = await callMatch(testApp, calls.matchList, visitor, { type: 1, sportId: 1 });
    const row = listed.records.find((match) => match.b === chosen.b) as Match;
    expect(marketsOf(row).every(({ options }) => options.every((option) => option.s !== 0))).toBe(
      true,
    );
  });

  it('answers market options of one match, all plays or one', async () => {
    const page = await callMatch(testApp, calls.matchList, visitor, { sportId: 2, size: 1 });
    const chosen = page.records[0] as Match;
    const all = await callMatch(testApp, calls.matchMarketOptions, visitor, { matchId: chosen.b });
    expect(Object.keys(all.z).length).toBeGreaterThan(3);
    const one = await callMatch(testApp, calls.matchMarketOptions, visitor, {
      matchId: chosen.b,
      playId: 3,
    });
    expect(Object.keys(one.z)).toEqual(['3']);
    expect(one.mc).toBe(all.mc);
  });
});

describe('the calls around the lists', () => {
  it('counts open matches per sport', async () => {
    const counts = await callMatch(testApp, calls.matchCount, visitor);
    const all = await callMatch(testApp, calls.matchList, visitor, { size: 1000 });
    expect(counts.reduce((sum, entry) => sum + entry.total, 0)).toBe(all.total);
    const football = counts.find((entry) => entry.sportId === 1);
    expect(football).toMatchObject({ name: '足球', virtual: false });
    expect(football?.live).toBeGreaterThan(0);
    expect((football?.today ?? 0) + (football?.early ?? 0)).toBe(football?.total);
  });

  it('lists leagues, tags, hot leagues and basketball leagues', async () => {
    const leagues = await callMatch(testApp, calls.matchLeague, visitor, { sportId: 1 });
    expect(leagues.length).toBeGreaterThan(5);
    expect(leagues.every((league) => league.sportId === 1 && league.count > 0)).toBe(true);
    const tags = await callMatch(testApp, calls.matchTag, visitor, { sportId: 1, lang: 'en' });
    expect(tags.map((tag) => tag.tag)).toContain('England');
    const hot = await callMatch(testApp, calls.matchLeagueHot, visitor, { size: 3 });
    expect(hot).toHaveLength(3);
    const basketball = await callMatch(testApp, calls.matchBasketballLeague, visitor);
    expect(basketball.length).toBeGreaterThan(0);
    expect(basketball.every((league) => league.sportId === 2)).toBe(true);
  });

  it('names teams, leagues and categories in the language the call asks for', async () => {
    const event = [...book().values()].find(
      (candidate) =>
        candidate.fixture.sportId === 1 &&
        candidate.fixture.kind === 'match' &&
        candidate.status.status === 'not_started',
    ) as EventSnapshot;
    const { fixture } = event;
    const [home, away] = fixture.competitors;
    expect(home?.names?.zh).toBeTruthy();
    for (const lang of ['en', 'zh', 'zht'] as const) {
      const pick = (name: string, names?: { zh: string; zht: string }) =>
        lang === 'en' || !names ? name : names[lang];
      const match = await callMatch(
        testApp,
        calls.matchDetails,
        visitor,
        { matchId: fixture.eventId, sportId: 1 },
        { lang },
      );
      expect(match).toMatchObject({
        o: pick(home?.name ?? '', home?.names),
        r: pick(away?.name ?? '', away?.names),
        ln: pick(fixture.league.name, fixture.league.names),
        lc: pick(fixture.league.category, fixture.league.categoryNames),
      });
      expect(match.ev).toMatchObject({ o: match.o, r: match.r });
    }
    // A Chinese tag filters the list as the English one does, and a Chinese name finds the match.
    const chinese = fixture.league.categoryNames?.zh ?? '';
    const tags = await callMatch(testApp, calls.matchTag, visitor, { sportId: 1 });
    expect(tags.map((tag) => tag.tag)).toContain(chinese);
    const byTag = await callMatch(testApp, calls.matchList, visitor, { sportId: 1, tag: chinese });
    expect(byTag.records.length).toBeGreaterThan(0);
    expect(byTag.records.every((match) => match.lc === chinese)).toBe(true);
    const found = await callMatch(testApp, calls.matchSearch, visitor, {
      keyword: home?.names?.zht ?? '',
      lang: 'en',
    });
    expect(found.records.map((match) => match.b)).toContain(fixture.eventId);
  });

  it('searches team and league names', async () => {
    const page = await callMatch(testApp, calls.matchList, visitor, { sportId: 1, size: 5 });
    const team = (page.records[0] as Match).o;
    const word = team.split(' ').at(-1)?.toUpperCase() ?? team;
    for (const call of [calls.matchSearch, calls.matchSearchResult]) {
      const found = await callMatch(testApp, call, visitor, { keyword: word });
      expect(found.records.length).toBeGreaterThan(0);
      // Outrights are found by the teams they list, whose names are not on the record.
      const matches = found.records.filter((match) => match.a !== 1000);
      expect(matches.length).toBeGreaterThan(0);
      expect(
        matches.every((match) =>
          [match.o, match.r, match.ln].some((name) => name.toUpperCase().includes(word)),
        ),
      ).toBe(true);
    }
    const none = await callMatch(testApp, calls.matchSearch, visitor, { keyword: 'zzqqxx' });
    expect(none.records).toEqual([]);
  });

  it('answers events, echo, hot list, banners and the leg list', async () => {
    const live = await callMatch(testApp, calls.matchList, visitor, { type: 1, size: 3 });
    const ids = live.records.map((match) => match.b);
    const events = await callMatch(testApp, calls.matchEvent, visitor, { matchId: ids.join(',') });
    expect(events.map((event) => event.b)).toEqual(ids);
    const allLive = await callMatch(testApp, calls.matchEvent, visitor);
    expect(allLive.length).toBe(live.total);
    const echo = await callMatch(testApp, calls.matchEcho, visitor, { matchId: ids.join(',') });
    expect(echo.map((entry) => entry.b)).toEqual(ids);
    expect(echo.every((entry) => entry.seq > 0 && entry.epoch > 0 && entry.g === 1)).toBe(true);

    const hot = await callMatch(testApp, calls.matchHotList, visitor, { size: 5 });
    expect(hot.records).toHaveLength(5);
    const banners = await callMatch(testApp, calls.matchBanner, visitor);
    expect(banners.length).toBeGreaterThan(0);
    expect(banners[0]?.imageUrl).toMatch(/^\/static\/banner\//);

    const legs = await callMatch(testApp, calls.matchLegList, visitor, {
      size: 1000,
      sportId: 1,
      matchId: ids.join(','),
    });
    expect(legs.records.map((match) => match.b)).toEqual(
      live.records.filter((match) => match.a === 1).map((match) => match.b),
    );
    const page = await callMatch(testApp, calls.matchLegList, visitor, { size: 2000 });
    expect(page.records.length).toBeGreaterThan(200);
  });

  it('answers app init, the sports menu and the play tables', async () => {
    const init = await callMatch(testApp, calls.matchSysInit, null);
    expect(init).toEqual({ staticUrl: '/static', control_switch: [] });
    const sports = await callMatch(testApp, calls.matchSportsType, null, {}, { lang: 'en' });
    expect(sports.map((sport) => sport.sportId)).toContain(10000005);
    expect(sports[0]).toEqual({ sportId: 1, name: 'Football', virtual: false });
    const football = await callMatch(testApp, calls.bettingTable, null, { sportId: 1 });
    expect(football.map((entry) => entry.playId).slice(0, 3)).toEqual([1, 2, 3]);
    expect(football.find((entry) => entry.playId === 3)).toMatchObject({ name: '1X2', columns: 3 });
    const tennis = await callMatch(testApp, calls.bettingTable, null, { sportId: 3 });
    expect(tennis.find((entry) => entry.playId === 3)?.columns).toBe(2);
    const full = await callMatch(testApp, calls.basketTable1, null);
    const periods = await callMatch(testApp, calls.basketTable2, null);
    expect(full.map((entry) => entry.playId)).toEqual(expect.arrayContaining([1, 44, 45]));
    // Halves and quarters: the first half, the first quarter's 1X2, each quarter's lines and the
    // second half's.
    expect(periods.map((entry) => entry.playId).sort((a, b) => a - b)).toEqual([
      4, 5, 7, 11, 40, 41, 42, 43,
    ]);
  });

  it('offers video only where a stream exists, and only when isShow allows', async () => {
    // No camera films a simulated match: real sports offer nothing, never a dead frame; a
    // virtual event is the book's own rendered broadcast.
    const live = await callMatch(testApp, calls.matchLive, visitor);
    expect(live.isShow).toBe(true);
    expect(live.records.length).toBeGreaterThan(0);
    for (const record of live.records) {
      expect(record.a).toBeGreaterThan(virtualSportIdFloor);
      expect(record).toMatchObject({ video: true, animation: false });
    }
    const [virtual] = live.records;
    const on = await callMatch(testApp, calls.matchLiveSwitch, visitor, {
      matchId: virtual?.b,
      type: 1,
    });
    expect(on).toEqual({
      b: virtual?.b,
      type: 1,
      isOpen: true,
      url: `#/broadcast/${virtual?.a}/${virtual?.b}`,
    });
    const real = [...book().values()].find(
      (event) => event.status.status === 'live' && event.fixture.sportId < virtualSportIdFloor,
    );
    for (const type of [1, 2]) {
      const refused = await callMatch(testApp, calls.matchLiveSwitch, visitor, {
        matchId: real?.fixture.eventId,
        type,
      });
      expect(refused).toMatchObject({ isOpen: false, url: '' });
    }

    const { session: member } = await registerMember(testApp);
    await updateUser(testApp, feed, member.uid, { isShow: false });
    expect(await callMatch(testApp, calls.matchLive, member)).toEqual({
      isShow: false,
      records: [],
    });
    const off = await callMatch(testApp, calls.matchLiveSwitch, member, { matchId: virtual?.b });
    expect(off).toMatchObject({ isOpen: false, url: '' });
  });

  it("answers a match's head-to-head from the sides' seeded past, and none for a race", async () => {
    const match = [...book().values()].find(
      (event) => event.fixture.kind === 'match' && event.fixture.sportId === 1,
    );
    if (!match) throw new Error('no football match');
    const [home, away] = match.fixture.competitors;
    const record = await callMatch(testApp, calls.matchHeadToHead, visitor, {
      matchId: String(match.fixture.eventId),
    });
    expect(record.b).toBe(match.fixture.eventId);
    expect(record.meetings).toHaveLength(5);
    for (const meeting of record.meetings) {
      expect([meeting.homeId, meeting.awayId].sort()).toEqual([home?.id, away?.id].sort());
      expect(meeting.t).toBeLessThan(match.fixture.startTime);
    }
    expect(
      record.homeForm.every((past) => [past.homeId, past.awayId].includes(home?.id ?? 0)),
    ).toBe(true);
    expect(record.awayForm).toHaveLength(5);
    // The same world answers the same past.
    expect(
      await callMatch(testApp, calls.matchHeadToHead, visitor, { matchId: match.fixture.eventId }),
    ).toEqual(record);

    const race = [...book().values()].find((event) => event.fixture.kind === 'race');
    if (!race) throw new Error('no race');
    expect(
      await callMatch(testApp, calls.matchHeadToHead, visitor, { matchId: race.fixture.eventId }),
    ).toEqual({ b: race.fixture.eventId, meetings: [], homeForm: [], awayForm: [] });
    const unknown = await testApp.call(calls.matchHeadToHead.path, {
      uid: visitor.uid,
      token: visitor.token,
      matchId: 999_999_999,
    });
    expect(unknown).toMatchObject({ code: 1000, msg: expect.stringContaining('matchId') });
  });
});
