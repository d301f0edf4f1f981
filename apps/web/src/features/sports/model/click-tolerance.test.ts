import { describe, expect, it } from 'vitest';
import { isClick } from './click-tolerance';

describe('click tolerance', () => {
  it('counts a pointer that moved under 3 px as a click', () => {
    expect(isClick({ x: 10, y: 10 }, { x: 10, y: 10 })).toBe(true);
    expect(isClick({ x: 10, y: 10 }, { x: 12, y: 12 })).toBe(true);
  });

  it('counts 3 px or more as a drag', () => {
    expect(isClick({ x: 10, y: 10 }, { x: 13, y: 10 })).toBe(false);
    expect(isClick({ x: 10, y: 10 }, { x: 12, y: 13 })).toBe(false);
  });
});
