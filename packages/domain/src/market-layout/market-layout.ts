/**
 * How plays are laid out on the betting screens (SPEC §2, §9): which markets a list row shows,
 * in what order, and how many columns each play's options take. One table serves the member
 * site's lists and detail panel so the two can never disagree on a play's place or width.
 */

/** Sports whose id is above this are virtual sports: their rows show a single market (SPEC §2). */
export const VIRTUAL_SPORT_ID_FLOOR = 1_000_000;

/** Markets per match row: mini mode 3, the large variant 5, virtual sports 1 (SPEC §2). */
export const LIST_ROWS = { mini: 3, large: 5, virtual: 1 } as const;

export interface PlayLayout {
  /** Place among a match's markets; lower comes first. */
  sort: number;
  /** Options per line in the grid: 2, 3, 6, 10 or 12 (SPEC §9). */
  columns: number;
}

/**
 * SPEC §9's fixed play orders and column counts (DESIGN §6 play ids): handicaps and totals
 * first, then 1X2 plays, main lines, odd/even, corners, correct score, exact goals, winning
 * margin, outrights.
 */
const playLayouts: ReadonlyMap<number, PlayLayout> = new Map([
  [1, { sort: 1, columns: 2 }],
  [2, { sort: 2, columns: 2 }],
  [3, { sort: 3, columns: 3 }],
  [4, { sort: 4, columns: 2 }],
  [5, { sort: 5, columns: 2 }],
  [11, { sort: 6, columns: 3 }],
  [16, { sort: 7, columns: 2 }],
  [18, { sort: 8, columns: 2 }],
  [6, { sort: 9, columns: 2 }],
  [7, { sort: 10, columns: 3 }],
  [8, { sort: 11, columns: 3 }],
  [9, { sort: 12, columns: 10 }],
  [10, { sort: 13, columns: 6 }],
  // Basketball's second half, quarters and team totals; tennis's next game; esports' later maps.
  [42, { sort: 14, columns: 2 }],
  [43, { sort: 15, columns: 2 }],
  [40, { sort: 16, columns: 2 }],
  [41, { sort: 17, columns: 2 }],
  [44, { sort: 18, columns: 2 }],
  [45, { sort: 19, columns: 2 }],
  [46, { sort: 22, columns: 2 }],
  [48, { sort: 23, columns: 2 }],
  [49, { sort: 24, columns: 2 }],
  [50, { sort: 25, columns: 2 }],
  [21000, { sort: 20, columns: 2 }],
  [21001, { sort: 21, columns: 2 }],
  // Football's and ice hockey's plays 20-30, after every older play so a board's few rows stay
  // the main lines: double chance, draw no bet, both teams to score, next goal, team totals,
  // half-time/full-time (nine outcomes in rows of three), cards; the puck line.
  [21, { sort: 31, columns: 3 }],
  [22, { sort: 32, columns: 2 }],
  [20, { sort: 33, columns: 2 }],
  [26, { sort: 34, columns: 3 }],
  [23, { sort: 35, columns: 2 }],
  [24, { sort: 36, columns: 2 }],
  [25, { sort: 37, columns: 3 }],
  [27, { sort: 38, columns: 2 }],
  [30, { sort: 39, columns: 2 }],
]);

/** The order in which virtual sports' rows pick their one market. */
const virtualPlayOrder: readonly number[] = [3, 1, 2, 6];

/** A play the table does not name goes after every named one, in play id order, two columns. */
export function playLayoutOf(playId: number): PlayLayout {
  return playLayouts.get(playId) ?? { sort: 100 + playId, columns: 2 };
}

export function isVirtualSport(sportId: number): boolean {
  return sportId > VIRTUAL_SPORT_ID_FLOOR;
}

/** How many markets a list row of this sport shows (SPEC §2). */
export function listRowsFor(sportId: number, isMini: boolean): number {
  if (isVirtualSport(sportId)) return LIST_ROWS.virtual;
  return isMini ? LIST_ROWS.mini : LIST_ROWS.large;
}

/** Play ids in display order for a sport: virtual sports have their own order. */
export function sortPlayIds(sportId: number, playIds: Iterable<number>): number[] {
  const ids = [...new Set(playIds)];
  if (isVirtualSport(sportId)) {
    const rank = (playId: number) => {
      const index = virtualPlayOrder.indexOf(playId);
      return index === -1 ? virtualPlayOrder.length + playId : index;
    };
    return ids.sort((left, right) => rank(left) - rank(right));
  }
  return ids.sort(
    (left, right) => playLayoutOf(left).sort - playLayoutOf(right).sort || left - right,
  );
}

/**
 * The plays a list row shows: the first `listRowsFor` plays of the match in display order. The
 * server already sends one main line per play, so a play is one row.
 */
export function listPlayIds(sportId: number, playIds: Iterable<number>, isMini: boolean): number[] {
  return sortPlayIds(sportId, playIds).slice(0, listRowsFor(sportId, isMini));
}

/** The columns a play's options take, never more than it has options (a sport without a draw). */
export function columnsFor(playId: number, optionCount: number): number {
  return Math.max(1, Math.min(playLayoutOf(playId).columns, optionCount));
}

/**
 * The number a line's specifiers end with (`hcp=-0.25` → -0.25, `quarternr=2|total=52.5` →
 * 52.5); none sorts first.
 */
function lineValueOf(specifiers: string): number {
  const value = Number(specifiers.slice(specifiers.lastIndexOf('=') + 1));
  return specifiers.includes('=') && Number.isFinite(value) ? value : Number.NEGATIVE_INFINITY;
}

/** The part before the line (`quarternr=2`), which orders a play's parts before their lines. */
function partOf(specifiers: string): string {
  const bar = specifiers.lastIndexOf('|');
  return bar < 0 ? '' : specifiers.slice(0, bar);
}

/**
 * A play's lines in display order: by their part of the match (quarter, map), then by the line's
 * number, lowest first (`hcp=-1.5`, `hcp=-0.5`, `hcp=0.5`). Every play reads as a ladder, the
 * main-line plays 16 and 18 too: their main line sits where its number puts it, among the
 * lines the book offers around it.
 */
export function sortLines<T>(lines: readonly (readonly [specifiers: string, line: T])[]): T[] {
  return [...lines]
    .sort(
      (left, right) =>
        partOf(left[0]).localeCompare(partOf(right[0]), 'en', { numeric: true }) ||
        lineValueOf(left[0]) - lineValueOf(right[0]),
    )
    .map((entry) => entry[1]);
}

/** The gap between a line's highest and lowest price; a line without prices goes last. */
function oddsGapOf(prices: readonly number[]): number {
  const priced = prices.filter((price) => price > 0);
  if (priced.length === 0) return Number.POSITIVE_INFINITY;
  return Math.max(...priced) - Math.min(...priced);
}

/**
 * A play's main line (SPEC §9's smallest odds gap, as the server picks a list row's line): the
 * line whose open prices are closest. `prices` are those a member can take now (0 for a closed
 * option), so an open line beats a suspended one; ties keep the first.
 */
export function mainLineOf<T>(
  lines: readonly (readonly [prices: readonly number[], line: T])[],
): T | undefined {
  let main: (typeof lines)[number] | undefined;
  for (const entry of lines) if (!main || oddsGapOf(entry[0]) < oddsGapOf(main[0])) main = entry;
  return main?.[1];
}
