import { describe, expect, it } from 'vitest';
import { broadcastPhaseOf, broadcastSceneOf, placesOf, scorerBetween } from './broadcast';

describe('the rendered broadcast', () => {
  it('draws the virtual sports only, each on its own scene', () => {
    expect(broadcastSceneOf(10000001)).toBe('pitch');
    expect(broadcastSceneOf(10000002)).toBe('court');
    expect(broadcastSceneOf(10000005)).toBe('track');
    expect(broadcastSceneOf(1)).toBeNull();
  });

  it('reads the phase from the live flag and the period code', () => {
    const ev = (c: number) => ({ c }) as Parameters<typeof broadcastPhaseOf>[0]['ev'];
    expect(broadcastPhaseOf({ g: 0, ev: ev(0) })).toBe('before');
    expect(broadcastPhaseOf({ g: 1, ev: ev(1) })).toBe('live');
    expect(broadcastPhaseOf({ g: 2, ev: ev(90) })).toBe('finished');
    expect(broadcastPhaseOf({ g: 0, ev: ev(90) })).toBe('finished');
  });

  it('names the side that scored between two readings', () => {
    expect(scorerBetween(undefined, { hs: 1, as: 0 })).toBeNull();
    expect(scorerBetween({ hs: 0, as: 0 }, { hs: 1, as: 0 })).toBe('home');
    expect(scorerBetween({ hs: 1, as: 0 }, { hs: 1, as: 2 })).toBe('away');
    expect(scorerBetween({ hs: 1, as: 2 }, { hs: 1, as: 2 })).toBeNull();
  });

  it("places a race's runners in running order, the two of a dead heat both first", () => {
    const at = (...ds: number[]) => ds.map((d) => ({ d }));
    expect(placesOf(at(520, 510, 510, 300))).toEqual([1, 2, 3, 4]);
    expect(placesOf(at(1000, 1000, 984, 970))).toEqual([1, 1, 3, 4]);
    expect(placesOf(at(1000, 991, 991))).toEqual([1, 2, 3]);
    expect(placesOf([])).toEqual([]);
  });
});
