import { matchSchema } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { checkMatchPage } from './match-list';

const event = {
  a: 1,
  b: 1,
  c: 0,
  e: 0,
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
  hs: 0,
  as: 0,
  o: 'Home',
  r: 'Away',
};

function match(b: number) {
  return {
    a: 1,
    b,
    l: 7,
    ln: 'League',
    lc: 'Country',
    g: 0,
    t: 0,
    o: 'Home',
    r: 'Away',
    ev: { ...event, b },
    z: {},
    mc: 0,
    x: 0,
    w: 0,
    y: 0,
    si: 2026,
    sm: 1,
    sn: 2,
  };
}

describe('checking a list answer a slice at a time', () => {
  it('answers every match of a long page, in order, as the contract reads them', async () => {
    const records = Array.from({ length: 250 }, (_, index) => match(index + 1));
    expect(matchSchema.safeParse(records[0]).success).toBe(true);
    const page = await checkMatchPage({
      records,
      total: 250,
      page: 1,
      size: 1000,
      counts: [{ sportId: 1, count: 250 }],
    });
    expect(page.records.map((record) => record.b)).toEqual(records.map((record) => record.b));
    expect(page.counts).toEqual([{ sportId: 1, count: 250 }]);
  });

  it('refuses a page with one bad match, however far down', async () => {
    const records: unknown[] = Array.from({ length: 250 }, (_, index) => match(index + 1));
    records[220] = { ...match(221), b: 'x' };
    await expect(
      checkMatchPage({ records, total: 250, page: 1, size: 1000, counts: [] }),
    ).rejects.toThrow('/match/api/match/list answered data the client cannot read');
    await expect(checkMatchPage({ records: 'none' })).rejects.toThrow();
  });
});
