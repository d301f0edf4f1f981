import { describe, expect, it } from 'vitest';
import { SPORTS } from '../catalogue';
import {
  CLUB_PATTERNS,
  ESPORTS_WORDS,
  FIRST_NAMES,
  HORSE_WORDS,
  LAST_NAMES,
  NICKNAMES,
  TOWNS,
  WOMEN_FIRST_NAMES,
} from '../names';
import type { NameBook } from './name-book';
import { ZH_NAMES } from './zh';
import { ZHT_NAMES } from './zht';

const leagues = SPORTS.flatMap((sport) => sport.leagues);

/** The English words of each pool, drawn from the world itself: what a book must translate. */
const WORDS: Record<keyof NameBook, ReadonlySet<string>> = {
  towns: new Set(Object.values(TOWNS).flat()),
  clubPatterns: new Set([
    ...Object.values(CLUB_PATTERNS).flat(),
    ...leagues.flatMap((def) => (def.names.kind === 'club' ? (def.names.patterns ?? []) : [])),
  ]),
  nicknames: new Set(NICKNAMES),
  firstNames: new Set([...FIRST_NAMES, ...WOMEN_FIRST_NAMES]),
  lastNames: new Set(LAST_NAMES),
  esportsWords: new Set([...ESPORTS_WORDS.first, ...ESPORTS_WORDS.second]),
  horseWords: new Set([...HORSE_WORDS.first, ...HORSE_WORDS.second]),
  leagues: new Set(leagues.map((def) => def.name)),
  categories: new Set(leagues.map((def) => def.category)),
};
const POOLS = Object.keys(WORDS) as (keyof NameBook)[];

/** The world's words a book lacks, and the book's words the world has not: "pool: English". */
function gaps(book: NameBook): { missing: string[]; extra: string[] } {
  const missing: string[] = [];
  const extra: string[] = [];
  for (const pool of POOLS) {
    const entries = book[pool];
    for (const word of WORDS[pool]) {
      if (!Object.hasOwn(entries, word)) missing.push(`${pool}: ${word}`);
    }
    for (const word of Object.keys(entries)) {
      if (!WORDS[pool].has(word)) extra.push(`${pool}: ${word}`);
    }
  }
  return { missing, extra };
}

const entries = (book: NameBook) =>
  POOLS.flatMap((pool) =>
    Object.entries(book[pool]).map(([english, local]) => ({ pool, english, local })),
  );

/** The Latin letters Chinese sports media keep: club and league abbreviations, tour names. */
const KEPT_LATIN = new Set(
  (
    'A A1 AC ACB AS ATP AZS B BK CBA CS2 EHC F FC HC ITF J J2 K KAA KBL KV LNB NBB PS RSC SC SHL ' +
    'SV TT U20 U21 USL V WE WTA WTA125'
  ).split(' '),
);

/**
 * Characters written one way in Simplified Chinese and another in Traditional: a spot check
 * that the Traditional book is in Traditional characters and the Simplified one is not.
 */
const SIMPLIFIED_TRADITIONAL = [
  '联聯',
  '国國',
  '乐樂',
  '兰蘭',
  '尔爾',
  '罗羅',
  '维維',
  '亚亞',
  '马馬',
  '伦倫',
  '顿頓',
  '苏蘇',
  '贝貝',
  '费費',
  '龙龍',
  '鸟鳥',
  '长長',
  '岛島',
  '门門',
  '东東',
  '达達',
  '诺諾',
  '纳納',
  '卢盧',
  '萨薩',
  '赛賽',
  '级級',
  '竞競',
  '体體',
  '会會',
  '篮籃',
  '电電',
  '虚虛',
  '汉漢',
  '泽澤',
  '韩韓',
  '热熱',
  '凯凱',
  '劳勞',
  '莱萊',
  '奥奧',
  '图圖',
  '韦韋',
  '圣聖',
  '库庫',
  '开開',
];
const SIMPLIFIED = new Set(SIMPLIFIED_TRADITIONAL.map((pair) => pair.charAt(0)));
const TRADITIONAL = new Set(SIMPLIFIED_TRADITIONAL.map((pair) => pair.charAt(1)));

