import { describe, expect, it } from 'vitest';
import { buildUniverse, DAY } from './fixtures';
import { createSeededPast, pastMatchCount } from './history';

const seed = 'history-test';
const universe = buildUniverse(seed, 1, 2);
const leagueOf = (model: string) => {
  const world = universe.leagues.find((league) => league.sport.model === model);
  if (!world) throw new Error(`no ${model} league`);
  return world;
};
const kickOff = Date.UTC(2026, 10, 28, 18);

describe('the seeded past', () => {
  it('is the same for the same seed and differs for another', () => {
    const [home, away] = leagueOf('football').teams;
    if (!home || !away) throw new Error('no teams');
    const once = createSeededPast(seed, 2).headToHead(home.id, away.id, kickOff);
    expect(createSeededPast(seed, 2).headToHead(home.id, away.id, kickOff)).toEqual(once);
    expect(createSeededPast('another', 2).headToHead(home.id, away.id, kickOff)).not.toEqual(once);
  });

  it('lists the pair’s own meetings and each side’s latest matches, newest first, all before kick-off', () => {
    const [home, away] = leagueOf('football').teams;
    if (!home || !away) throw new Error('no teams');
    const record = createSeededPast(seed, 2).headToHead(home.id, away.id, kickOff);
    if (!record) throw new Error('no record');
    expect(record.meetings).toHaveLength(pastMatchCount);
    expect(record.homeForm).toHaveLength(pastMatchCount);
    expect(record.awayForm).toHaveLength(pastMatchCount);
    for (const meeting of record.meetings)
      expect([meeting.home.id, meeting.away.id].sort()).toEqual([home.id, away.id].sort());
    for (const match of record.homeForm) expect([match.home.id, match.away.id]).toContain(home.id);
    for (const list of [record.meetings, record.homeForm, record.awayForm]) {
      const times = list.map((match) => match.startTime);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(Math.max(...times)).toBeLessThan(kickOff);
    }
    // A team plays once a round: its form is five different weeks.
    expect(new Set(record.homeForm.map((match) => match.startTime)).size).toBe(pastMatchCount);
    // Sides swap home and away over their meetings.
    expect(new Set(record.meetings.map((match) => match.home.id)).size).toBe(2);
  });

  it('tells one story from both sides: a match in one side’s form is the same in the other’s', () => {
    const past = createSeededPast(seed, 2);
    const teams = leagueOf('football').teams;
    const [first] = teams;
    if (!first) throw new Error('no teams');
    for (const match of past.headToHead(first.id, teams[1]?.id ?? 0, kickOff)?.homeForm ?? []) {
      const other = match.home.id === first.id ? match.away.id : match.home.id;
      const seen = past.headToHead(other, first.id, match.startTime + DAY)?.meetings[0];
      expect(seen).toEqual(match);
    }
  });

  it('scores each sport as it is scored', () => {
    const past = createSeededPast(seed, 2);
    const finals = (model: string) => {
      const [home, away] = leagueOf(model).teams;
      return past.headToHead(home?.id ?? 0, away?.id ?? 0, kickOff)?.homeForm ?? [];
    };
    for (const match of finals('tennis')) {
      expect(Math.max(match.homeScore, match.awayScore)).toBe(2);
      expect(Math.min(match.homeScore, match.awayScore)).toBeLessThan(2);
    }
    for (const match of finals('basketball')) {
      expect(match.homeScore).not.toBe(match.awayScore);
      expect(match.homeScore + match.awayScore).toBeGreaterThan(100);
    }
    for (const match of finals('football')) expect(match.homeScore).toBeLessThan(15);
  });

  it('has no past for teams of two leagues, or for a race', () => {
    const past = createSeededPast(seed, 2);
    const football = leagueOf('football').teams[0]?.id ?? 0;
    const tennis = leagueOf('tennis').teams[0]?.id ?? 0;
    expect(past.headToHead(football, tennis, kickOff)).toBeNull();
    const [horse, other] = leagueOf('racing').teams;
    expect(past.headToHead(horse?.id ?? 0, other?.id ?? 0, kickOff)).toBeNull();
  });
});
