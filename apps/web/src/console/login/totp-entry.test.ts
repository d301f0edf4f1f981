import { describe, expect, it } from 'vitest';
import { isTotpComplete, normalizeTotpInput, shouldSubmitTotp } from './totp-entry';

describe('authenticator code entry', () => {
  it('keeps digits only, dropping the spaces and dashes apps show and anything else', () => {
    expect(normalizeTotpInput('123 456')).toBe('123456');
    expect(normalizeTotpInput(' 12-34 ')).toBe('1234');
    expect(normalizeTotpInput('12a4b')).toBe('124');
    expect(normalizeTotpInput('')).toBe('');
  });

  it('stops at six digits', () => {
    expect(normalizeTotpInput('1234567890')).toBe('123456');
  });

  it('is complete with exactly six digits', () => {
    expect(isTotpComplete('123456')).toBe(true);
    expect(isTotpComplete('12345')).toBe(false);
    expect(isTotpComplete('1234567')).toBe(false);
    expect(isTotpComplete('12345a')).toBe(false);
  });

  it('submits only when the code becomes complete, not when it stays complete', () => {
    expect(shouldSubmitTotp('12345', '123456')).toBe(true);
    expect(shouldSubmitTotp('', '123456')).toBe(true);
    expect(shouldSubmitTotp('123456', '123456')).toBe(false);
    expect(shouldSubmitTotp('1234', '12345')).toBe(false);
  });
});
