/**
 * What a market and each of its outcomes are called, per sport, as a bettor says them: the
 * member site turns these descriptions into words in the member's language. The plays of a
 * sport are the feed's (a football play 7 is total corners, an ice hockey play 7 the winner
 * after overtime), so a name is always looked up with the sport.
 */

/** The kinds of sport whose markets are named alike. */
export type MarketFamily =
  | 'football'
  | 'hockey'
  | 'basketball'
  | 'tennis'
  | 'volleyball'
  | 'rally'
  | 'esports'
  | 'outright'
  | 'race';

const familyBySport: ReadonlyMap<number, MarketFamily> = new Map([
  [1, 'football'],
  [10000001, 'football'],
  [5, 'hockey'],
  [2, 'basketball'],
  [10000002, 'basketball'],
  [3, 'tennis'],
  [4, 'volleyball'],
  [20, 'rally'],
  [23, 'rally'],
  [31, 'esports'],
  [1000, 'outright'],
  [10000005, 'race'],
]);

/** A sport the table does not know is named like football, the most general family. */
export function marketFamilyOf(sportId: number): MarketFamily {
  return familyBySport.get(sportId) ?? 'football';
}

/** The groups of a match's markets, in the order the detail shows them. */
export const marketGroups = [
  'main',
  'handicap',
  'totals',
  'periods',
  'corners',
  'cards',
  'specials',
] as const;
export type MarketGroup = (typeof marketGroups)[number];

/** What a part of a match is called: football halves, hockey periods, sets (a tennis set has a word of its own in Chinese)… */
export type PeriodWord = 'half' | 'period' | 'quarter' | 'tennisSet' | 'set' | 'game' | 'map';
/** What is counted: goals, points, games, rounds. */
export type UnitWord = 'goals' | 'points' | 'games' | 'rounds';

/**
 * A market's name: a key of the member site's play names with the words it takes ("1st
 * {{period}} total {{unit}}"), and the group it belongs to.
 */
export interface PlayName {
  key: string;
  group: MarketGroup;
  period?: PeriodWord;
  unit?: UnitWord;
  /** The numbered part of the match the market is about ("2nd Quarter", "Map 2"). */
  nth?: { period: PeriodWord; number: number };
  /** A game's number in its set (tennis's next game). */
  game?: number;
}

/**
 * A play's entry: its name, and for a play offered on several parts of a match (a quarter, a
 * map, a game) the specifier that numbers the part (`quarternr=2`), read into `nth` or `game`.
 */
type PlayEntry = PlayName & {
  scope?: { key: string; period: PeriodWord } | { key: 'gamenr'; game: true; period: PeriodWord };
};

type PlayTable = Readonly<Record<number, PlayEntry>>;

function goalPlays(period: PeriodWord, isHockey: boolean): PlayTable {
  return {
    1: { key: 'asianHandicap', group: 'handicap' },
    2: { key: 'asianTotal', group: 'totals', unit: 'goals' },
    3: { key: isHockey ? 'regularTimeResult' : 'fullTimeResult', group: 'main' },
    4: { key: 'firstPeriodAsianHandicap', group: 'periods', period },
    5: { key: 'firstPeriodTotal', group: 'periods', period, unit: 'goals' },
    6: { key: 'oddEven', group: 'totals', unit: 'goals' },
    7: isHockey
      ? { key: 'winnerInclOvertimePenalties', group: 'main' }
      : { key: 'totalCorners', group: 'corners' },
    8: { key: 'correctScore', group: 'specials' },
    9: { key: 'exactTotal', group: 'totals', unit: 'goals' },
    10: { key: 'winningMargin', group: 'specials' },
    11: { key: 'firstPeriodResult', group: 'periods', period },
    16: { key: 'handicap', group: 'main' },
    18: { key: 'total', group: 'main', unit: 'goals' },
    ...(isHockey ? hockeyExtraPlays : footballExtraPlays),
  };
}

