import { clientInfoSchema } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { buildClientInfo, deriveMac, readDeviceId } from './client-info';
import { MemoryStorage } from './storage';

describe('client info', () => {
  it('creates the device id once and reuses it', () => {
    const storage = new MemoryStorage();
    const first = readDeviceId(storage, () => 'abc123');
    const second = readDeviceId(storage, () => 'other');
    expect(first).toBe('abc123');
    expect(second).toBe('abc123');
  });

  it('derives a MAC-shaped value from the device id', () => {
    expect(deriveMac('0f1e2d3c-4b5a-6978')).toBe('0f:1e:2d:3c:4b:5a');
  });

  it('builds fields the contract accepts with the site facts', () => {
    const info = buildClientInfo({
      deviceId: 'd'.repeat(300),
      language: 'en',
      source: 2,
      channelType: 'a1',
      userAgent: `Mozilla/5.0 (X11; Linux x86_64) ${'x'.repeat(200)}`,
      platform: 'Linux x86_64',
    });
    expect(clientInfoSchema.strict().safeParse(info).success).toBe(true);
    expect(info).toMatchObject({ pid: '888', siteNo: '7', realm: 'alpha', source: '2' });
    expect(info.versionName).toBe('v1.0.110');
    expect(info.os).toBe('linux');
  });
});
