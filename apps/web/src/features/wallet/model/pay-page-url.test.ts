import { describe, expect, it } from 'vitest';
import { payPageUrl } from './pay-page-url';

describe('the pay page address', () => {
  const origin = 'https://sports.example';

  it('carries the language as the lang field, and stays relative on the same host', () => {
    expect(payPageUrl('/sandbox/pay/sp_1', 'zh', origin)).toBe('/sandbox/pay/sp_1?lang=zh');
    expect(payPageUrl(`${origin}/sandbox/pay/sp_1`, 'zht', origin)).toBe(
      '/sandbox/pay/sp_1?lang=zht',
    );
  });

  it("replaces a language already there and keeps the provider's own fields", () => {
    expect(payPageUrl('/pay?id=7&lang=en', 'zh', origin)).toBe('/pay?id=7&lang=zh');
    // The sandbox's key opens its pay page: it must survive the language being added.
    expect(payPageUrl('/sandbox/pay/sp_1?key=Ab-_9', 'zh', origin)).toBe(
      '/sandbox/pay/sp_1?key=Ab-_9&lang=zh',
    );
  });

  it("keeps another provider's host", () => {
    expect(payPageUrl('https://pay.example/p/1', 'en', origin)).toBe(
      'https://pay.example/p/1?lang=en',
    );
  });
});
