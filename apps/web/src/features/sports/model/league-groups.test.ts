import type { MatchWire } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { groupByLeague } from './league-groups';

const match = (b: number, l: number) => ({ a: 1, b, l, ln: `League ${l}` }) as MatchWire;

describe('league groups', () => {
  it('puts each match under its league, leagues in order of their first match', () => {
    const entries = groupByLeague([match(1, 10), match(2, 20), match(3, 10)]);
    expect(entries.map((entry) => entry.key)).toEqual(['l10', 'm1', 'm3', 'l20', 'm2']);
  });

  it('gives nothing for no matches', () => {
    expect(groupByLeague([])).toEqual([]);
  });
});
