import { decodeOptionId, fromOddsUnits, memberOdds, oddsInAllStyles } from '@sb/domain';
import type { Fixture, Market } from '@sb/feed-sim';
import { describe, expect, it } from 'vitest';
import { optionsOf, type Pricing } from './market-options';

const fixture: Fixture = {
  eventId: 7_001,
  sportId: 1,
  kind: 'match',
  name: 'Lions vs Tigers',
  league: { id: 11, sportId: 1, name: 'Test League', category: 'Test' },
  competitors: [
    { id: 501, name: 'Lions', abbreviation: 'LIO' },
    { id: 502, name: 'Tigers', abbreviation: 'TIG' },
  ],
  startTime: Date.UTC(2026, 10, 27, 18),
  virtual: false,
  liveOdds: true,
  format: { periods: 2, periodMinutes: 45 },
};

const handicap: Market = {
  playId: 1,
  specifiers: 'hcp=-0.25',
  name: 'Asian handicap',
  status: 'active',
  outcomes: [
    { id: 'home', name: 'Lions', odds: 19_500, probability: 0.5, active: true },
    { id: 'away', name: 'Tigers', odds: 18_700, probability: 0.5, active: true },
  ],
};

/** A market whose outcomes are the competitors themselves, so `ah` is their abbreviation. */
const toQualify: Market = {
  playId: 6,
  specifiers: '',
  name: 'To qualify',
  status: 'active',
  outcomes: [
    { id: '501', name: 'Lions', odds: 15_000, probability: 0.6, active: true },
    { id: '502', name: 'Tigers', odds: 25_000, probability: 0.4, active: false },
  ],
};

const memberPricing: Pricing = {
  key: '10,20,5',
  oddsConfig: [10, 20, 5],
  margins: { nonHandicap: 10, handicap: 20, base: 5 },
};

describe('market options', () => {
  it('names the next goal by its number, not its line, and abbreviates football’s newer outcomes', () => {
    const nextGoal: Market = {
      playId: 26,
      specifiers: 'goalnr=2',
      name: 'Next goal',
      status: 'active',
      outcomes: [
        { id: 'home', name: 'Lions', odds: 21_000, probability: 0.45, active: true },
        { id: 'none', name: 'No goal', odds: 51_000, probability: 0.18, active: true },
        { id: 'away', name: 'Tigers', odds: 26_000, probability: 0.37, active: true },
      ],
    };
    const options = optionsOf(fixture, nextGoal, true, memberPricing);
    expect(options.map((option) => [option.n, option.ah])).toEqual([
      ['', '1'],
      ['', 'None'],
      ['', '2'],
    ]);
    const doubleChance: Market = {
      ...nextGoal,
      playId: 21,
      specifiers: '',
      outcomes: ['home_draw', 'home_away', 'draw_away'].map((id) => ({
        id,
        name: id,
        odds: 14_000,
        probability: 0.7,
        active: true,
      })),
    };
    expect(optionsOf(fixture, doubleChance, true, memberPricing).map((o) => o.ah)).toEqual([
      '1X',
      '12',
      'X2',
    ]);
    const halfFull: Market = {
      ...doubleChance,
      playId: 25,
      outcomes: [
        { id: 'draw/away', name: 'Draw/Tigers', odds: 70_000, probability: 0.1, active: true },
      ],
    };
    expect(optionsOf(fixture, halfFull, true, memberPricing)[0]?.ah).toBe('X/2');
  });

  it('label each outcome with its option id, own line and short name', () => {
    const [home, away] = optionsOf(fixture, handicap, true, memberPricing);
    expect(decodeOptionId(home?.oi)).toEqual({
      eventId: 7_001,
      playId: 1,
      specifiers: 'hcp=-0.25',
      outcomeId: 'home',
    });
    expect(decodeOptionId(away?.oi)?.outcomeId).toBe('away');
    expect([home?.n, away?.n]).toEqual(['-0.25', '+0.25']);
    expect([home?.ah, away?.ah]).toEqual(['H', 'A']);
    expect([home?.h, away?.h]).toEqual(['Lions', 'Tigers']);
  });

  it('price every style as the member is priced, book margin included', () => {
    const [home] = optionsOf(fixture, handicap, true, memberPricing, 7);
    const expected = oddsInAllStyles(memberOdds(fromOddsUnits(19_500), 1, [10, 20, 5], 7), 1);
    expect(home).toMatchObject(expected);
    expect(home?.ao).toBe(25);
    expect(home?.md).toBe(1);
  });

  it('give the same labels on every change and new ones for a changed fixture', () => {
    const first = optionsOf(fixture, toQualify, true, memberPricing);
    const repriced = optionsOf(
      fixture,
      {
        ...toQualify,
        outcomes: toQualify.outcomes.map((outcome) => ({ ...outcome, odds: 16_000 })),
      },
      true,
      memberPricing,
    );
    expect(repriced.map((option) => [option.oi, option.ah])).toEqual(
      first.map((option) => [option.oi, option.ah]),
    );
    expect(first.map((option) => option.ah)).toEqual(['LIO', 'TIG']);
    const renamed: Fixture = {
      ...fixture,
      competitors: [
        { id: 501, name: 'Lions', abbreviation: 'LNS' },
        ...fixture.competitors.slice(1),
      ],
    };
    expect(optionsOf(renamed, toQualify, true, memberPricing).map((option) => option.ah)).toEqual([
      'LNS',
      'TIG',
    ]);
  });

  it('show a closed market or an outcome no longer offered by status, not by label', () => {
    const open = optionsOf(fixture, toQualify, true, memberPricing);
    const closed = optionsOf(fixture, { ...toQualify, status: 'suspended' }, false, memberPricing);
    expect(open.map((option) => option.s)).not.toEqual(closed.map((option) => option.s));
    expect(closed.map((option) => option.oi)).toEqual(open.map((option) => option.oi));
  });
});
