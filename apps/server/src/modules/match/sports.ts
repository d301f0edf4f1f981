import type { Language } from '@sb/contract';
import { SportIds } from '@sb/feed-sim';

/** DESIGN §6 sports in menu order, with their names in each site language. */
interface SportEntry {
  sportId: number;
  virtual: boolean;
  names: Record<Language, string>;
}

export const sportCatalogue: readonly SportEntry[] = [
  {
    sportId: SportIds.Football,
    virtual: false,
    names: { en: 'Football', zh: '足球', zht: '足球' },
  },
  {
    sportId: SportIds.Basketball,
    virtual: false,
    names: { en: 'Basketball', zh: '篮球', zht: '籃球' },
  },
  { sportId: SportIds.Tennis, virtual: false, names: { en: 'Tennis', zh: '网球', zht: '網球' } },
  {
    sportId: SportIds.Volleyball,
    virtual: false,
    names: { en: 'Volleyball', zh: '排球', zht: '排球' },
  },
  {
    sportId: SportIds.IceHockey,
    virtual: false,
    names: { en: 'Ice hockey', zh: '冰球', zht: '冰球' },
  },
  {
    sportId: SportIds.TableTennis,
    virtual: false,
    names: { en: 'Table tennis', zh: '乒乓球', zht: '乒乓球' },
  },
  {
    sportId: SportIds.Badminton,
    virtual: false,
    names: { en: 'Badminton', zh: '羽毛球', zht: '羽毛球' },
  },
  {
    sportId: SportIds.Esports,
    virtual: false,
    names: { en: 'Esports', zh: '电子竞技', zht: '電子競技' },
  },
  {
    sportId: SportIds.Outrights,
    virtual: false,
    names: { en: 'Outrights', zh: '冠军', zht: '冠軍' },
  },
  {
    sportId: SportIds.VirtualFootball,
    virtual: true,
    names: { en: 'Virtual football', zh: '虚拟足球', zht: '虛擬足球' },
  },
  {
    sportId: SportIds.VirtualBasketball,
    virtual: true,
    names: { en: 'Virtual basketball', zh: '虚拟篮球', zht: '虛擬籃球' },
  },
  {
    sportId: SportIds.VirtualRacing,
    virtual: true,
    names: { en: 'Virtual racing', zh: '虚拟赛马', zht: '虛擬賽馬' },
  },
];

const sportsById = new Map(sportCatalogue.map((sport) => [sport.sportId, sport]));

export function findSport(sportId: number): SportEntry | undefined {
  return sportsById.get(sportId);
}

/** Basketball's plays of a period (halves, quarters): the second basketball table. */
export const basketballPeriodPlays: ReadonlySet<number> = new Set([
  4, 5, 7, 11,
  // Each quarter's handicap and total, the second half's handicap and total.
  40, 41, 42, 43,
]);
