import { describe, expect, it } from 'vitest';
import type { EventFeedMessage, FeedMessage, MatchStatus, SportId } from '../messages';
import { SportIds } from '../messages';
import { createSimulator } from '../simulator';

const START = Date.UTC(2025, 6, 19, 9, 5);

/** The messages about the first match of a sport to kick off, from its start to its end. */
function playMatch(seed: string, sportId: SportId): EventFeedMessage[] {
  const sim = createSimulator({ seed, startTime: START, speed: 60, density: 0.5, calendar: 2 });
  const match = sim
    .snapshot()
    .events.filter((e) => e.fixture.sportId === sportId && e.status.status === 'not_started')
    .sort((a, b) => a.fixture.startTime - b.fixture.startTime)[0];
  if (!match) throw new Error('no match ahead');
  const messages: FeedMessage[] = [];
  for (let t = sim.now(); t < match.fixture.startTime + 6 * 60_000; ) {
    t += 1000;
    messages.push(...sim.advance(t));
  }
  return messages.filter(
    (m): m is EventFeedMessage => m.type !== 'alive' && m.eventId === match.fixture.eventId,
  );
}

const statusOf = (m: EventFeedMessage): MatchStatus | undefined =>
  'status' in m ? m.status : undefined;

describe('live data of a football match', () => {
  const messages = playMatch('plays', SportIds.Football);
  const statuses = messages.flatMap((m) => statusOf(m) ?? []);
  const plays = messages.filter((m) => m.type === 'play');

  it('tells attacks, dangerous attacks and shots as they happen, numbered in order', () => {
    const kinds = new Set(plays.map((m) => m.status.play?.kind));
    for (const kind of ['attack', 'dangerous_attack', 'shot_on_target', 'shot_off_target'])
      expect(kinds).toContain(kind);
    const numbers = statuses.flatMap((s) => (s.play ? [s.play.n] : []));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    // A play message always brings a play no message carried before.
    const carried = new Set<number>();
    for (const m of messages) {
      const n = statusOf(m)?.play?.n;
      if (m.type === 'play') expect(carried.has(n ?? -1)).toBe(false);
      if (n !== undefined) carried.add(n);
    }
    for (const m of plays) expect(m.status.status).toBe('live');
  });

  it('keeps statistics that agree with the score, the corners and the plays', () => {
    const last = [...statuses].reverse().find((s) => s.stats);
    const stat = (key: string) => last?.stats?.find((s) => s.key === key);
    expect(last?.stats?.map((s) => s.key)).toEqual([
      'possession',
      'attacks',
      'dangerous_attacks',
      'shots_on_target',
      'shots_off_target',
      'corners',
      'yellow_cards',
      'red_cards',
    ]);
    expect((stat('possession')?.home ?? 0) + (stat('possession')?.away ?? 0)).toBe(100);
    expect(stat('corners')).toMatchObject(last?.corners ?? {});
    // Every goal is a shot on target.
    expect(stat('shots_on_target')?.home).toBeGreaterThanOrEqual(last?.homeScore ?? 0);
    expect(stat('shots_on_target')?.away).toBeGreaterThanOrEqual(last?.awayScore ?? 0);
    const goals = statuses.filter((s) => s.play?.kind === 'goal').map((s) => s.play?.n);
    expect(new Set(goals).size).toBe((last?.homeScore ?? 0) + (last?.awayScore ?? 0));
    expect(stat('attacks')?.home).toBeGreaterThan(10);
  });

  it('is the same for the same seed', () => {
    expect(playMatch('plays', SportIds.Football)).toEqual(messages);
  });
});

describe('live data of other sports', () => {
  it('counts tennis points in the game and names aces', () => {
    const messages = playMatch('plays', SportIds.Tennis);
    const points = messages.flatMap((m) => statusOf(m)?.gamePoints ?? []);
    expect(points.some((p) => p.home + p.away >= 3)).toBe(true);
    const kinds = new Set(messages.map((m) => statusOf(m)?.play?.kind));
    expect(kinds).toContain('point');
    expect(kinds).toContain('ace');
  });

  it('tells basketball baskets that add up to the score', () => {
    const messages = playMatch('plays', SportIds.Basketball);
    const last = [...messages]
      .reverse()
      .map(statusOf)
      .find((s) => s?.stats);
    const count = (key: string, side: 'home' | 'away') =>
      last?.stats?.find((s) => s.key === key)?.[side] ?? 0;
    for (const side of ['home', 'away'] as const) {
      const points =
        2 * count('two_pointers', side) +
        3 * count('three_pointers', side) +
        count('free_throws', side);
      expect(points).toBe(side === 'home' ? last?.homeScore : last?.awayScore);
    }
  });
});

