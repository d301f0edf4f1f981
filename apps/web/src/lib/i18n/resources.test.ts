import { errorCatalogue, languages } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { initialLanguage } from './i18n';
import { resources } from './resources';

function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keyPaths(child, prefix ? `${prefix}.${key}` : key),
  );
}

function lookup(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => {
    return typeof node === 'object' && node !== null
      ? (node as Record<string, unknown>)[part]
      : undefined;
  }, tree);
}

describe('translations', () => {
  it('translate every error catalogue key in every language, with the catalogue text', () => {
    for (const language of languages) {
      for (const entry of Object.values(errorCatalogue)) {
        expect(lookup(resources[language].translation, entry.key)).toBe(entry[language]);
      }
    }
  });

  it('give zh and zht exactly the English keys', () => {
    const englishKeys = keyPaths(resources.en.translation).sort();
    expect(keyPaths(resources.zh.translation).sort()).toEqual(englishKeys);
    expect(keyPaths(resources.zht.translation).sort()).toEqual(englishKeys);
  });

  it('include the saved-account limit message', () => {
    expect(lookup(resources.en.translation, 'loginPanel.Max10Account')).toBeTruthy();
  });
});

describe('initialLanguage', () => {
  it('prefers the stored choice', () => {
    expect(initialLanguage('en', 'zh-CN')).toBe('en');
  });

  it('falls back to the browser language', () => {
    expect(initialLanguage(null, 'en-GB')).toBe('en');
    expect(initialLanguage(null, 'zh-TW')).toBe('zht');
    expect(initialLanguage(null, 'fr-FR')).toBe('zh');
  });
});
