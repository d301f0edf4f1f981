import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SPORTS } from './catalogue';
import {
  buildUniverse,
  CALENDAR,
  DAY,
  dayOf,
  dayStart,
  type MatchPlan,
  matchIdsPerDay,
  planDay,
} from './fixtures';
import { type FeedSnapshot, SportIds } from './messages';
import { TYPICAL_DURATION } from './setups';
import { createSimulator } from './simulator';
import { digestByHour } from './testing/digest';

const MINUTE = 60_000;
const proLeague = (plan: MatchPlan) => plan.world.def.key === 'ttpro';

/** Real-sport matches in play with a price, as the In-Play page counts them. */
const inPlay = (snapshot: FeedSnapshot) =>
  snapshot.events.filter(
    (event) =>
      event.status.status === 'live' &&
      event.fixture.kind === 'match' &&
      event.fixture.sportId < SportIds.VirtualFootball &&
      event.markets.length > 0,
  ).length;

describe('fixture calendars', () => {
  it('keeps the first calendar exactly as worlds saved before the second one played it', () => {
    // Saved worlds resume on the calendar they began with; the listing's digest was taken from
    // the simulator before calendars existed. A change there renumbers the events of saved
    // worlds. The messages' digest was taken again when live data (play messages) joined the
    // stream, again when the rally sports' and races' live data did, and again when the member
    // markets joined: basketball's quarter and team lines, tennis's next game, esports' later
    // maps, football's and ice hockey's plays 20-30 (football's next goal settled as each goal
    // goes in, its live data showing cards as often as top leagues do, the total cards market
    // settling on them): the same events, more messages about them (the older markets' prices
    // and results unchanged). Taken again when the book stopped offering what the score decides:
    // over lines settled as they are passed, corners and cards priced as they come, basketball's
    // points never falling, a rally sport priced after every rally (results unchanged).
    const start = Date.UTC(2025, 9, 3, 4, 0);
    const sim = createSimulator({
      seed: 'calendar-one',
      startTime: start,
      density: 0.2,
      speed: 10,
      exactReplay: true,
      calendar: 1,
    });
    // The listing as it was in English: the Chinese names joined later, beside the English.
    const english = (key: string, value: unknown) =>
      key === 'names' || key === 'categoryNames' ? undefined : value;
    const listed = createHash('sha1')
      .update(JSON.stringify([sim.leagues(), sim.fixtures()], english))
      .digest('hex');
    expect(listed).toBe('291eebaebba61230d816cf9ae167809f3ded0d88');
    expect(digestByHour(sim, start + 3_600_000, MINUTE, undefined, english)).toEqual([
      '12401:32ee790c0b47ddad0d993611c1bf62f3c2f7cd7f',
    ]);
    expect(sim.leagues().map((league) => league.name)).not.toContain('Pro League');
  });

  it('refuses a calendar that does not exist', () => {
    for (const calendar of [0, 1.5, CALENDAR + 1])
      expect(() => createSimulator({ seed: 1, startTime: Date.UTC(2025, 0, 1), calendar })).toThrow(
        /calendar must be an integer from 1/,
      );
  });

  it('has matches of real sports in play at every hour of the day from the second calendar', () => {
    const start = Date.UTC(2025, 5, 2, 0, 0);
    const sim = createSimulator({ seed: 'all-day', startTime: start, speed: 60, calendar: 2 });
    const quietest = { live: Number.POSITIVE_INFINITY, at: 0 };
    for (let feedMinute = 0; feedMinute < 24 * 60; feedMinute += 10) {
      sim.advance(start + feedMinute * (MINUTE / 60) + 1);
      const live = inPlay(sim.snapshot());
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
    const fixtures = createSimulator({ seed: 'listing', startTime: start, calendar: 2 }).fixtures();
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

describe('the deep world of the third calendar', () => {
  // The world `npm start` runs: the server's default seed and density (FEED_SEED, FEED_DENSITY).
  const seed = 'sportsbook';
  const universe = buildUniverse(seed, 1, 3);
  const day = dayOf(Date.UTC(2026, 10, 28));

  it('lists a thousand events and more over the coming days', () => {
    const sim = createSimulator({ seed, startTime: dayStart(day) + 12 * 3_600_000 });
    expect(sim.calendar).toBe(3);
    expect(sim.snapshot().events.length).toBeGreaterThanOrEqual(1000);
  });

  it('has forty matches in play at the busiest hour of the day and ten at the quietest', () => {
    // The day's plan (yesterday's late matches included) at their usual lengths finds the
    // busiest and quietest moments; the world itself, created at each of them with the matches
    // then under way replayed, counts what is really in play there.
    const plans = [...planDay(universe, day - 1), ...planDay(universe, day)];
    const planned = (time: number) =>
      plans.filter(
        (plan) =>
          plan.kickoff <= time && time < plan.kickoff + TYPICAL_DURATION[plan.world.sport.model],
      ).length;
    const samples = Array.from({ length: 24 * 6 }, (_, i) => dayStart(day) + i * 10 * MINUTE).map(
      (time) => ({ time, planned: planned(time) }),
    );
    const byCount = [...samples].sort((a, b) => a.planned - b.planned);
    const quietest = byCount[0] as (typeof samples)[number];
    const busiest = byCount[byCount.length - 1] as (typeof samples)[number];
    const live = (time: number) => inPlay(createSimulator({ seed, startTime: time }).snapshot());
    expect(live(busiest.time), new Date(busiest.time).toISOString()).toBeGreaterThanOrEqual(40);
    expect(live(quietest.time), new Date(quietest.time).toISOString()).toBeGreaterThanOrEqual(10);
    // The plan's floor holds at every ten minutes of the day, with room to spare, not only at
    // the moment the world was asked about.
    expect(quietest.planned).toBeGreaterThanOrEqual(15);
  });

  it('plays leagues of Asia, Europe and the Americas, women, youth and lower divisions', () => {
    const leagues = universe.leagues.filter((world) => !world.sport.virtual);
    const categories = new Set(leagues.map((world) => world.league.category));
    for (const place of ['China', 'Japan', 'South Korea', 'Australia', 'England', 'Spain', 'USA'])
      expect(categories).toContain(place);
    for (const kind of ['ITF Men', 'ITF Women', 'Challenger']) expect(categories).toContain(kind);
    const names = leagues.map((world) => world.league.name);
    expect(names.some((name) => /Women|Femenil|Femminile|Feminina|WE League/.test(name))).toBe(
      true,
    );
    expect(names.some((name) => /U21|Sub-20|Junior/.test(name))).toBe(true);
    const sportsPlayed = new Set(leagues.map((world) => world.sport.sportId));
    for (const sport of SPORTS) if (!sport.virtual) expect(sportsPlayed).toContain(sport.sportId);
  });

  it('never repeats a name within a league, and fills every league it lists', () => {
    const keys = universe.leagues.map((world) => world.def.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const world of universe.leagues) {
      const names = world.teams.map((team) => team.name);
      expect(names, world.def.key).toHaveLength(world.def.size);
      expect(new Set(names).size, world.def.key).toBe(names.length);
    }
  });

  it("keeps a day's match ids within the day's range at every density", () => {
    // A league pairs each team at most once a day, and a rolling one plays each slot once.
    const most = universe.leagues
      .filter((world) => !world.sport.virtual)
      .reduce(
        (sum, world) =>
          sum + (world.def.rolling ? world.def.slots.length : Math.floor(world.teams.length / 2)),
        0,
      );
    expect(most).toBeLessThan(matchIdsPerDay(3));
    const plans = planDay(buildUniverse(seed, 4, 3), day);
    const first = 10_000_000 + day * matchIdsPerDay(3);
    expect(plans.every((plan) => plan.eventId - first < matchIdsPerDay(3))).toBe(true);
  });
});
