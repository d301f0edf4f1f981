import type { Language } from '@sb/contract';
import type { Fixture, League, LocalNames } from '@sb/feed-sim';

/**
 * The feed's names in the viewer's language: English is the feed's own, and Chinese forms come
 * with the names that have them (a name without one stays English). A localized fixture or
 * league is made once per object and language, so the wire forms built from it are cached as
 * the English ones are.
 */

export function nameIn(name: string, names: LocalNames | undefined, language: Language): string {
  return language === 'en' || !names ? name : names[language];
}

type Localized<T extends object> = WeakMap<T, Partial<Record<Language, T>>>;
const leagues: Localized<League> = new WeakMap();
const fixtures: Localized<Fixture> = new WeakMap();

function cachedIn<T extends object>(
  cache: Localized<T>,
  value: T,
  language: Language,
  make: () => T,
): T {
  if (language === 'en') return value;
  let forms = cache.get(value);
  if (!forms) {
    forms = {};
    cache.set(value, forms);
  }
  forms[language] ??= make();
  return forms[language] as T;
}

export function leagueIn(league: League, language: Language): League {
  return cachedIn(leagues, league, language, () => ({
    ...league,
    name: nameIn(league.name, league.names, language),
    category: nameIn(league.category, league.categoryNames, language),
  }));
}

/** The fixture with its own, its league's and its competitors' names in `language`. */
export function fixtureIn(fixture: Fixture, language: Language): Fixture {
  return cachedIn(fixtures, fixture, language, () => ({
    ...fixture,
    name: nameIn(fixture.name, fixture.names, language),
    league: leagueIn(fixture.league, language),
    competitors: fixture.competitors.map((competitor) => ({
      ...competitor,
      name: nameIn(competitor.name, competitor.names, language),
    })),
  }));
}

/** Every form of a fixture's names, for searches in any language. */
export function namesOfEveryLanguage(name: string, names: LocalNames | undefined): string[] {
  return names ? [name, names.zh, names.zht] : [name];
}
