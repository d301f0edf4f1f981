import { errorCatalogue, languages } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { initialLanguage } from './i18n';
import { loadTranslation } from './resources';

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

const resources = Object.fromEntries(
  await Promise.all(
    languages.map(async (language) => [language, { translation: await loadTranslation(language) }]),
  ),
) as Record<(typeof languages)[number], { translation: Record<string, unknown> }>;

describe('translations', () => {
  it("load each language alone, every feature's texts with it", () => {
    // Every namespace of every feature's tree, found as the loader finds the trees: a tree the
    // loader missed would lose its namespaces, and a new feature's texts are checked unlisted.
    const englishTrees = import.meta.glob<{ texts: object }>('../../**/*i18n.en.ts', {
      eager: true,
    });
    const namespaces = Object.values(englishTrees).flatMap((tree) => Object.entries(tree.texts));
    expect(namespaces.map(([name]) => name)).toEqual(
      expect.arrayContaining(['brand', 'sportsBoard', 'walletUi']),
    );
    for (const language of languages) {
      for (const [namespace, english] of namespaces) {
        expect(lookup(resources[language].translation, namespace)).toBeTypeOf(typeof english);
      }
    }
    expect(lookup(resources.zh.translation, 'walletUi.open')).toBe('钱包');
  });

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

  it("shows the configured default display language when the browser's is not offered", () => {
    expect(initialLanguage(null, 'pt-BR', 'en')).toBe('en');
    expect(initialLanguage(null, undefined, 'zht')).toBe('zht');
    // The configuration is a default: the browser's language and a stored choice come first.
    expect(initialLanguage(null, 'zh-CN', 'en')).toBe('zh');
    expect(initialLanguage('zht', 'en-US', 'en')).toBe('zht');
    // A stored value that is no language is no choice.
    expect(initialLanguage('klingon', 'fr-FR', 'en')).toBe('en');
  });
});
