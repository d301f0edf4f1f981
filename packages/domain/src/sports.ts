import type { Language } from '@sb/contract';

/** A sport of the book (DESIGN §6), with its name in each site language. */
export interface SportEntry {
  sportId: number;
  virtual: boolean;
  names: Record<Language, string>;
}

/**
 * DESIGN §6 sports in menu order, named in each site language: the server's sports menu
 * (`sportsType`) and every page or desk that names a sport by its id read these names.
 */
export const sportCatalogue: readonly SportEntry[] = [
  {
    sportId: 1,
    virtual: false,
    names: { en: 'Football', zh: '足球', zht: '足球' },
  },
  {
    sportId: 2,
    virtual: false,
    names: { en: 'Basketball', zh: '篮球', zht: '籃球' },
  },
  { sportId: 3, virtual: false, names: { en: 'Tennis', zh: '网球', zht: '網球' } },
  {
    sportId: 4,
    virtual: false,
    names: { en: 'Volleyball', zh: '排球', zht: '排球' },
  },
  {
    sportId: 5,
    virtual: false,
    names: { en: 'Ice hockey', zh: '冰球', zht: '冰球' },
  },
  {
    sportId: 20,
    virtual: false,
    names: { en: 'Table tennis', zh: '乒乓球', zht: '乒乓球' },
  },
  {
    sportId: 23,
    virtual: false,
    names: { en: 'Badminton', zh: '羽毛球', zht: '羽毛球' },
  },
  {
    sportId: 31,
    virtual: false,
    names: { en: 'Esports', zh: '电子竞技', zht: '電子競技' },
  },
  {
    sportId: 1000,
    virtual: false,
    names: { en: 'Outrights', zh: '冠军', zht: '冠軍' },
  },
  {
    sportId: 10000001,
    virtual: true,
    names: { en: 'Virtual football', zh: '虚拟足球', zht: '虛擬足球' },
  },
  {
    sportId: 10000002,
    virtual: true,
    names: { en: 'Virtual basketball', zh: '虚拟篮球', zht: '虛擬籃球' },
  },
  {
    sportId: 10000005,
    virtual: true,
    names: { en: 'Virtual racing', zh: '虚拟赛马', zht: '虛擬賽馬' },
  },
];

const sportsById = new Map(sportCatalogue.map((sport) => [sport.sportId, sport]));

/** A sport of the catalogue by its id; undefined for one it does not know. */
export function findSport(sportId: number): SportEntry | undefined {
  return sportsById.get(sportId);
}

/** A sport's name in `language`, or `#<id>` for a sport the catalogue does not know. */
export function sportNameOf(sportId: number, language: Language): string {
  return findSport(sportId)?.names[language] ?? `#${sportId}`;
}
