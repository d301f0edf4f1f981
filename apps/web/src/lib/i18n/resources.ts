import { errorCatalogue, type Language } from '@sb/contract';
import { betslipTexts } from '../../features/betslip/i18n';
import { noticesTexts } from '../../features/notices/i18n';
import { recordsTexts } from '../../features/records/i18n';
import { sportsTexts } from '../../features/sports/i18n';
import { walletTexts } from '../../features/wallet/i18n';
import { en, type Translation } from './locales/en';
import { zh } from './locales/zh';
import { zht } from './locales/zht';

type ErrorTexts = Record<string, Record<string, string>>;

/**
 * The error catalogue's texts as i18n resources, taken from the contract so a new server code
 * is translated the moment it is added there. Keys look like `error.loginRequired`.
 */
export function errorTexts(language: Language): ErrorTexts {
  const texts: ErrorTexts = {};
  for (const entry of Object.values(errorCatalogue)) {
    const [namespace, name] = entry.key.split('.');
    if (!namespace || !name) continue;
    texts[namespace] = { ...texts[namespace], [name]: entry[language] };
  }
  return texts;
}

const uiTexts: Record<Language, Translation> = { en, zh, zht };

/**
 * A feature's own texts: one tree per language, the Chinese ones shaped like the English one.
 * Each feature keeps its texts beside its code under namespaces of its own (top-level keys no
 * other tree uses), and is listed in `featureTexts` below.
 */
export type FeatureTexts<T extends object> = Record<Language, T>;

const featureTexts: FeatureTexts<object>[] = [
  sportsTexts,
  betslipTexts,
  recordsTexts,
  walletTexts,
  noticesTexts,
];

export function translationFor(language: Language): Translation & ErrorTexts {
  const features = featureTexts.map((texts) => texts[language]);
  return Object.assign({}, uiTexts[language], ...features, errorTexts(language)) as Translation &
    ErrorTexts;
}

export const resources = {
  en: { translation: translationFor('en') },
  zh: { translation: translationFor('zh') },
  zht: { translation: translationFor('zht') },
};

/** Names shown in the language picker, each in its own language. */
export const languageNames: Record<Language, string> = {
  zh: '简体中文',
  zht: '繁體中文',
  en: 'English',
};

/** BCP 47 tags for the document's lang attribute. */
export const htmlLanguageTags: Record<Language, string> = {
  zh: 'zh-CN',
  zht: 'zh-TW',
  en: 'en',
};
