import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildUniverse, CALENDAR, DAY, dayOf, dayStart, type MatchPlan, planDay } from './fixtures';
import { SportIds } from './messages';
import { createSimulator } from './simulator';
import { digestByHour } from './testing/digest';

const MINUTE = 60_000;
const proLeague = (plan: MatchPlan) => plan.world.def.key === 'ttpro';

describe('fixture calendars', () => {
  it('keeps the first calendar exactly as worlds saved before the second one played it', () => {
    // Saved worlds resume on the calendar they began with; these digests were taken from the
    // simulator before calendars existed. A change here renumbers the events of saved worlds.
    const start = Date.UTC(2025, 9, 3, 4, 0);
    const sim = createSimulator({
      seed: 'calendar-one',
      startTime: start,
      density: 0.2,
      speed: 10,
      exactReplay: true,
      calendar: 1,
    });
    const listed = createHash('sha1')
      .update(JSON.stringify([sim.leagues(), sim.fixtures()]))
      .digest('hex');
    expect(listed).toBe('291eebaebba61230d816cf9ae167809f3ded0d88');
    expect(digestByHour(sim, start + 3_600_000, MINUTE)).toEqual([
      '2237:2c4a06df16d42886ee7799a44c979d72ea7e116e',
    ]);
    expect(sim.leagues().map((league) => league.name)).not.toContain('Pro League');
  });

  it('refuses a calendar that does not exist', () => {
    for (const calendar of [0, 1.5, CALENDAR + 1])
      expect(() => createSimulator({ seed: 1, startTime: Date.UTC(2025, 0, 1), calendar })).toThrow(
        /calendar must be an integer from 1/,
      );
  });

  it('has matches of real sports in play at every hour of the day', () => {
    const start = Date.UTC(2025, 5, 2, 0, 0);
    const sim = createSimulator({ seed: 'all-day', startTime: start, speed: 60 });
    const quietest = { live: Number.POSITIVE_INFINITY, at: 0 };
    for (let feedMinute = 0; feedMinute < 24 * 60; feedMinute += 10) {
      sim.advance(start + feedMinute * (MINUTE / 60) + 1);
      const live = sim
        .snapshot()
        .events.filter(
          (event) =>
            event.status.status === 'live' &&
            event.fixture.kind === 'match' &&
            event.fixture.sportId < SportIds.VirtualFootball &&
            event.markets.length > 0,
        ).length;
      if (live < quietest.live) Object.assign(quietest, { live, at: sim.feedTime() });
    }
    expect(quietest.live, new Date(quietest.at).toISOString()).toBeGreaterThan(0);
  }, 60_000);

  it('plays the round-the-clock league every quarter hour, no player in two matches at once', () => {
    const universe = buildUniverse('rolling', 1);
    const day = dayOf(Date.UTC(2025, 5, 2));
    const plans = planDay(universe, day).filter(proLeague);
    expect(plans).toHaveLength(96);
    const kickoffs = plans.map((plan) => plan.kickoff - dayStart(day));
    expect(kickoffs).toEqual(Array.from({ length: 96 }, (_, i) => i * 15 * MINUTE));
    // Across the day boundary too: the next day's first matches against this day's last.
    const twoDays = [...plans, ...planDay(universe, day + 1).filter(proLeague)];
    const lastPlayed = new Map<number, number>();
    for (const plan of twoDays) {
      for (const player of [plan.home, plan.away]) {
        const before = lastPlayed.get(player.id);
        if (before !== undefined) expect(plan.kickoff - before).toBeGreaterThanOrEqual(60 * MINUTE);
        lastPlayed.set(player.id, plan.kickoff);
      }
      expect(plan.home.id).not.toBe(plan.away.id);
    }
    expect(new Set(twoDays.map((plan) => plan.eventId)).size).toBe(twoDays.length);
    expect(twoDays.every((plan) => plan.kickoff < dayStart(day) + 2 * DAY)).toBe(true);
  });

  it('lists the round-the-clock league half a day ahead, not the three days of other leagues', () => {
    const start = Date.UTC(2025, 5, 2, 9, 0);
    const fixtures = createSimulator({ seed: 'listing', startTime: start }).fixtures();
    const ahead = (name: string) =>
      fixtures
        .filter((fixture) => fixture.league.name === name && fixture.startTime > start)
        .map((fixture) => fixture.startTime - start);
    expect(ahead('Pro League')).toHaveLength(48);
    expect(Math.max(...ahead('Pro League'))).toBe(12 * 60 * MINUTE);
    expect(Math.max(...ahead('Premier Division'))).toBeGreaterThan(2 * DAY);
  });

  it('thins the round-the-clock league out evenly in a lighter world', () => {
    const plans = planDay(buildUniverse('rolling', 0.25), dayOf(Date.UTC(2025, 5, 2))).filter(
      proLeague,
    );
    expect(plans).toHaveLength(24);
    const gaps = plans.slice(1).map((plan, i) => plan.kickoff - (plans[i] as MatchPlan).kickoff);
    expect(new Set(gaps)).toEqual(new Set([60 * MINUTE]));
  });
});
