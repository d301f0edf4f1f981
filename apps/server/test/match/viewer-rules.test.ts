import * as calls from '@sb/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../identity/helpers';
import type { TestApp } from '../test-app';
import {
  callMatch,
  callRaw,
  createMatchTestApp,
  createVisitor,
  type ManualFeed,
  setControlSwitches,
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

const allMatches = async (client: Record<string, unknown> = {}) =>
  (await callMatch(testApp, calls.matchList, visitor, { size: 2000 }, client)).records;

/** Every play shown for a sport's matches, in lists (rows 5) and in details of a few of them. */
async function playsShown(sportId: number, client: Record<string, unknown> = {}) {
  const plays = new Set<number>();
  const page = await callMatch(testApp, calls.matchList, visitor, { sportId, size: 2000 }, client);
  for (const match of page.records)
    for (const playId of Object.keys(match.z)) plays.add(Number(playId));
  for (const match of page.records.slice(0, 5)) {
    const details = await callMatch(
      testApp,
      calls.matchDetails,
      visitor,
      { matchId: match.b },
      client,
    );
    for (const playId of Object.keys(details.z)) plays.add(Number(playId));
  }
  return plays;
}

describe('control switches (SPEC §4)', () => {
  afterEach(() => setControlSwitches(testApp, feed, []));

  const sportRows: [number, number][] = [
    [1, 1],
    [10, 2],
    [20, 3],
    [30, 4],
    [40, 5],
    [50, 20],
    [60, 23],
    [70, 31],
    [1000, 1000],
    [3010, 10000001],
    [3020, 10000002],
    [3030, 10000005],
  ];

  it.each(sportRows)('switch %i hides sport %i everywhere', async (controlSwitch, sportId) => {
    const before = await allMatches();
    const hiddenMatch = before.find((match) => match.a === sportId) as Match;
    expect(hiddenMatch, `sport ${sportId} has matches`).toBeDefined();
    await setControlSwitches(testApp, feed, [controlSwitch]);

    const init = await callMatch(testApp, calls.matchSysInit, null);
    expect(init.control_switch).toEqual([controlSwitch]);
    const after = await allMatches();
    expect(after.some((match) => match.a === sportId)).toBe(false);
    expect(after.length).toBe(before.filter((match) => match.a !== sportId).length);
    const virtual = await callMatch(testApp, calls.matchList, visitor, { type: 7, size: 2000 });
    expect(virtual.records.some((match) => match.a === sportId)).toBe(false);
    const tabs = await callMatch(testApp, calls.matchList, visitor, { sportId, size: 10 });
    expect(tabs.records).toEqual([]);
    expect(tabs.counts.some((entry) => entry.sportId === sportId)).toBe(false);
    const counts = await callMatch(testApp, calls.matchCount, visitor);
    expect(counts.some((entry) => entry.sportId === sportId)).toBe(false);
    const sports = await callMatch(testApp, calls.matchSportsType, null);
    expect(sports.some((sport) => sport.sportId === sportId)).toBe(false);
    expect(await callMatch(testApp, calls.bettingTable, null, { sportId })).toEqual([]);
    const details = await callRaw(testApp, calls.matchDetails.path, visitor, {
      matchId: hiddenMatch.b,
    });
    expect(details.code).toBe(calls.errorCatalogue.INVALID_INPUT.code);
    const search = await callMatch(testApp, calls.matchSearch, visitor, { keyword: hiddenMatch.o });
    expect(search.records.some((match) => match.a === sportId)).toBe(false);
  });

  const playRows: [number, number, number][] = [
    [2, 1, 6],
    [3, 1, 7],
    [11, 2, 7],
  ];

  it.each(playRows)(
    'switch %i hides, in sport %i, play %i',
    async (controlSwitch, sportId, playId) => {
      expect((await playsShown(sportId)).has(playId)).toBe(true);
      const otherSport = sportId === 1 ? 5 : 1;
      await setControlSwitches(testApp, feed, [controlSwitch]);
      const shown = await playsShown(sportId);
      expect(shown.has(playId)).toBe(false);
      expect(shown.size).toBeGreaterThan(3);
      expect((await allMatches()).some((match) => match.a === sportId)).toBe(true);
      // The same play of another sport stays.
      expect((await playsShown(otherSport)).has(playId)).toBe(true);
      const table = await callMatch(testApp, calls.bettingTable, null, { sportId });
      expect(table.some((entry) => entry.playId === playId)).toBe(false);
    },
  );

  it('switches combine, and the market count leaves hidden plays out', async () => {
    const before = await callMatch(testApp, calls.matchList, visitor, { sportId: 1, size: 1 });
    const match = before.records[0] as Match;
    const detailsBefore = await callMatch(testApp, calls.matchDetails, visitor, {
      matchId: match.b,
    });
    await setControlSwitches(testApp, feed, [2, 3, 20, 3030]);
    const after = await callMatch(testApp, calls.matchDetails, visitor, { matchId: match.b });
    const removed = ['6', '7'].reduce(
      (sum, playId) =>
        sum +
        Object.values(detailsBefore.z[playId] ?? {}).filter((options) =>
          options.some((option) => option.s === 0 || option.s === 1),
        ).length,
      0,
    );
    expect(after.mc).toBe(detailsBefore.mc - removed);
    const shown = new Set((await allMatches()).map((record) => record.a));
    expect(shown.has(3)).toBe(false);
    expect(shown.has(10000005)).toBe(false);
    expect(shown.has(1)).toBe(true);
  });

  it('hides play type 2 in the live-stream flavour (source 1) only', async () => {
    const liveStream = { source: '1' };
    for (const match of await allMatches(liveStream)) expect(match.z['2']).toBeUndefined();
    for (const sportId of [1, 2, 3])
      expect((await playsShown(sportId, liveStream)).has(2)).toBe(false);
    expect((await playsShown(1, { source: '2' })).has(2)).toBe(true);
    expect((await playsShown(1)).has(2)).toBe(true);
  });

  it('ignores switches it does not know and an unreadable setting', async () => {
    const before = (await allMatches()).length;
    await setControlSwitches(testApp, feed, [4, 999]);
    expect((await allMatches()).length).toBe(before);
    await setControlSwitches(testApp, feed, { switches: 'all' });
    expect((await allMatches()).length).toBe(before);
    expect((await callMatch(testApp, calls.matchSysInit, null)).control_switch).toEqual([]);
  });
});

describe('leagueIds (SPEC §6)', () => {
  it("restricts a member's lists, counts, details and search to its leagues", async () => {
    const everything = await allMatches();
    const leagues = [...new Set(everything.map((match) => match.l))].slice(0, 2);
    const { session: member } = await registerMember(testApp);
    await updateUser(testApp, feed, member.uid, { leagueIds: leagues });

    const page = await callMatch(testApp, calls.matchList, member, { size: 2000 });
    const allowed = everything.filter((match) => leagues.includes(match.l));
    expect(page.records.map((match) => match.b).sort()).toEqual(allowed.map((m) => m.b).sort());
    expect(page.counts.reduce((sum, entry) => sum + entry.count, 0)).toBe(allowed.length);
    const counts = await callMatch(testApp, calls.matchCount, member);
    expect(counts.reduce((sum, entry) => sum + entry.total, 0)).toBe(allowed.length);
    const leagueList = await callMatch(testApp, calls.matchLeague, member);
    expect(leagueList.every((league) => leagues.includes(league.leagueId))).toBe(true);

    const outside = everything.find((match) => !leagues.includes(match.l)) as Match;
    const refused = await callRaw(testApp, calls.matchDetails.path, member, { matchId: outside.b });
    expect(refused).toMatchObject({ code: calls.errorCatalogue.INVALID_INPUT.code, data: null });
    const inside = allowed[0] as Match;
    expect((await callMatch(testApp, calls.matchDetails, member, { matchId: inside.b })).b).toBe(
      inside.b,
    );
    const search = await callMatch(testApp, calls.matchSearch, member, { keyword: outside.o });
    expect(search.records.every((match) => leagues.includes(match.l))).toBe(true);
    const legs = await callMatch(testApp, calls.matchLegList, member, {
      matchId: `${inside.b},${outside.b}`,
    });
    expect(legs.records.map((match) => match.b)).toEqual([inside.b]);

    // Another viewer is not restricted, and an empty list means every league.
    expect((await allMatches()).length).toBe(everything.length);
    await updateUser(testApp, feed, member.uid, { leagueIds: [] });
    const unrestricted = await callMatch(testApp, calls.matchList, member, { size: 2000 });
    expect(unrestricted.total).toBe(everything.length);
  });
});
