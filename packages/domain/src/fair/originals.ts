import { type FairSeeds, fairUnits, firstFairUnit, unitRange } from './fair-random';

/**
 * The house's instant games (docs/games.md, The originals): dice, limbo, plinko and mines, each
 * an outcome drawn from the fair units (fair-random.ts) and a payout set by the game's house edge
 * in basis points (100 = 1 %). Multipliers are whole ten-thousandths (19800 = 1.98×), payouts
 * minor units rounded down: `payoutOf(stake, multiplier)`.
 */

/** One whole: a multiplier of 10 000 pays the stake back. */
export const multiplierUnit = 10_000;

/** The highest house edge a game may be set to, in basis points (20 %). */
export const maxHouseEdgeBps = 2_000;

/** What a stake of `stake` minor units pays at `multiplier` ten-thousandths, rounded down. */
export function payoutOf(stake: number, multiplier: number): number {
  return Number((BigInt(stake) * BigInt(multiplier)) / BigInt(multiplierUnit));
}

// ---------------------------------------------------------------- dice

/** Dice rolls 0.00 to 99.99: a whole number of hundredths below this. */
export const diceOutcomes = 10_000;

/** A dice bet wins with between 1 % and 98 % of the outcomes. */
export const diceMinWinning = 100;
export const diceMaxWinning = 9_800;

export type DiceDirection = 'under' | 'over';

export interface DiceBet {
  /** Hundredths: under wins on a roll below it, over on a roll above it. */
  target: number;
  direction: DiceDirection;
}

/** How many of the 10 000 rolls win the bet. */
export function diceWinningOutcomes(bet: DiceBet): number {
  return bet.direction === 'under' ? bet.target : diceOutcomes - 1 - bet.target;
}

/** Why a dice bet cannot be played; undefined when it can. */
export function diceBetProblem(bet: DiceBet): string | undefined {
  if (!Number.isSafeInteger(bet.target) || bet.target < 0 || bet.target >= diceOutcomes)
    return 'target must be a whole number of hundredths from 0 to 9999';
  const winning = diceWinningOutcomes(bet);
  if (winning < diceMinWinning || winning > diceMaxWinning)
    return 'the chance to win must be between 1% and 98%';
  return undefined;
}

/** What a winning dice bet pays per stake: (1 − edge) ÷ chance, in ten-thousandths. */
export function diceMultiplier(bet: DiceBet, edgeBps: number): number {
  return Math.floor(((multiplierUnit - edgeBps) * diceOutcomes) / diceWinningOutcomes(bet));
}

export interface DiceOutcome {
  /** The roll in hundredths, 0 to 9999. */
  roll: number;
  won: boolean;
  /** What the bet pays per stake: its multiplier when won, 0 when lost. */
  multiplier: number;
}

export function diceOutcome(seeds: FairSeeds, bet: DiceBet, edgeBps: number): DiceOutcome {
  return diceOutcomeOfUnit(firstFairUnit(seeds), bet, edgeBps);
}

/** A dice round from its drawn unit (`diceOutcome` draws it from the seeds). */
export function diceOutcomeOfUnit(unit: number, bet: DiceBet, edgeBps: number): DiceOutcome {
  const roll = Math.floor((unit * diceOutcomes) / unitRange);
  const won = bet.direction === 'under' ? roll < bet.target : roll > bet.target;
  return { roll, won, multiplier: won ? diceMultiplier(bet, edgeBps) : 0 };
}

// ---------------------------------------------------------------- limbo

/** Limbo targets and results are in hundredths, from 1.01× to 1 000 000×. */
export const limboMinTarget = 101;
export const limboMaxResult = 100_000_000;

export interface LimboOutcome {
  /** The result in hundredths: the bet wins when it reaches the target. */
  result: number;
  won: boolean;
  multiplier: number;
}

/** Why a limbo target cannot be played; undefined when it can. */
export function limboTargetProblem(target: number): string | undefined {
  if (!Number.isSafeInteger(target) || target < limboMinTarget || target > limboMaxResult)
    return 'target must be hundredths from 101 (1.01×) to 100000000 (1000000×)';
  return undefined;
}

/**
 * Limbo: the result is (1 − edge) ÷ u for a uniform u in (0, 1], in hundredths rounded down, so a
 * target t is reached with chance (1 − edge) ÷ t and pays t: every target returns 1 − edge.
 */
export function limboOutcome(seeds: FairSeeds, target: number, edgeBps: number): LimboOutcome {
  return limboOutcomeOfUnit(firstFairUnit(seeds), target, edgeBps);
}

/** A limbo round from its drawn unit (`limboOutcome` draws it from the seeds). */
export function limboOutcomeOfUnit(unit: number, target: number, edgeBps: number): LimboOutcome {
  const drawn = BigInt(unitRange - unit);
  const exact =
    (BigInt(100 * (multiplierUnit - edgeBps)) * BigInt(unitRange)) /
    (BigInt(multiplierUnit) * drawn);
  const result = Number(exact > BigInt(limboMaxResult) ? BigInt(limboMaxResult) : exact);
  const won = result >= target;
  return { result, won, multiplier: won ? target * 100 : 0 };
}

// ---------------------------------------------------------------- plinko

export const plinkoRows = [8, 12, 16] as const;
export type PlinkoRows = (typeof plinkoRows)[number];
export const plinkoRisks = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof plinkoRisks)[number];

