import type { Language } from '@sb/contract';
import { defaultLanguage, languageFromBrowser, parseLanguage } from '@sb/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { browserStorages, storageKeys } from '../storage';
import { htmlLanguageTags, loadTranslation } from './resources';

/**
 * SPEC §5: the stored choice wins; otherwise the browser's language (its first two letters,
 * with traditional-script Chinese mapped to zht); otherwise the default display language, which
 * the app configuration's `lang` sets (zh unless it says otherwise).
 */
export function initialLanguage(
  stored: string | null,
  browserTag: string | undefined,
  defaultDisplayLanguage: Language = defaultLanguage,
): Language {
  if (stored && isLanguage(stored)) return stored;
  return languageFromBrowser(browserTag, defaultDisplayLanguage);
}

const isLanguage = (value: string): value is Language => parseLanguage(value) === value;

export const i18n = i18next.createInstance();

/**
 * Starts the translations in the language of `initialLanguage` (see there), once its texts
 * have loaded: the first render waits for them.
 */
export async function setupI18n(defaultDisplayLanguage: Language = defaultLanguage): Promise<void> {
  const stored = browserStorages().local.getItem(storageKeys.language);
  const language = initialLanguage(stored, navigator.language, defaultDisplayLanguage);
  const translation = await loadTranslation(language);
  await i18n.use(initReactI18next).init({
    resources: { [language]: { translation } },
    lng: language,
    // Every language has every key (a unit test checks), so none falls back to another.
    fallbackLng: false,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = htmlLanguageTags[language];
}

export function currentLanguage(): Language {
  return parseLanguage(i18n.language);
}

/**
 * Shows the app in a language, loading its texts on the first switch to it, and remembers it
 * under SPEC's `lang` key. The page stays in the language it shows until the texts are in.
 */
export async function applyLanguage(language: Language): Promise<void> {
  browserStorages().local.setItem(storageKeys.language, language);
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await loadTranslation(language));
  }
  document.documentElement.lang = htmlLanguageTags[language];
  if (i18n.language !== language) await i18n.changeLanguage(language);
}