/** Football's plays 20-27 (packages/feed-sim README "Plays"). */
const footballExtraPlays: PlayTable = {
  20: { key: 'bothTeamsToScore', group: 'main' },
  21: { key: 'doubleChance', group: 'main' },
  22: { key: 'drawNoBet', group: 'main' },
  23: { key: 'homeTotal', group: 'totals', unit: 'goals' },
  24: { key: 'awayTotal', group: 'totals', unit: 'goals' },
  25: { key: 'halfTimeFullTime', group: 'specials' },
  // Named with its goal's number, read from the specifiers (`goalnr=2`).
  26: { key: 'nextGoal', group: 'main' },
  27: { key: 'totalCards', group: 'cards' },
};

/** Ice hockey's play 30, the puck line (overtime and shoot-out counted). */
const hockeyExtraPlays: PlayTable = {
  30: { key: 'puckLine', group: 'main' },
};

/** The number of the goal a next-goal market is about (`goalnr=2` → "2"), or ''. */
export function goalNumberOf(specifiers: string): string {
  return /(?:^|\|)goalnr=(\d+)(?:\||$)/.exec(specifiers)?.[1] ?? '';
}

const basketballPlays: PlayTable = {
  1: { key: 'spread', group: 'handicap' },
  2: { key: 'total', group: 'totals', unit: 'points' },
  3: { key: 'moneyLine', group: 'main' },
  4: { key: 'firstPeriodSpread', group: 'periods', period: 'half' },
  5: { key: 'firstPeriodTotal', group: 'periods', period: 'half', unit: 'points' },
  6: { key: 'oddEven', group: 'totals', unit: 'points' },
  7: { key: 'firstPeriodResult', group: 'periods', period: 'quarter' },
  10: { key: 'winningMargin', group: 'specials' },
  11: { key: 'firstPeriodResult', group: 'periods', period: 'half' },
  // Quarter lines leave overtime out; the second half and team totals take it in.
  40: {
    key: 'periodSpread',
    group: 'periods',
    period: 'quarter',
    scope: { key: 'quarternr', period: 'quarter' },
  },
  41: {
    key: 'periodTotal',
    group: 'periods',
    period: 'quarter',
    unit: 'points',
    scope: { key: 'quarternr', period: 'quarter' },
  },
  42: { key: 'periodSpread', group: 'periods', period: 'half', nth: { period: 'half', number: 2 } },
  43: {
    key: 'periodTotal',
    group: 'periods',
    period: 'half',
    unit: 'points',
    nth: { period: 'half', number: 2 },
  },
  44: { key: 'homeTotal', group: 'totals', unit: 'points' },
  45: { key: 'awayTotal', group: 'totals', unit: 'points' },
};

function setPlays(period: PeriodWord, unit: UnitWord): PlayTable {
  return {
    1: { key: 'unitHandicap', group: 'handicap', unit },
    2: { key: 'total', group: 'totals', unit },
    3: { key: 'matchWinner', group: 'main' },
    4: { key: 'firstPeriodUnitHandicap', group: 'periods', period, unit },
    5: { key: 'firstPeriodTotal', group: 'periods', period, unit },
    6: { key: 'oddEven', group: 'totals', unit },
    8: { key: 'correctScoreIn', group: 'specials', period },
    9: { key: 'numberOf', group: 'specials', period },
    11: { key: 'firstPeriodWinner', group: 'periods', period },
    16: { key: 'periodHandicap', group: 'handicap', period },
  };
}

/** Tennis as people say it: set betting, a game handicap, and the next game in play. */
const tennisPlays: PlayTable = {
  ...setPlays('tennisSet', 'games'),
  1: { key: 'gameHandicap', group: 'handicap', unit: 'games' },
  8: { key: 'setBetting', group: 'specials', period: 'tennisSet' },
  46: {
    key: 'nextGame',
    group: 'main',
    scope: { key: 'gamenr', game: true, period: 'tennisSet' },
  },
};

