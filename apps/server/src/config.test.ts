import { describe, expect, it } from 'vitest';
import { ConfigError, developmentSandboxSecret, loadConfig } from './config';

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

describe('the payment sandbox switch', () => {
  const ownSecret = 'operator-own-sandbox-secret-0123456789abcdef';
  const messageOf = (environment: NodeJS.ProcessEnv): string => {
    try {
      loadConfig(environment);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it('is on outside production unless turned off, and off in production unless turned on', () => {
    expect(loadConfig({}).PAYMENT_SANDBOX).toBe('on');
    expect(loadConfig({ NODE_ENV: 'development' }).PAYMENT_SANDBOX).toBe('on');
    expect(loadConfig({ PAYMENT_SANDBOX: 'off' }).PAYMENT_SANDBOX).toBe('off');
    expect(loadConfig({ NODE_ENV: 'production' }).PAYMENT_SANDBOX).toBe('off');
    expect(() => loadConfig({ PAYMENT_SANDBOX: 'yes' })).toThrow(/PAYMENT_SANDBOX/);
  });

  it('refuses to run in production with the sandbox on, naming the variables', () => {
    const message = messageOf({ NODE_ENV: 'production', PAYMENT_SANDBOX: 'on' });
    expect(message).toContain('PAYMENT_SANDBOX: ');
    expect(message).toContain('PAYMENT_SANDBOX_ALLOW_PRODUCTION=true');
    expect(message).toContain('PAYMENT_SANDBOX_SECRET: must be your own secret');
    // Allowed, it still needs the operator's own secret, not the public default.
    for (const secret of [undefined, developmentSandboxSecret]) {
      const allowed = messageOf({
        NODE_ENV: 'production',
        PAYMENT_SANDBOX: 'on',
        PAYMENT_SANDBOX_ALLOW_PRODUCTION: 'true',
        PAYMENT_SANDBOX_SECRET: secret,
      });
      expect(allowed).toContain('PAYMENT_SANDBOX_SECRET');
      expect(allowed).not.toContain('PAYMENT_SANDBOX: ');
    }
    // With its own secret but not allowed, the allowance is what is missing.
    expect(
      messageOf({
        NODE_ENV: 'production',
        PAYMENT_SANDBOX: 'on',
        PAYMENT_SANDBOX_SECRET: ownSecret,
      }),
    ).not.toContain('PAYMENT_SANDBOX_SECRET');
  });

  it("runs the sandbox in production when allowed with the operator's own secret", () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PAYMENT_SANDBOX: 'on',
      PAYMENT_SANDBOX_ALLOW_PRODUCTION: 'true',
      PAYMENT_SANDBOX_SECRET: ownSecret,
    });
    expect(config.PAYMENT_SANDBOX).toBe('on');
    expect(config.PAYMENT_SANDBOX_SECRET).toBe(ownSecret);
  });
});
