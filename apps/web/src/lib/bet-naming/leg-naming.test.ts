import { encodeOptionId, lineOf } from '@sb/domain';
import { describe, expect, it } from 'vitest';
import { matchNameOf, type NamedLeg, selectionNameOf, slipLegOf } from './leg-naming';

/** A translator that shows the key and its values, so the test sees what was asked for. */
const t = (key: string, values?: Record<string, unknown>) =>
  values ? `${key}(${Object.values(values).join(',')})` : key;

const leg = (fields: Partial<NamedLeg>): NamedLeg => ({
  playId: 3,
  specifiers: '',
  outcomeId: 'home',
  home: 'Arsenal',
  away: 'Chelsea',
  optName: 'Book name',
  ...fields,
});

describe('naming a leg', () => {
  it('names the match, or an outright by its title', () => {
    expect(matchNameOf({ home: 'Arsenal', away: 'Chelsea' })).toBe('Arsenal v Chelsea');
    expect(matchNameOf({ home: 'Premier League winner', away: '' })).toBe('Premier League winner');
  });

  it('names football’s new selections by the teams', () => {
    const name = (playId: number, outcomeId: string, specifiers = '') =>
      selectionNameOf(leg({ playId, outcomeId, specifiers }), t);
    expect(name(21, 'home_draw')).toBe('legs.homeOrDraw(Arsenal,Chelsea)');
    expect(name(25, 'draw/away')).toBe('legs.halfTimeFullTime(legs.draw,Chelsea)');
    expect(name(20, 'yes')).toBe('legs.yes(Arsenal,Chelsea)');
    expect(name(26, 'none', 'goalnr=2')).toBe('legs.noGoal(Arsenal,Chelsea)');
    expect(name(26, 'away', 'goalnr=2')).toBe('Chelsea');
    expect(name(22, 'home')).toBe('Arsenal');
  });

  it('reads each side’s own handicap and the total from the specifiers', () => {
    expect(lineOf('hcp=-0.25', 'home')).toBe('-0.25');
    expect(lineOf('hcp=-0.25', 'away')).toBe('+0.25');
    expect(lineOf('hcp=0', 'away')).toBe('0');
    expect(lineOf('total=2.5', 'over')).toBe('2.5');
    expect(lineOf('', 'home')).toBe('');
  });

  it('names sides by their team, with the line they read', () => {
    expect(selectionNameOf(leg({}), t)).toBe('Arsenal');
    expect(selectionNameOf(leg({ outcomeId: 'away' }), t)).toBe('Chelsea');
    expect(selectionNameOf(leg({ playId: 1, specifiers: 'hcp=-0.25' }), t)).toBe('Arsenal -0.25');
    expect(selectionNameOf(leg({ outcomeId: 'away', specifiers: 'hcp=-0.25' }), t)).toBe(
      'Chelsea +0.25',
    );
    // A leg recorded without names falls back to the word for the side.
    expect(selectionNameOf(leg({ home: '' }), t)).toBe('legs.home');
  });

  it('names totals, results and scores as people say them', () => {
    expect(selectionNameOf(leg({ outcomeId: 'draw' }), t)).toBe('legs.draw');
    expect(selectionNameOf(leg({ outcomeId: 'over', specifiers: 'total=2.5' }), t)).toBe(
      'legs.over(2.5)',
    );
    expect(selectionNameOf(leg({ outcomeId: 'odd' }), t)).toBe('legs.odd');
    expect(selectionNameOf(leg({ outcomeId: '2:1' }), t)).toBe('2-1');
    expect(selectionNameOf(leg({ outcomeId: 'other' }), t)).toBe('legs.otherScore');
    expect(selectionNameOf(leg({ outcomeId: '3' }), t)).toBe('3');
    expect(selectionNameOf(leg({ outcomeId: '6+' }), t)).toBe('6+');
    expect(selectionNameOf(leg({ outcomeId: 'home_3+' }), t)).toBe('legs.wins_by(Arsenal,3+)');
    expect(selectionNameOf(leg({ outcomeId: 'away_1' }), t)).toBe('legs.wins_by(Chelsea,1)');
  });

  it('names a competitor by the book’s own name of it', () => {
    const runner = { home: 'Derby, race 3', away: '', optName: 'Silver Arrow' };
    expect(selectionNameOf(leg({ ...runner, outcomeId: '40123' }), t)).toBe('Silver Arrow');
    expect(selectionNameOf(leg({ ...runner, outcomeId: '7' }), t)).toBe('Silver Arrow');
  });

  it('names a slip selection from its option id', () => {
    const oi = encodeOptionId({
      eventId: 12,
      playId: 2,
      specifiers: 'total=2.5',
      outcomeId: 'under',
    });
    const named = slipLegOf({
      oi,
      playId: 2,
      specifiers: 'total=2.5',
      home: 'Arsenal',
      away: 'Chelsea',
      optionName: 'U 2.5',
    });
    expect(selectionNameOf(named, t)).toBe('legs.under(2.5)');
  });
});
