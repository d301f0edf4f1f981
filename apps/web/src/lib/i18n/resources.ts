import { errorCatalogue, type Language } from '@sb/contract';

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

/**
 * Every tree of texts: one module per feature and language, `<feature>-i18n.<language>.ts`
 * beside the feature's code, exporting `texts` under namespaces of its own (top-level keys no
 * other tree uses); the Chinese ones typed by the English one's `Texts`. A page loads only its
 * language's trees, which the build puts in one chunk per language (vite.config.ts).
 */
const textModules = import.meta.glob<{ texts: object }>('../../**/*i18n.{en,zh,zht}.ts');

export type Translation = Record<string, unknown>;

/** Every text of one language: the features' trees and the error catalogue's. */
export async function loadTranslation(language: Language): Promise<Translation> {
  const suffix = `i18n.${language}.ts`;
  const trees = await Promise.all(
    Object.entries(textModules)
      .filter(([path]) => path.endsWith(suffix))
      .map(([, load]) => load()),
  );
  return Object.assign({}, ...trees.map((tree) => tree.texts), errorTexts(language));
}

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