describe('live data of rally sports', () => {
  const sum = (scores: { home: number; away: number }[], side: 'home' | 'away') =>
    scores.reduce((total, score) => total + score[side], 0);

  for (const [name, sportId, kinds] of [
    ['volleyball', SportIds.Volleyball, ['point', 'ace', 'service_error', 'set_point', 'timeout']],
    ['table tennis', SportIds.TableTennis, ['point', 'set_point', 'match_point']],
    ['badminton', SportIds.Badminton, ['point', 'service_error', 'set_point']],
  ] as const) {
    it(`tells every ${name} rally, with points that add up to the set scores`, () => {
      const messages = playMatch('plays', sportId);
      const statuses = messages.flatMap((m) => statusOf(m) ?? []);
      const plays = messages.filter((m) => m.type === 'play');
      for (const kind of kinds) expect(statuses.some((s) => s.play?.kind === kind)).toBe(true);
      for (const { status } of plays) {
        // The set in play shows the points told so far, and so do the game points.
        expect(status.gamePoints).toEqual(status.periodScores.at(-1));
        expect(status.server).toMatch(/^(home|away)$/);
        const points = status.stats?.find((s) => s.key === 'points_won');
        expect(points?.home).toBe(sum(status.periodScores, 'home'));
        expect(points?.away).toBe(sum(status.periodScores, 'away'));
      }
      const last = statuses.at(-1);
      expect(last?.status).toBe('ended');
      const stat = (key: string) => last?.stats?.find((s) => s.key === key);
      expect(last?.stats?.map((s) => s.key)).toEqual([
        'points_won',
        'serve_points',
        'aces',
        'service_errors',
        'longest_run',
      ]);
      for (const side of ['home', 'away'] as const) {
        expect(stat('points_won')?.[side]).toBe(sum(last?.periodScores ?? [], side));
        expect(stat('aces')?.[side]).toBeLessThanOrEqual(stat('serve_points')?.[side] ?? 0);
        expect(stat('serve_points')?.[side]).toBeLessThanOrEqual(stat('points_won')?.[side] ?? 0);
        expect(stat('longest_run')?.[side]).toBeGreaterThan(0);
      }
    });
  }

  it('moves the volleyball serve to the side that won the rally', () => {
    // A rally moves the score, so it comes with the prices it makes (an odds change) as often
    // as alone: every message carrying a play not carried before.
    const carried = new Set<number>();
    const plays = playMatch('plays', SportIds.Volleyball).flatMap((m) => {
      const status = statusOf(m);
      const n = status?.play?.n;
      if (!status || n === undefined || carried.has(n)) return [];
      carried.add(n);
      return [{ status }];
    });
    // The rally that ends a set is told with the break, which names no server.
    const points = plays.filter(
      (m) => !m.status.inBreak && ['point', 'ace'].includes(m.status.play?.kind ?? ''),
    );
    expect(points.length).toBeGreaterThan(20);
    for (const { status } of points) expect(status.server).toBe(status.play?.side);
    // A service error is the server's: the point and the next serve go to the other side.
    for (const { status } of plays.filter(
      (m) => !m.status.inBreak && m.status.play?.kind === 'service_error',
    ))
      expect(status.server).not.toBe(status.play?.side);
  });

  it('tells esports rounds and pistol rounds that add up to the maps', () => {
    const messages = playMatch('plays', SportIds.Esports);
    const statuses = messages.flatMap((m) => statusOf(m) ?? []);
    const kinds = new Set(statuses.map((s) => s.play?.kind));
    for (const kind of ['round_won', 'pistol_round', 'set_point']) expect(kinds).toContain(kind);
    for (const { status } of messages.filter((m) => m.type === 'play')) {
      expect(status.server).toBeUndefined();
      expect(status.gamePoints).toEqual(status.periodScores.at(-1));
    }
    const last = [...statuses].reverse().find((s) => s.stats);
    const stat = (key: string) => last?.stats?.find((s) => s.key === key);
    expect(last?.stats?.map((s) => s.key)).toEqual(['rounds_won', 'pistol_rounds', 'longest_run']);
    for (const side of ['home', 'away'] as const) {
      expect(stat('rounds_won')?.[side]).toBe(sum(last?.periodScores ?? [], side));
    }
    const pistols = (stat('pistol_rounds')?.home ?? 0) + (stat('pistol_rounds')?.away ?? 0);
    expect(pistols).toBe(
      (last?.periodScores ?? []).filter((map) => map.home + map.away >= 13).length +
        (last?.periodScores.length ?? 0),
    );
  });

  it('is the same for the same seed', () => {
    expect(playMatch('plays', SportIds.Badminton)).toEqual(playMatch('plays', SportIds.Badminton));
  });
});
