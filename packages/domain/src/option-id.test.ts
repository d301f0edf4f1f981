import { describe, expect, it } from 'vitest';
import { decodeOptionId, encodeOptionId, type OptionRef } from './option-id';

const refs: OptionRef[] = [
  { eventId: 12196054, playId: 1, specifiers: 'hcp=-0.25', outcomeId: 'home' },
  { eventId: 12196054, playId: 1, specifiers: 'hcp=-0.25', outcomeId: 'away' },
  { eventId: 12196054, playId: 1, specifiers: 'hcp=0.25', outcomeId: 'home' },
  { eventId: 12196054, playId: 3, specifiers: '', outcomeId: 'draw' },
  { eventId: 12196054, playId: 8, specifiers: '', outcomeId: '2:1' },
  { eventId: 50031300, playId: 21000, specifiers: '', outcomeId: '10101' },
  { eventId: 7, playId: 2, specifiers: 'total=2.5|variant=sr:goals', outcomeId: 'over-under/é' },
];

describe('option ids', () => {
  it('round-trips every option', () => {
    for (const ref of refs) expect(decodeOptionId(encodeOptionId(ref))).toEqual(ref);
  });

  it('gives each option its own id, the same every time', () => {
    const ids = refs.map(encodeOptionId);
    expect(new Set(ids).size).toBe(refs.length);
    expect(refs.map(encodeOptionId)).toEqual(ids);
    expect(encodeOptionId(refs[0] as OptionRef)).toBe('12196054-1-aGNwPS0wLjI1CmhvbWU');
  });

  it('refuses garbage', () => {
    const good = encodeOptionId(refs[0] as OptionRef);
    for (const bad of [
      '',
      'abc',
      '1-2',
      '1-2-',
      '0-1-aGNwPS0wLjI1CmhvbWU',
      '01-1-aGNwPS0wLjI1CmhvbWU',
      '-1-1-aGNwPS0wLjI1CmhvbWU',
      '1--1-aGNwPS0wLjI1CmhvbWU',
      '99999999999999999-1-aGNwPS0wLjI1CmhvbWU',
      '1-1-aGNwPS0wLjI1',
      '1-1-aGNwPS0wLjI1CmhvbWU=',
      '1-1-aGNwPS0wLjI1Cmhv+WU',
      '1-1-a',
      `${good} `,
      `${good}!`,
      `${good.slice(0, -1)}V`,
      '1-1-Cg',
      '1-1-_w',
      'x'.repeat(1000),
    ]) {
      expect(decodeOptionId(bad), bad).toBeUndefined();
    }
    expect(decodeOptionId(42)).toBeUndefined();
    expect(decodeOptionId(null)).toBeUndefined();
    expect(decodeOptionId({ eventId: 1 })).toBeUndefined();
  });

  it('cannot encode a reference that has no id', () => {
    const base = refs[0] as OptionRef;
    expect(() => encodeOptionId({ ...base, eventId: 0 })).toThrow(RangeError);
    expect(() => encodeOptionId({ ...base, playId: 1.5 })).toThrow(RangeError);
    expect(() => encodeOptionId({ ...base, outcomeId: '' })).toThrow(RangeError);
    expect(() => encodeOptionId({ ...base, specifiers: 'a\nb' })).toThrow(RangeError);
  });
});
