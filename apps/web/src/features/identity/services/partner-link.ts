import { type Language, languages } from '@sb/contract';
import { languageFromBrowser } from '@sb/domain';

/**
 * A partner's link to the site (SPEC §2, §7, §8), either way a partner can sign its player in:
 * with the signed authToken of `/open/member/login`, or with a one-time passcode its server
 * obtained. `language` is the link's `lang` when it names one of the site's languages.
 */
export type PartnerLink =
  | {
      kind: 'authToken';
      authToken: string;
      principal: string;
      channel: string;
      currencyCode?: string;
      siteNo?: string;
      language: Language | null;
    }
  | { kind: 'passcode'; passcode: string; siteNo?: string; language: Language | null };

export type PartnerLinkKind = PartnerLink['kind'];

/**
 * The query of a page address as SPEC's client reads it: before the hash (`/?a=1#/index`),
 * after it (`/#/index?a=1`), or both, where a parameter given twice takes the value after the
 * hash, the route's own query.
 */
export function addressParameters(search: string, hash: string): URLSearchParams {
  const merged = new URLSearchParams(search);
  const hashQueryStart = hash.indexOf('?');
  if (hashQueryStart >= 0) {
    for (const [name, value] of new URLSearchParams(hash.slice(hashQueryStart + 1)))
      merged.set(name, value);
  }
  return merged;
}

/** The link's `lang` as one of the site's languages (`en-US` reads as en), or null. */
export function linkLanguage(value: string | null): Language | null {
  if (!value) return null;
  if ((languages as readonly string[]).includes(value)) return value as Language;
  const lower = value.toLowerCase();
  return lower.startsWith('zh') || lower.startsWith('en') ? languageFromBrowser(lower) : null;
}

/** The fields whose value is not empty: an empty parameter means the partner sent none. */
function present<T extends Record<string, string | null>>(fields: T) {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null && value !== ''),
  ) as { [K in keyof T]?: string };
}

/**
 * The partner link in a page address, or null for an ordinary visit. A `passcode` parameter
 * makes a passcode link, else the token parameter (`authToken`, or the name the app
 * configuration's `utk` gives it) an authToken link; either counts even when empty or
 * incomplete, so a broken link is refused by the server with a message that names what is
 * missing, and the embedding page hears of it.
 */
export function readPartnerLink(
  search: string,
  hash: string,
  tokenParameter = 'authToken',
): PartnerLink | null {
  const parameters = addressParameters(search, hash);
  const language = linkLanguage(parameters.get('lang'));
  const siteNo = present({ siteNo: parameters.get('siteNo') });
  if (parameters.has('passcode')) {
    return { kind: 'passcode', passcode: parameters.get('passcode') ?? '', ...siteNo, language };
  }
  if (!parameters.has(tokenParameter)) return null;
  return {
    kind: 'authToken',
    authToken: parameters.get(tokenParameter) ?? '',
    principal: parameters.get('principal') ?? '',
    channel: parameters.get('channel') ?? '',
    ...present({ currencyCode: parameters.get('currencyCode') }),
    ...siteNo,
    language,
  };
}
