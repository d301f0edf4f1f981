import type { Language } from '@sb/contract';
import { languageFromBrowser, parseLanguage } from '@sb/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { browserStorages, storageKeys } from '../storage';
import { htmlLanguageTags, resources } from './resources';

/**
 * SPEC §5: the stored choice wins; otherwise the browser's language (its first two letters,
 * with traditional-script Chinese mapped to zht).
 */
export function initialLanguage(stored: string | null, browserTag: string | undefined): Language {
  return stored ? parseLanguage(stored) : languageFromBrowser(browserTag);
}

export const i18n = i18next.createInstance();

export function setupI18n(): void {
  const stored = browserStorages().local.getItem(storageKeys.language);
  const language = initialLanguage(stored, navigator.language);
  void i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'zh',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = htmlLanguageTags[language];
}

export function currentLanguage(): Language {
  return parseLanguage(i18n.language);
}

/** Shows the app in a language and remembers it under SPEC's `lang` key. */
export function applyLanguage(language: Language): void {
  browserStorages().local.setItem(storageKeys.language, language);
  document.documentElement.lang = htmlLanguageTags[language];
  if (i18n.language !== language) void i18n.changeLanguage(language);
}
