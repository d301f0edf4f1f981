import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  appConfig,
  appConfigPath,
  defaultAppConfig,
  loadAppConfig,
  parseAppConfig,
} from './app-config';

const shippedFile = new URL('../../../public/app-config.json', import.meta.url);

function answering(body: string, status = 200): typeof fetch {
  return vi.fn(async () => new Response(body, { status })) as unknown as typeof fetch;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('parseAppConfig', () => {
  it('takes every key of a good file', () => {
    expect(parseAppConfig({ lang: 'en', precision: 4, utk: 'token' })).toEqual({
      config: { lang: 'en', precision: 4, utk: 'token' },
      problems: [],
    });
  });

  it('keeps the defaults for missing keys and ignores keys it does not know', () => {
    expect(parseAppConfig({ precision: 0, theme: 'dark' }).config).toEqual({
      ...defaultAppConfig,
      precision: 0,
    });
    expect(parseAppConfig({}).config).toEqual(defaultAppConfig);
  });

  it('refuses each bad key alone, naming it, and keeps the good ones', () => {
    const { config, problems } = parseAppConfig({ lang: 'fr', precision: 2.5, utk: 't' });
    expect(config).toEqual({ ...defaultAppConfig, utk: 't' });
    expect(problems.map((problem) => problem.key)).toEqual(['lang', 'precision']);
    expect(parseAppConfig({ precision: 9 }).problems.map((problem) => problem.key)).toEqual([
      'precision',
    ]);
    expect(parseAppConfig({ utk: 7 }).config.utk).toBe('authToken');
    // The token's parameter is a plain name, and not one the link uses for something else.
    for (const utk of ['', 'a b', 'token=1', 'principal', 'passcode'])
      expect(
        parseAppConfig({ utk }).problems.map((problem) => problem.key),
        utk,
      ).toEqual(['utk']);
  });

  it('answers the defaults for content that is no object', () => {
    for (const content of [null, 'zh', 42, ['zh']]) {
      const { config, problems } = parseAppConfig(content);
      expect(config).toEqual(defaultAppConfig);
      expect(problems).toHaveLength(1);
    }
  });

  it('reads the file shipped with the app as it is', () => {
    const shipped = JSON.parse(readFileSync(shippedFile, 'utf8')) as unknown;
    expect(parseAppConfig(shipped)).toEqual({ config: defaultAppConfig, problems: [] });
  });
});

describe('loadAppConfig', () => {
  it('reads the file at the build-time path, the shipped one by default', async () => {
    expect(appConfigPath).toBe('app-config.json');
    const fetchFile = answering(JSON.stringify({ lang: 'zht', precision: 3 }));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const config = await loadAppConfig(appConfigPath, fetchFile);
    expect(fetchFile).toHaveBeenCalledWith('app-config.json', expect.any(Object));
    expect(config).toEqual({ lang: 'zht', precision: 3, utk: 'authToken' });
    expect(appConfig()).toEqual(config);
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('falls back to the defaults for a missing file, a page instead of JSON, or no answer', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failures: (typeof fetch)[] = [
      answering('{"error":"not found"}', 404),
      answering('<!doctype html><title>index</title>'),
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
    ];
    for (const fetchFile of failures) {
      expect(await loadAppConfig('app-config.json', fetchFile)).toEqual(defaultAppConfig);
      expect(appConfig()).toEqual(defaultAppConfig);
    }
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('says which key of a file it refused', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const config = await loadAppConfig('app-config.json', answering('{"lang":"de","precision":1}'));
    expect(config).toEqual({ ...defaultAppConfig, precision: 1 });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('lang');
  });
});
