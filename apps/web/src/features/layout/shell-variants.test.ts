import { describe, expect, it } from 'vitest';
import { brandVariantOf, flavourOf } from './shell-variants';

describe('shell variants', () => {
  it('picks the brand from isXyUser', () => {
    expect(brandVariantOf(true)).toBe('xy');
    expect(brandVariantOf(false)).toBe('alpha');
  });

  it('picks the live-stream flavour for source 1 and the standard one otherwise', () => {
    expect(flavourOf(1)).toBe('live-stream');
    expect(flavourOf(2)).toBe('standard');
    expect(flavourOf(0)).toBe('standard');
  });
});