/**
 * Esports maps by number: the first map's plays (11, 4, 5) and the later maps' (48, 49, 50) read
 * alike, "Map 1 Winner", "Map 2 Rounds Handicap"; play 16 is the match's map handicap.
 */
const mapOne = { period: 'map', number: 1 } as const;
const mapScope = { key: 'mapnr', period: 'map' } as const;
const esportsPlays: PlayTable = {
  ...setPlays('map', 'rounds'),
  4: { key: 'periodUnitHandicap', group: 'periods', period: 'map', unit: 'rounds', nth: mapOne },
  5: { key: 'periodTotal', group: 'periods', period: 'map', unit: 'rounds', nth: mapOne },
  11: { key: 'periodWinner', group: 'periods', period: 'map', nth: mapOne },
  48: { key: 'periodWinner', group: 'periods', period: 'map', scope: mapScope },
  49: {
    key: 'periodUnitHandicap',
    group: 'periods',
    period: 'map',
    unit: 'rounds',
    scope: mapScope,
  },
  50: { key: 'periodTotal', group: 'periods', period: 'map', unit: 'rounds', scope: mapScope },
};

const playsByFamily: Readonly<Record<MarketFamily, PlayTable>> = {
  football: goalPlays('half', false),
  hockey: goalPlays('period', true),
  basketball: basketballPlays,
  tennis: tennisPlays,
  volleyball: setPlays('set', 'points'),
  rally: setPlays('game', 'points'),
  esports: esportsPlays,
  outright: {
    21000: { key: 'outrightWinner', group: 'main' },
    21001: { key: 'winnerWithoutFavourite', group: 'main' },
  },
  race: {
    3: { key: 'raceWinner', group: 'main' },
    2: { key: 'winningNumberTotal', group: 'specials' },
    6: { key: 'winningNumberOddEven', group: 'specials' },
  },
};

/** A play the sport's table does not know: named by its id (`other`), among the specials. */
const unknownPlay: PlayName = { key: 'other', group: 'specials' };

/**
 * The name and group of a play of a sport. A play offered on several parts of a match takes
 * the part's number from the market's specifiers (`quarternr=2|hcp=-1.5`: the 2nd quarter).
 */
export function playNameOf(sportId: number, playId: number, specifiers = ''): PlayName {
  const entry = playsByFamily[marketFamilyOf(sportId)][playId];
  if (!entry) return unknownPlay;
  if (!entry.scope) return entry;
  const { scope, ...name } = entry;
  const number = specifierNumber(specifiers, scope.key);
  if ('game' in scope) {
    const set = specifierNumber(specifiers, 'setnr');
    return {
      ...name,
      game: number,
      ...(set > 0 ? { nth: { period: scope.period, number: set } } : {}),
    };
  }
  return { ...name, nth: { period: scope.period, number } };
}

/** A number the specifiers carry under a key (`quarternr=2` → 2); 0 when absent. */
function specifierNumber(specifiers: string, key: string): number {
  for (const part of specifiers.split('|')) {
    if (part.startsWith(`${key}=`)) return Number(part.slice(key.length + 1)) || 0;
  }
  return 0;
}

/** The part of a market's specifiers that names its part of the match, without the line. */
export function scopeOf(specifiers: string): string {
  return specifiers
    .split('|')
    .filter((part) => !part.startsWith('hcp=') && !part.startsWith('total='))
    .join('|');
}

/**
 * The kinds of outcome name. `home`/`away`/`draw` name a side (with the option's line when the
 * market has one: "Home -0.25"), `over`/`under` a total ("Over 2.5"), `homeBy`/`awayBy` a
 * winning margin ("Home by 2", "Home by 3+"), `score` a correct score ("2-1"), `count` an exact
 * number ("3", "6+"), `runner` an entrant whose name the feed gives in full; `yes`/`no` (both
 * teams to score), `homeOrDraw`… (double chance), `halfTimeFullTime` ("Home / Draw", the value
 * `home/draw`) and `noGoal` (next goal) are football's.
 */
