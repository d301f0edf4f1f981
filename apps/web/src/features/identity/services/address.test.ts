import { describe, expect, it } from 'vitest';
import { addressAfterLogin } from './address';

describe('addressAfterLogin', () => {
  it('goes to the index route and drops the query', () => {
    expect(addressAfterLogin('/', '#/sports?passcode=abc')).toBe('/#/index');
    expect(addressAfterLogin('/', '')).toBe('/#/index');
  });

  it('keeps compact mode but drops its query', () => {
    expect(addressAfterLogin('/', '#/mini/index?passcode=abc')).toBe('/#/mini/index');
  });
});
