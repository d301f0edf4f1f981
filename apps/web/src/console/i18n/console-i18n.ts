import { findError, type Language } from '@sb/contract';
import { languageFromBrowser, parseLanguage } from '@sb/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localErrorCodes, OperatorApiError } from '../api/operator-api';
import { type ConsoleTexts, en } from './en';
import { zh } from './zh';
import { zht } from './zht';

export const consoleTexts: Record<Language, ConsoleTexts> = { en, zh, zht };

/**
 * Language names and document tags, kept here rather than taken from the member site's i18n
 * module, which would pull the member site's whole text trees into the console's bundle.
 */
export const languageNames: Record<Language, string> = {
  zh: '简体中文',
  zht: '繁體中文',
  en: 'English',
};
const htmlLanguageTags: Record<Language, string> = { zh: 'zh-CN', zht: 'zh-TW', en: 'en' };

/** The operator's language choice, apart from the member site's `lang`. */
export const consoleLanguageKey = 'sbConsoleLang';

/** The console's own i18next instance: none of the member site's texts, none of its state. */
export const consoleI18n = i18next.createInstance();

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(consoleLanguageKey);
  } catch {
    return null;
  }
}

export function setupConsoleI18n(): void {
  const stored = storedLanguage();
  const language = stored ? parseLanguage(stored) : languageFromBrowser(navigator.language);
  void consoleI18n.use(initReactI18next).init({
    resources: {
      en: { translation: en },
      zh: { translation: zh },
      zht: { translation: zht },
    },
    lng: language,
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = htmlLanguageTags[language];
}

export function applyConsoleLanguage(language: Language): void {
  try {
    window.localStorage.setItem(consoleLanguageKey, language);
  } catch {
    // A browser that refuses storage still switches; the choice just is not remembered.
  }
  document.documentElement.lang = htmlLanguageTags[language];
  void consoleI18n.changeLanguage(language);
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * An error as the operator reads it: the catalogue's text in the console's language with the
 * code, and the server's own message after it when that says more (it names the bad field of a
 * 1000, or the missing member of a 1002).
 */
export function describeError(error: unknown, language: Language, t: Translate): string {
  if (!(error instanceof OperatorApiError)) return t('errors.unknown');
  const localKeys: Record<number, string> = {
    [localErrorCodes.network]: 'errors.network',
    [localErrorCodes.unexpectedAnswer]: 'errors.unexpectedAnswer',
    [localErrorCodes.sessionEnded]: 'errors.sessionEnded',
  };
  const localKey = localKeys[error.code];
  if (localKey) return t(localKey);
  const entry = findError(error.code);
  const text = entry?.[language] ?? t('errors.unknown');
  // The server answers in one language; its message adds something only when it is not just
  // the catalogue's text again.
  const catalogueTexts: string[] = entry ? [entry.en, entry.zh, entry.zht] : [];
  const isCatalogueText = catalogueTexts.includes(error.serverMessage);
  const detail = error.serverMessage && !isCatalogueText ? `: ${error.serverMessage}` : '';
  return t('errors.withCode', { text: `${text}${detail}`, code: error.code });
}
