import { LEAGUE_TABLES } from './leagues';
import { type SportId, SportIds } from './messages';
import { TOWNS, type TownStyle } from './names';

/** Which in-play model and market set a sport uses. */
export type Model =
  | 'football'
  | 'hockey'
  | 'basketball'
  | 'tennis'
  | 'volleyball'
  | 'table_tennis'
  | 'badminton'
  | 'esports'
  | 'virtual_football'
  | 'virtual_basketball'
  | 'racing';

export type NameStyle =
  | { kind: 'club'; towns: TownStyle; patterns?: readonly string[] }
  | { kind: 'nickname'; towns: TownStyle }
  | { kind: 'player'; women?: boolean }
  | { kind: 'esports' }
  | { kind: 'horse' };

export interface LeagueDef {
  /** Stable key: random streams and ids hang off it, so never rename one. */
  key: string;
  name: string;
  category: string;
  size: number;
  /** Average matches a day, and the kick-off times (UTC, "HH:MM") they are spread over. */
  perDay: number;
  slots: readonly string[];
  names: NameStyle;
  /** Has a weekly outright winner market. */
  outright?: boolean;
  /** Basketball: minutes per quarter (12 in the North American style, 10 elsewhere). */
  quarterMinutes?: number;
  /** Basketball: expected points per team per game. */
  points?: number;
  /** Tennis: the women's tour (lower serve dominance). */
  women?: boolean;
  /**
   * Round the clock: a match at evenly spread kick-offs all day (`perDay` of the slots), the
   * players meeting again through the day, as the table tennis leagues that never stop do.
   */
  rolling?: boolean;
  /** The first fixture calendar the league plays in (see `CALENDAR`); default 1. */
  sinceCalendar?: number;
}

export interface SportDef {
  sportId: SportId;
  name: string;
  model: Model;
  leagues: readonly LeagueDef[];
  /** Virtual sports: a new event every `everyMs`, shifted by `offsetMs`. */
  virtual?: { everyMs: number; offsetMs: number };
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * "11:30 14:00" as listed, or "10-19/90": every 90 minutes from 10:00 to 19:00; "0:05-24/15"
 * starts five minutes past, so leagues of the same step take turns.
 */
function parseSlots(text: string): string[] {
  const every = /^(\d+)(?::(\d\d))?-(\d+)\/(\d+)$/.exec(text);
  if (!every) return text === '-' ? [] : text.split(/\s+/);
  const [from = 0, past = 0, to = 0, step = 1] = every.slice(1).map((n) => Number(n ?? 0));
  const slots: string[] = [];
  // "0-24/15" runs to the end of the day: 24:00 is the next day's 00:00.
  for (let m = from * 60 + past; m <= to * 60 && m < 24 * 60; m += step) slots.push(clock(m));
  return slots;
}

function parseNames(text: string): NameStyle {
  const [kind, towns, patterns] = text.split(':');
  const town = (towns ?? 'en') as TownStyle;
  if (towns && !(towns in TOWNS) && kind !== 'player') throw new Error(`unknown towns ${towns}`);
  switch (kind) {
    case 'club':
      return patterns
        ? { kind, towns: town, patterns: patterns.split(',') }
        : { kind, towns: town };
    case 'nickname':
      return { kind, towns: town };
    case 'player':
      return { kind, women: towns === 'women' };
    case 'esports':
    case 'horse':
      return { kind };
    default:
      throw new Error(`unknown name style ${text}`);
  }
}

function parseOptions(text: string | undefined): Partial<LeagueDef> {
  const options: Partial<LeagueDef> = {};
  for (const word of (text ?? '').split(/\s+/).filter(Boolean)) {
    const [name, value] = word.split('=');
    if (name === 'outright') options.outright = true;
    else if (name === 'women') options.women = true;
    else if (name === 'quarters') options.quarterMinutes = Number(value);
    else if (name === 'points') options.points = Number(value);
    else if (name === 'rolling') options.rolling = true;
    else if (name === 'since') options.sinceCalendar = Number(value);
    else throw new Error(`unknown league option ${word}`);
  }
  return options;
}

/** Reads a league table; a line starting with "|" continues the line above. */
export function parseLeagues(table: string): LeagueDef[] {
  const lines = table
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .reduce<string[]>((joined, line) => {
      if (line.startsWith('|') && joined.length > 0) joined[joined.length - 1] += ` ${line}`;
      else joined.push(line);
      return joined;
    }, []);
  return lines.map((line) => {
    const [key, name, category, size, perDay, slots, names, options] = line
      .split('|')
      .map((f) => f.trim());
    if (!key || !name || !category || !slots || !names) throw new Error(`bad league line: ${line}`);
    return {
      key,
      name,
      category,
      size: Number(size),
      perDay: Number(perDay),
      slots: parseSlots(slots),
      names: parseNames(names),
      ...parseOptions(options),
    };
  });
}

const sport = (
  sportId: SportId,
  name: string,
  model: Model,
  virtual?: SportDef['virtual'],
): SportDef => {
  const table = LEAGUE_TABLES[model];
  if (!table) throw new Error(`no leagues for ${model}`);
  const def: SportDef = { sportId, name, model, leagues: parseLeagues(table) };
  return virtual ? { ...def, virtual } : def;
};

const MINUTE = 60_000;

export const SPORTS: readonly SportDef[] = [
  sport(SportIds.Football, 'Football', 'football'),
  sport(SportIds.Basketball, 'Basketball', 'basketball'),
  sport(SportIds.Tennis, 'Tennis', 'tennis'),
  sport(SportIds.Volleyball, 'Volleyball', 'volleyball'),
  sport(SportIds.IceHockey, 'Ice hockey', 'hockey'),
  sport(SportIds.TableTennis, 'Table tennis', 'table_tennis'),
  sport(SportIds.Badminton, 'Badminton', 'badminton'),
  sport(SportIds.Esports, 'Esports', 'esports'),
  sport(SportIds.VirtualFootball, 'Virtual football', 'virtual_football', {
    everyMs: 4 * MINUTE,
    offsetMs: 0,
  }),
  sport(SportIds.VirtualBasketball, 'Virtual basketball', 'virtual_basketball', {
    everyMs: 4 * MINUTE,
    offsetMs: 2 * MINUTE,
  }),
  sport(SportIds.VirtualRacing, 'Virtual racing', 'racing', {
    everyMs: 3 * MINUTE,
    offsetMs: 90_000,
  }),
];
