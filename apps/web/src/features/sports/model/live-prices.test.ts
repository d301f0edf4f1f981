import type { MarketOption, MatchWire } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { withLivePrices } from './live-prices';

const option = (oi: string, o: number, s = 0): MarketOption => ({
  oi,
  md: 3,
  s,
  h: oi,
  ah: oi,
  n: oi,
  o,
  oa: o - 1,
  om: 0,
  od: 0,
  us: 0,
  ao: 0,
});

function match(z: MatchWire['z'], g = 1): MatchWire {
  return {
    a: 1,
    b: 7,
    l: 1,
    ln: 'League',
    lc: '',
    g,
    t: 0,
    o: 'Home',
    r: 'Away',
    ev: {
      a: 1,
      b: 7,
      c: 1,
      e: 60,
      g: '',
      h1: 0,
      h2: 0,
      h3: 0,
      h4: 0,
      h5: 0,
      a1: 0,
      a2: 0,
      a3: 0,
      a4: 0,
      a5: 0,
      hs: g,
      as: 0,
      o: 'Home',
      r: 'Away',
    },
    z,
    mc: 2,
    x: 1,
    w: 0,
    y: 3,
    si: 2026,
    sm: 0,
    sn: 0,
  } as MatchWire;
}

describe('withLivePrices', () => {
  it('takes the prices and statuses the socket holds, keeping the lines the read shows', () => {
    const read = match({
      '3': { '': [option('a', 1.5), option('b', 2.5)] },
      '8': { '': [option('c', 9)] },
    });
    const live = match({ '3': { '': [option('a', 1.6), option('b', 2.4, 1)] } }, 1);
    live.ev = { ...live.ev, hs: 2 };
    const shown = withLivePrices(read, live);
    expect(shown.z['3']?.['']?.map((entry) => [entry.o, entry.s])).toEqual([
      [1.6, 0],
      [2.4, 1],
    ]);
    // A line only the read carries stays as read; the favourite flags are the read's.
    expect(shown.z['8']?.['']?.[0]?.o).toBe(9);
    expect(shown.x).toBe(1);
    expect(shown.ev.hs).toBe(2);
  });

  it('shows the read as it is without a live picture', () => {
    const read = match({ '3': { '': [option('a', 1.5)] } });
    expect(withLivePrices(read, undefined)).toBe(read);
    expect(withLivePrices(read, null)).toBe(read);
  });
});
