import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPasswordForWire, md5Hex } from './md5';

describe('md5Hex', () => {
  it('matches the RFC 1321 test suite', () => {
    expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5Hex('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(
      md5Hex('12345678901234567890123456789012345678901234567890123456789012345678901234567890'),
    ).toBe('57edf4a22be3c955ac49da2e2107b67a');
  });

  it('agrees with node:crypto on multi-byte text and block boundaries', () => {
    for (const text of [
      '密码Пароль🎲',
      'x'.repeat(55),
      'y'.repeat(56),
      'z'.repeat(64),
      'w'.repeat(1000),
    ]) {
      expect(md5Hex(text)).toBe(createHash('md5').update(text, 'utf8').digest('hex'));
    }
  });

  it('hashes a password twice for the wire', () => {
    expect(hashPasswordForWire('abc')).toBe(md5Hex('900150983cd24fb0d6963f7d28e17f72'));
  });
});
