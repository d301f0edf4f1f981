import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs on embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.DATA_DIR.endsWith('/data')).toBe(true);
    expect(config.PARTNER_SECRETS.size).toBe(0);
    expect(config.FEED_DENSITY).toBe(1);
  });

  it('takes a feed density above 0 and up to 4', () => {
    expect(loadConfig({ FEED_DENSITY: '0.25' }).FEED_DENSITY).toBe(0.25);
    for (const density of ['0', '-1', '4.5', 'deep'])
      expect(() => loadConfig({ FEED_DENSITY: density })).toThrow(/FEED_DENSITY/);
  });

  it('reads partner secrets as channel:secret pairs', () => {
    const secret = 's'.repeat(32);
    const config = loadConfig({ PARTNER_SECRETS: `acme:${secret}, beta:${secret}x` });
    expect(config.PARTNER_SECRETS.get('acme')).toBe(secret);
    expect(config.PARTNER_SECRETS.get('beta')).toBe(`${secret}x`);
  });

  it('serves the API reference except on a production configuration, unless told', () => {
    expect(loadConfig({}).API_DOCS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).API_DOCS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).API_DOCS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'on' }).API_DOCS).toBe(true);
    expect(loadConfig({ API_DOCS: 'off' }).API_DOCS).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });

  it('lists every bad variable by name in one error', () => {
    let message = '';
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://localhost/db',
        REDIS_URL: 'not a url',
        LOG_LEVEL: 'loud',
        PARTNER_SECRETS: 'acme:short',
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const name of ['PORT', 'DATABASE_URL', 'REDIS_URL', 'LOG_LEVEL', 'PARTNER_SECRETS']) {
      expect(message).toContain(name);
    }
  });
});
