import { describe, expect, it } from 'vitest';
import {
  decodeBase32,
  encodeBase32,
  generateTotpSecret,
  hotp,
  matchTotpStep,
  otpauthUri,
  totpCodeAt,
  totpStepAt,
} from '../../src/modules/operators/totp';

describe('base32 (RFC 4648 §10 vectors)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('encodes %j as %s and reads it back', (plain, encoded) => {
    expect(encodeBase32(Buffer.from(plain))).toBe(encoded);
    expect(decodeBase32(encoded).toString()).toBe(plain);
  });

  it('reads lower case, spaces and padding as people paste them', () => {
    expect(decodeBase32('mzxw 6ytb oi======').toString()).toBe('foobar');
  });

  it('refuses characters outside the alphabet', () => {
    expect(() => decodeBase32('MZXW1')).toThrow(/not base32/);
  });

  it('makes 160-bit secrets, different each time', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(decodeBase32(secret)).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(secret);
  });
});

describe('HOTP and TOTP', () => {
  const rfcKey = Buffer.from('12345678901234567890');

  it('matches RFC 4226 appendix D', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(rfcKey, counter))).toEqual(expected);
  });

  it.each([
    [59, '94287082'],
    [1_111_111_109, '07081804'],
    [1_111_111_111, '14050471'],
    [1_234_567_890, '89005924'],
    [2_000_000_000, '69279037'],
    [20_000_000_000, '65353130'],
  ])('matches RFC 6238 appendix B (SHA-1) at %d s', (seconds, code) => {
    expect(hotp(rfcKey, totpStepAt(seconds * 1000), 8)).toBe(code);
    expect(totpCodeAt(encodeBase32(rfcKey), seconds * 1000)).toBe(code.slice(-6));
  });

  it('accepts the codes of one step either side and answers which step matched', () => {
    const secret = generateTotpSecret();
    const now = Date.parse('2030-06-01T12:00:10Z');
    const step = totpStepAt(now);
    for (const offset of [-1, 0, 1]) {
      const code = totpCodeAt(secret, now + offset * 30_000);
      expect(matchTotpStep(secret, code, now)).toBe(step + offset);
    }
  });

  it('refuses codes two steps away, of another secret, or not six digits', () => {
    // Fixed secrets and time, so no code here can equal another by chance on some runs.
    const secret = encodeBase32(Buffer.from('12345678901234567890'));
    const otherSecret = encodeBase32(Buffer.from('abcdefghijabcdefghij'));
    const now = Date.parse('2030-06-01T12:00:10Z');
    const codeAt = (offset: number) => totpCodeAt(secret, now + offset * 30_000);
    expect(matchTotpStep(secret, codeAt(-2), now)).toBeNull();
    expect(matchTotpStep(secret, codeAt(2), now)).toBeNull();
    expect(matchTotpStep(otherSecret, codeAt(0), now)).toBeNull();
    expect(matchTotpStep(secret, codeAt(0).slice(0, 5), now)).toBeNull();
    expect(matchTotpStep(secret, `${codeAt(0)}0`, now)).toBeNull();
    expect(matchTotpStep(secret, codeAt(0), now)).toBe(totpStepAt(now));
  });

  it('writes the otpauth URI authenticator apps read', () => {
    const uri = new URL(otpauthUri({ issuer: 'Sportsbook', accountName: 'alice', secret: 'ABC' }));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Sportsbook:alice');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'ABC',
      issuer: 'Sportsbook',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