describe.each([
  ['Simplified Chinese', ZH_NAMES],
  ['Traditional Chinese', ZHT_NAMES],
])('the %s name book', (_, book) => {
  it('has an entry for every word of the world and none beyond them', () => {
    expect(gaps(book)).toEqual({ missing: [], extra: [] });
  });

  it('keeps exactly one town in every club pattern, and none elsewhere', () => {
    for (const { pool, english, local } of entries(book)) {
      const towns = local.split('{t}').length - 1;
      expect(towns, `${pool}: ${english} → ${local}`).toBe(pool === 'clubPatterns' ? 1 : 0);
    }
  });

  it('translates every word: never empty, never the English, no lowercase Latin', () => {
    for (const { pool, english, local } of entries(book)) {
      const label = `${pool}: ${english} → ${local}`;
      const text = local.replaceAll('{t}', '');
      // A club called by its town alone is the town alone in any language.
      if (english !== '{t}') {
        expect(text, label).not.toBe('');
        expect(local, label).not.toBe(english);
      }
      expect(text, label).not.toMatch(/[a-z]/);
      for (const latin of text.match(/[A-Z0-9]+/g) ?? []) {
        if (!/^\d+$/.test(latin)) expect(KEPT_LATIN, label).toContain(latin);
      }
      // The composing code joins the parts of a name; an entry carries no space or dot.
      expect(text, label).not.toMatch(/[\s·・.]/u);
    }
  });
});

describe('the two books', () => {
  it('write Simplified and Traditional characters, each in its own book', () => {
    for (const { pool, english, local } of entries(ZH_NAMES)) {
      const label = `${pool}: ${english} → ${local}`;
      const traditional = ZHT_NAMES[pool][english] ?? '';
      expect(
        [...local].filter((c) => TRADITIONAL.has(c)),
        label,
      ).toEqual([]);
      expect(
        [...traditional].filter((c) => SIMPLIFIED.has(c)),
        label,
      ).toEqual([]);
      if ([...local].some((c) => SIMPLIFIED.has(c))) expect(traditional, label).not.toBe(local);
    }
  });

  it('spot-check a few names as the media write them', () => {
    expect(ZH_NAMES.towns.Barnsley).toBe('巴恩斯利');
    expect(ZHT_NAMES.towns.Barnsley).toBe('巴恩斯利');
    expect(ZH_NAMES.towns.Blackburn).toBe('布莱克本');
    expect(ZHT_NAMES.towns.Blackburn).toBe('布萊克本');
    expect(ZH_NAMES.clubPatterns['{t} United']).toBe('{t}联');
    expect(ZHT_NAMES.clubPatterns['{t} United']).toBe('{t}聯');
    expect(ZH_NAMES.clubPatterns['Real {t}']).toBe('皇家{t}');
    expect(ZH_NAMES.categories.England).toBe('英格兰');
    expect(ZHT_NAMES.categories.England).toBe('英格蘭');
    expect(ZH_NAMES.categories.Australia).toBe('澳大利亚');
    expect(ZHT_NAMES.categories.Australia).toBe('澳洲');
    expect(ZH_NAMES.lastNames.Park).toBe('朴');
    expect(ZHT_NAMES.lastNames.Park).toBe('朴');
  });
});

describe('the completeness check', () => {
  it('names an entry that a book lacks, and one that it has beyond the world', () => {
    const { Barnsley: _, ...towns } = ZH_NAMES.towns;
    const book: NameBook = {
      ...ZH_NAMES,
      towns,
      nicknames: { ...ZH_NAMES.nicknames, Owls2: '枭' },
    };
    expect(gaps(book)).toEqual({ missing: ['towns: Barnsley'], extra: ['nicknames: Owls2'] });
  });
});
