import { describe, expect, it } from 'vitest';
import { addressAfterLogin, readPasscode } from './address';

describe('readPasscode', () => {
  it('reads a passcode from the query string', () => {
    expect(readPasscode('?passcode=abc123', '#/index')).toBe('abc123');
  });

  it('reads a passcode from inside the hash route', () => {
    expect(readPasscode('', '#/index?passcode=xyz&lang=en')).toBe('xyz');
  });

  it('answers null when there is none', () => {
    expect(readPasscode('?lang=en', '#/index')).toBeNull();
    expect(readPasscode('', '')).toBeNull();
  });
});

describe('addressAfterLogin', () => {
  it('goes to the index route and drops the query', () => {
    expect(addressAfterLogin('/', '#/sports?passcode=abc')).toBe('/#/index');
    expect(addressAfterLogin('/', '')).toBe('/#/index');
  });

  it('keeps compact mode but drops its query', () => {
    expect(addressAfterLogin('/', '#/mini/index?passcode=abc')).toBe('/#/mini/index');
  });
});