export type OutcomeKind =
  | 'home'
  | 'away'
  | 'draw'
  | 'over'
  | 'under'
  | 'odd'
  | 'even'
  | 'homeBy'
  | 'awayBy'
  | 'score'
  | 'otherScore'
  | 'count'
  | 'yes'
  | 'no'
  | 'homeOrDraw'
  | 'homeOrAway'
  | 'drawOrAway'
  | 'halfTimeFullTime'
  | 'noGoal'
  | 'runner';

export interface OutcomeName {
  kind: OutcomeKind;
  /** The margin band, score or count the name shows; '' for the other kinds. */
  value: string;
}

const plainKinds: ReadonlySet<string> = new Set([
  'home',
  'away',
  'draw',
  'over',
  'under',
  'odd',
  'even',
  'yes',
  'no',
]);

/** Outcome ids named by a kind of their own: double chance's pairs, the next goal's none. */
const namedKinds: ReadonlyMap<string, OutcomeKind> = new Map([
  ['home_draw', 'homeOrDraw'],
  ['home_away', 'homeOrAway'],
  ['draw_away', 'drawOrAway'],
  ['none', 'noGoal'],
]);

/** Plays whose outcomes are entrants (race and outright winners), named by the feed in full. */
export function isRunnerPlay(sportId: number, playId: number): boolean {
  const family = marketFamilyOf(sportId);
  return (family === 'outright' && playId >= 21000) || (family === 'race' && playId === 3);
}

/**
 * What an outcome (its id within its market, as the option id carries it) is called. Ids follow
 * the feed: `home`, `over`, `home_3+` (a margin band), `2:1` (a score), `other`, `6+` (a count)
 * and, for runners, the entrant's id.
 */
export function outcomeNameOf(sportId: number, playId: number, outcomeId: string): OutcomeName {
  if (isRunnerPlay(sportId, playId)) return { kind: 'runner', value: '' };
  if (plainKinds.has(outcomeId)) return { kind: outcomeId as OutcomeKind, value: '' };
  const named = namedKinds.get(outcomeId);
  if (named) return { kind: named, value: '' };
  if (/^(home|draw|away)\/(home|draw|away)$/.test(outcomeId))
    return { kind: 'halfTimeFullTime', value: outcomeId };
  const band = /^(home|away)_(\d+(?:-\d+|\+)?)$/.exec(outcomeId);
  if (band) return { kind: band[1] === 'home' ? 'homeBy' : 'awayBy', value: band[2] ?? '' };
  const score = /^(\d+):(\d+)$/.exec(outcomeId);
  if (score) return { kind: 'score', value: `${score[1]}-${score[2]}` };
  if (outcomeId === 'other') return { kind: 'otherScore', value: '' };
  if (/^\d+\+?$/.test(outcomeId)) return { kind: 'count', value: outcomeId };
  // An id no rule knows is still shown as the feed's name rather than as a key.
  return { kind: 'runner', value: '' };
}

/**
 * The line a side reads in the specifiers, as members read it: its own handicap (`-0.25` home,
 * `+0.25` away for `hcp=-0.25`), the total (`2.5`), or '' for a market without one (a
 * specifier that is no line, such as the next goal's `goalnr=2`, names the market instead). The
 * server's option line `n` and a bet's selection name both come from here.
 */
export function lineOf(specifiers: string, outcomeId: string): string {
  // The line is the handicap or total; other specifiers name a part of the match (`mapnr=2`).
  const line = specifiers
    .split('|')
    .find((part) => part.startsWith('hcp=') || part.startsWith('total='));
  if (!line) return '';
  const separator = line.indexOf('=');
  const key = line.slice(0, separator);
  const value = line.slice(separator + 1);
  if (key !== 'hcp') return value;
  const handicap = Number(value);
  if (!Number.isFinite(handicap)) return value;
  const own = outcomeId === 'away' ? -handicap : handicap;
  return own > 0 ? `+${own}` : String(own === 0 ? 0 : own);
}
