import type { Language } from '@sb/contract';

/**
 * The provider's pay page with the page's language on it, as the site sends `lang` with every
 * call (SPEC §3 client info), so the payer reads the page in the language they chose here. A
 * relative address stays relative; one on another host keeps its host.
 */
export function payPageUrl(url: string, language: Language, pageOrigin: string): string {
  const target = new URL(url, pageOrigin);
  target.searchParams.set('lang', language);
  if (target.origin !== new URL(pageOrigin).origin) return target.href;
  return `${target.pathname}${target.search}${target.hash}`;
}
