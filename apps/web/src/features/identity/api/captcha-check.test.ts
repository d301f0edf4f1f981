import { describe, expect, it } from 'vitest';
import { captchaCheckStateOf, captchaCodeLength } from './captcha-check';

describe('what the captcha field says about its answer', () => {
  it('says nothing until all four characters are typed', () => {
    expect(captchaCodeLength).toBe(4);
    for (const code of ['', 'A', 'AB', 'ABC', 'ABCDE'])
      expect(captchaCheckStateOf({ isFetching: false }, code)).toBe('idle');
  });

  it('says checking while the server is asked, then right or wrong', () => {
    expect(captchaCheckStateOf({ isFetching: true }, 'AB3D')).toBe('checking');
    expect(captchaCheckStateOf({ isFetching: false, data: { valid: true } }, 'AB3D')).toBe('right');
    expect(captchaCheckStateOf({ isFetching: false, data: { valid: false } }, 'AB3D')).toBe(
      'wrong',
    );
  });

  it('ignores spaces around the answer, as the server does', () => {
    expect(captchaCheckStateOf({ isFetching: false, data: { valid: true } }, ' AB3D ')).toBe(
      'right',
    );
  });

  it('says nothing when the check could not be made', () => {
    expect(captchaCheckStateOf({ isFetching: false }, 'AB3D')).toBe('idle');
  });
});
