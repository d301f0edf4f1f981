import type { MarketOption } from '@sb/contract';
import { optionStatus } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { shownOptions } from './shown-options';

function option(oi: string, o: number, s: number = optionStatus.open): MarketOption {
  return { oi, o, s, md: 8, h: oi, ah: oi, n: '', oa: 0, om: 0, od: 0, us: 0, ao: 0 };
}

const ids = (options: readonly MarketOption[]) => options.map((entry) => entry.oi);

describe('shownOptions', () => {
  it('leaves out outcomes no longer offered in a market of many outcomes', () => {
    const setBetting = [
      option('2:0', 0, optionStatus.notOffered),
      option('2:1', 6.2),
      option('1:2', 6.2),
      option('0:2', 1.25),
    ];
    expect(ids(shownOptions(3, setBetting))).toEqual(['2:1', '1:2', '0:2']);
  });

  it('keeps the whole field of a market that offers nothing any more, behind padlocks', () => {
    const race = ['1', '2', '3', '4', '5'].map((id) => option(id, 4, optionStatus.notOffered));
    expect(ids(shownOptions(10000005, race))).toEqual(['1', '2', '3', '4', '5']);
  });

  it('keeps every outcome of a two- or three-way market, closed ones too', () => {
    const total = [option('over', 0, optionStatus.notOffered), option('under', 0, 5)];
    expect(ids(shownOptions(1, total))).toEqual(['over', 'under']);
    const result = [
      option('home', 2),
      option('draw', 0, optionStatus.notOffered),
      option('away', 3),
    ];
    expect(ids(shownOptions(1, result))).toEqual(['home', 'draw', 'away']);
  });

  it('keeps a suspended outcome of a many-outcome market, which may open again', () => {
    const scores = [
      option('1:0', 7, optionStatus.suspended),
      option('0:0', 9),
      option('0:1', 8),
      option('other', 4),
    ];
    expect(ids(shownOptions(1, scores))).toEqual(['1:0', '0:0', '0:1', 'other']);
  });

  it("lists an outright's runners by price, shortest first, unpriced runners last", () => {
    const runners = [
      option('a', 12.5),
      option('b', 0),
      option('c', 3.4),
      option('d', 8, optionStatus.suspended),
      option('e', 6.1),
    ];
    expect(ids(shownOptions(1000, runners))).toEqual(['c', 'e', 'a', 'b', 'd']);
  });

  it("keeps a race's runners in saddle order", () => {
    const runners = [option('1', 9), option('2', 2.5), option('3', 4)];
    expect(ids(shownOptions(10000005, runners))).toEqual(['1', '2', '3']);
  });
});
