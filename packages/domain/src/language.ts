import type { Language } from '@sb/contract';

/** SPEC §5: the display language defaults to zh; zht and en are also offered. */
export const defaultLanguage: Language = 'zh';

/**
 * The language to show for a browser language tag. SPEC takes the tag's first two letters;
 * Chinese written in traditional script (zh-TW, zh-HK, zh-Hant) maps to zht. A language the site
 * does not offer gets `fallback`: the default display language (zh unless the site says otherwise).
 */
export function languageFromBrowser(
  tag: string | undefined,
  fallback: Language = defaultLanguage,
): Language {
  const lower = (tag ?? '').toLowerCase();
  if (/^zh[-_](tw|hk|mo|hant)/.test(lower)) return 'zht';
  const firstTwo = lower.slice(0, 2);
  if (firstTwo === 'zh') return 'zh';
  if (firstTwo === 'en') return 'en';
  return fallback;
}

/** Reads a language sent by a client, falling back to the default for anything unknown. */
export function parseLanguage(value: string | undefined): Language {
  return value === 'zh' || value === 'zht' || value === 'en' ? value : defaultLanguage;
}
