import type { MatchWire } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import type { SlipSelection } from '../../../lib/slip/slip-store';
import { optionsNow } from './match-leg-list';

const held = (oi: string) => ({ oi }) as SlipSelection;
const option = (oi: string, s: number, o: number) => ({ oi, s, o, md: 3 });

describe('slip items refreshed from the leg list', () => {
  it('reads each option’s status and price, and a missing one as deactivated', () => {
    const match = {
      b: 1,
      z: {
        '3': { '': [option('home', 0, 2.1), option('away', 1, 3.4)] },
        '2': { 'total=2.5': [option('over', 0, 1.95)] },
      },
    } as unknown as MatchWire;
    expect(optionsNow([held('over'), held('away'), held('gone')], [match])).toEqual([
      { oi: 'over', status: 0, odds: 1.95 },
      { oi: 'away', status: 1, odds: 3.4 },
      { oi: 'gone', status: 2 },
    ]);
  });
});
