import { betType, orderStatus } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import {
  filterFieldsOf,
  filterForTab,
  isFiltered,
  noRecordsFilter,
  statusOptionsOf,
  tabTakesFilter,
} from './records-filter';

describe('the records filter header', () => {
  it('offers each bet list its own statuses', () => {
    expect(statusOptionsOf('settled')).toEqual([
      orderStatus.settled,
      orderStatus.cashedOut,
      orderStatus.void,
    ]);
    expect(statusOptionsOf('open')).toEqual([orderStatus.pending, orderStatus.accepted]);
  });

  it('applies to the bet lists, not to balance movements', () => {
    expect(tabTakesFilter('settled')).toBe(true);
    expect(tabTakesFilter('open')).toBe(true);
    expect(tabTakesFilter('movements')).toBe(false);
  });

  it('keeps sport and bet type across tabs and drops a status the new list cannot hold', () => {
    const filter = { sportId: 2, status: orderStatus.cashedOut, betType: betType.parlay };
    expect(filterForTab(filter, 'open')).toEqual({ sportId: 2, status: null, betType: 1 });
    expect(filterForTab(filter, 'settled')).toEqual(filter);
    const open = { sportId: null, status: orderStatus.accepted, betType: null };
    expect(filterForTab(open, 'open')).toEqual(open);
  });

  it('sends only the choices made', () => {
    expect(filterFieldsOf(noRecordsFilter)).toEqual({});
    expect(filterFieldsOf({ sportId: 1, status: null, betType: betType.single })).toEqual({
      sportId: 1,
      betType: 0,
    });
    expect(isFiltered(noRecordsFilter)).toBe(false);
    expect(isFiltered({ sportId: null, status: null, betType: betType.single })).toBe(true);
  });
});