/**
 * The pay tables' shapes, slot by slot from the left edge: the published multipliers at a 1 %
 * edge. `plinkoPayTable` scales a shape so the table returns exactly 1 − edge.
 */
const plinkoShapes: Record<PlinkoRows, Record<PlinkoRisk, readonly number[]>> = {
  8: {
    low: [5.6, 2.1, 1.1, 1, 0.5, 1, 1.1, 2.1, 5.6],
    medium: [13, 3, 1.3, 0.7, 0.4, 0.7, 1.3, 3, 13],
    high: [29, 4, 1.5, 0.3, 0.2, 0.3, 1.5, 4, 29],
  },
  12: {
    low: [10, 3, 1.6, 1.4, 1.1, 1, 0.5, 1, 1.1, 1.4, 1.6, 3, 10],
    medium: [33, 11, 4, 2, 1.1, 0.6, 0.3, 0.6, 1.1, 2, 4, 11, 33],
    high: [170, 24, 8.1, 2, 0.7, 0.2, 0.2, 0.2, 0.7, 2, 8.1, 24, 170],
  },
  16: {
    low: [16, 9, 2, 1.4, 1.4, 1.2, 1.1, 1, 0.5, 1, 1.1, 1.2, 1.4, 1.4, 2, 9, 16],
    medium: [110, 41, 10, 5, 3, 1.5, 1, 0.5, 0.3, 0.5, 1, 1.5, 3, 5, 10, 41, 110],
    high: [1000, 130, 26, 9, 4, 2, 0.2, 0.2, 0.2, 0.2, 0.2, 2, 4, 9, 26, 130, 1000],
  },
};

/** The chance of each slot of a board of `rows`: C(rows, k) ÷ 2^rows. */
export function plinkoSlotChances(rows: number): number[] {
  const chances: number[] = [];
  let ways = 1;
  for (let slot = 0; slot <= rows; slot += 1) {
    chances.push(ways / 2 ** rows);
    ways = (ways * (rows - slot)) / (slot + 1);
  }
  return chances;
}

/** The multipliers of a board's slots, in ten-thousandths, returning 1 − edge in all. */
export function plinkoPayTable(rows: PlinkoRows, risk: PlinkoRisk, edgeBps: number): number[] {
  const shape = plinkoShapes[rows][risk];
  const chances = plinkoSlotChances(rows);
  const shapeReturn = shape.reduce((sum, value, slot) => sum + value * (chances[slot] ?? 0), 0);
  return shape.map((value) => Math.floor((value * (multiplierUnit - edgeBps)) / shapeReturn));
}

export interface PlinkoOutcome {
  /** Left (0) or right (1) at each row, top first. */
  path: number[];
  /** The slot the ball lands in: how many times it went right. */
  slot: number;
  multiplier: number;
}

export function plinkoOutcome(
  seeds: FairSeeds,
  rows: PlinkoRows,
  risk: PlinkoRisk,
  edgeBps: number,
): PlinkoOutcome {
  return plinkoOutcomeOfUnits(fairUnits(seeds, rows), rows, risk, edgeBps);
}

/** A plinko ball from its drawn units, one per row (`plinkoOutcome` draws them from the seeds). */
export function plinkoOutcomeOfUnits(
  units: readonly number[],
  rows: PlinkoRows,
  risk: PlinkoRisk,
  edgeBps: number,
): PlinkoOutcome {
  const path = units.slice(0, rows).map((unit) => (unit >= unitRange / 2 ? 1 : 0));
  const slot = path.reduce<number>((sum, step) => sum + step, 0);
  // A board of `rows` has rows + 1 slots: the table has one for every slot the ball can reach.
  return { path, slot, multiplier: plinkoPayTable(rows, risk, edgeBps)[slot] ?? 0 };
}

// ---------------------------------------------------------------- mines

/** A mines board is 5 × 5 tiles, numbered 0 to 24 row by row. */
export const minesTiles = 25;
export const minesMinCount = 1;
export const minesMaxCount = 24;

/**
 * Where the mines lie: the tiles shuffled by the draw (Fisher–Yates, one unit per swap) and the
 * first `mines` of them, ascending.
 */
export function minesLayout(seeds: FairSeeds, mines: number): number[] {
  return minesLayoutOfUnits(fairUnits(seeds, minesTiles - 1), mines);
}

/** Where the mines lie from the drawn units, 24 of them (`minesLayout` draws them from the seeds). */
export function minesLayoutOfUnits(units: readonly number[], mines: number): number[] {
  const tiles = Array.from({ length: minesTiles }, (_, tile) => tile);
  units.slice(0, minesTiles - 1).forEach((unit, at) => {
    const pick = at + Math.floor((unit * (minesTiles - at)) / unitRange);
    [tiles[at], tiles[pick]] = [tiles[pick] as number, tiles[at] as number];
  });
  return tiles.slice(0, mines).sort((left, right) => left - right);
}

/**
 * What a mines round pays per stake after `revealed` safe tiles: (1 − edge) over the chance of
 * finding them, C(25 − mines, revealed) ÷ C(25, revealed), in ten-thousandths rounded down.
 */
export function minesMultiplier(mines: number, revealed: number, edgeBps: number): number {
  let numerator = BigInt(multiplierUnit - edgeBps);
  let denominator = 1n;
  for (let step = 0; step < revealed; step += 1) {
    numerator *= BigInt(minesTiles - step);
    denominator *= BigInt(minesTiles - mines - step);
  }
  return Number(numerator / denominator);
}
