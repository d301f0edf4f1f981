import type { LocalNames } from '../messages';
import type { NameBook } from './name-book';
import { ZH_NAMES } from './zh';
import { ZHT_NAMES } from './zht';

/**
 * The world's names in Chinese, made the way the English ones are (a town in a club pattern, a
 * first and a last name, two words), from each language's book of words. A name any of whose
 * words a book lacks has no Chinese form, and the English one is shown.
 */

type Make = (book: NameBook, language: keyof LocalNames) => string | undefined;

function inBoth(make: Make): LocalNames | undefined {
  const zh = make(ZH_NAMES, 'zh');
  const zht = make(ZHT_NAMES, 'zht');
  return zh && zht ? { zh, zht } : undefined;
}

/** Names written family name first, with no dot between, when both parts are East Asian. */
const EAST_ASIAN_FIRST = new Set(['Kenji', 'Yuki', 'Wei', 'Ming', 'Fang', 'Yuna', 'Mei', 'Ayumi']);
const EAST_ASIAN_LAST = new Set([
  'Tanaka',
  'Yamamoto',
  'Chen',
  'Kim',
  'Nakamura',
  'Park',
  'Sato',
  'Liu',
]);

export const localNames = {
  club(pattern: string, town: string): LocalNames | undefined {
    return inBoth((book) => {
      const chinese = book.clubPatterns[pattern];
      const place = book.towns[town];
      return chinese && place ? chinese.replace('{t}', place) : undefined;
    });
  },
  nickname(town: string, nickname: string): LocalNames | undefined {
    return inBoth((book) => {
      const place = book.towns[town];
      const word = book.nicknames[nickname];
      return place && word ? `${place}${word}` : undefined;
    });
  },
  player(first: string, last: string): LocalNames | undefined {
    const familyFirst = EAST_ASIAN_FIRST.has(first) && EAST_ASIAN_LAST.has(last);
    return inBoth((book) => {
      const given = book.firstNames[first];
      const family = book.lastNames[last];
      if (!given || !family) return undefined;
      return familyFirst ? `${family}${given}` : `${given}·${family}`;
    });
  },
  esports(first: string, second: string): LocalNames | undefined {
    return inBoth((book) => {
      const a = book.esportsWords[first];
      const b = book.esportsWords[second];
      return a && b ? `${a}${b}` : undefined;
    });
  },
  horse(first: string, second: string): LocalNames | undefined {
    return inBoth((book) => {
      const a = book.horseWords[first];
      const b = book.horseWords[second];
      return a && b ? `${a}${b}` : undefined;
    });
  },
  league(name: string): LocalNames | undefined {
    return inBoth((book) => book.leagues[name]);
  },
  category(name: string): LocalNames | undefined {
    return inBoth((book) => book.categories[name]);
  },
  /** "Home vs Away", as Chinese sports pages write a fixture too. */
  match(home: LocalNames | undefined, away: LocalNames | undefined): LocalNames | undefined {
    if (!home || !away) return undefined;
    return { zh: `${home.zh} vs ${away.zh}`, zht: `${home.zht} vs ${away.zht}` };
  },
  race(league: LocalNames | undefined, raceNumber: number): LocalNames | undefined {
    if (!league) return undefined;
    return { zh: `${league.zh} · 第${raceNumber}场`, zht: `${league.zht} · 第${raceNumber}場` };
  },
  outright(league: LocalNames | undefined): LocalNames | undefined {
    if (!league) return undefined;
    return { zh: `${league.zh} — 冠军`, zht: `${league.zht} — 冠軍` };
  },
};
