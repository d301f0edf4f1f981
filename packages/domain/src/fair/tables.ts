import { type FairSeeds, fairUnits, unitRange } from './fair-random';
import { multiplierUnit } from './originals';

/**
 * The live-style tables (docs/games.md, Tables): baccarat, dragon tiger, roulette and sic bo. A
 * table plays shared rounds, one draw for everyone at it, from the round's own seed pair; what a
 * bet pays is the table's published pay table (a multiplier in ten-thousandths of the stake,
 * the stake included, so 20 000 is even money), its house edge in the table, not a setting.
 * Cards come from an endless shoe: each card is a unit read as one of 52, so every card is drawn
 * with the same chance whatever was dealt before, and anyone can deal a round again from its
 * seeds.
 */

/** A unit read as a whole number below `count`: ⌊u · count / 2³²⌋. */
const below = (unit: number, count: number) => Math.floor((unit * count) / unitRange);

/** A card 0–51: rank ⌊card / 4⌋ + 1 (1 ace … 13 king), suit card mod 4. */
export const cardRank = (card: number) => Math.floor(card / 4) + 1;

// ---------------------------------------------------------------- roulette

/** European roulette: one zero, pockets 0–36. */
export const roulettePockets = 37;
const redPockets = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export type RouletteBet =
  | { kind: 'straight'; pocket: number }
  | { kind: 'red' | 'black' | 'odd' | 'even' | 'low' | 'high' }
  | { kind: 'dozen' | 'column'; which: 1 | 2 | 3 };

export function roulettePocket(seeds: FairSeeds): number {
  return below(fairUnits(seeds, 1)[0] as number, roulettePockets);
}

/** What a roulette bet pays per stake on `pocket`, ten-thousandths (0 when it loses). */
export function roulettePays(bet: RouletteBet, pocket: number): number {
  const even = multiplierUnit * 2;
  if (bet.kind === 'straight') return bet.pocket === pocket ? multiplierUnit * 36 : 0;
  if (pocket === 0) return 0;
  switch (bet.kind) {
    case 'red':
      return redPockets.has(pocket) ? even : 0;
    case 'black':
      return redPockets.has(pocket) ? 0 : even;
    case 'odd':
      return pocket % 2 === 1 ? even : 0;
    case 'even':
      return pocket % 2 === 0 ? even : 0;
    case 'low':
      return pocket <= 18 ? even : 0;
    case 'high':
      return pocket >= 19 ? even : 0;
    case 'dozen':
      return Math.ceil(pocket / 12) === bet.which ? multiplierUnit * 3 : 0;
    case 'column':
      return ((pocket - 1) % 3) + 1 === bet.which ? multiplierUnit * 3 : 0;
  }
}

// ---------------------------------------------------------------- dragon tiger

export type DragonTigerBet = 'dragon' | 'tiger' | 'tie';

export interface DragonTigerDeal {
  dragon: number;
  tiger: number;
}

export function dragonTigerDeal(seeds: FairSeeds): DragonTigerDeal {
  const [dragon, tiger] = fairUnits(seeds, 2).map((unit) => below(unit, 52));
  return { dragon: dragon as number, tiger: tiger as number };
}

/**
 * Dragon tiger: the higher card (ace low) wins even money; a tie pays 12× (11 to 1) and gives
 * back half of a dragon or tiger bet.
 */
export function dragonTigerPays(bet: DragonTigerBet, deal: DragonTigerDeal): number {
  const dragon = cardRank(deal.dragon);
  const tiger = cardRank(deal.tiger);
  if (dragon === tiger) return bet === 'tie' ? multiplierUnit * 12 : multiplierUnit / 2;
  if (bet === 'tie') return 0;
  return (bet === 'dragon') === dragon > tiger ? multiplierUnit * 2 : 0;
}

// ---------------------------------------------------------------- baccarat

export type BaccaratBet = 'player' | 'banker' | 'tie';

export interface BaccaratDeal {
  /** The player's cards, then the banker's, in the order dealt (two or three each). */
  player: number[];
  banker: number[];
  playerTotal: number;
  bankerTotal: number;
}

/** A card's baccarat value: ace 1, two to nine their number, tens and faces 0. */
const baccaratValue = (card: number) => {
  const rank = cardRank(card);
  return rank >= 10 ? 0 : rank;
};
const totalOf = (cards: readonly number[]) =>
  cards.reduce((sum, card) => sum + baccaratValue(card), 0) % 10;

/** Whether the banker draws a third card, given its total and the player's third card's value. */
function bankerDraws(bankerTotal: number, playerThird: number | undefined): boolean {
  if (playerThird === undefined) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/**
 * Punto banco: player, banker, player, banker, then the third-card rules (a natural 8 or 9 ends
 * the deal; the player draws on 0–5; the banker by the tableau), from six units in order.
 */
export function baccaratDeal(seeds: FairSeeds): BaccaratDeal {
  return baccaratDealOf(fairUnits(seeds, 6).map((unit) => below(unit, 52)));
}

/** The deal of six cards in the order drawn (`baccaratDeal` draws them from the seeds). */
export function baccaratDealOf(cards: readonly number[]): BaccaratDeal {
  let next = 4;
  const take = () => cards[next++] as number;
  const player = [cards[0] as number, cards[2] as number];
  const banker = [cards[1] as number, cards[3] as number];
  const isNatural = totalOf(player) >= 8 || totalOf(banker) >= 8;
  if (!isNatural) {
    let playerThird: number | undefined;
    if (totalOf(player) <= 5) {
      const card = take();
      player.push(card);
      playerThird = baccaratValue(card);
    }
    if (bankerDraws(totalOf(banker), playerThird)) banker.push(take());
  }
  return { player, banker, playerTotal: totalOf(player), bankerTotal: totalOf(banker) };
}

/**
 * Baccarat pays: player 2×, banker 1.95× (the 5 % commission), tie 9× (8 to 1); a tie gives a
 * player or banker bet back.
 */
export function baccaratPays(bet: BaccaratBet, deal: BaccaratDeal): number {
  const { playerTotal, bankerTotal } = deal;
  if (playerTotal === bankerTotal) return bet === 'tie' ? multiplierUnit * 9 : multiplierUnit;
  if (bet === 'tie') return 0;
  if (bet === 'player') return playerTotal > bankerTotal ? multiplierUnit * 2 : 0;
  return bankerTotal > playerTotal ? 19_500 : 0;
}

// ---------------------------------------------------------------- sic bo

export type SicBoBet =
  | { kind: 'small' | 'big' | 'any_triple' }
  | { kind: 'total'; total: number }
  | { kind: 'triple'; face: number };

/** What a total of 4 to 17 pays per stake, the stake included (60 to 1 at the edges, 6 to 1 in the middle). */
const totalPays: Record<number, number> = {
  4: 61,
  5: 31,
  6: 18,
  7: 13,
  8: 9,
  9: 7,
  10: 7,
  11: 7,
  12: 7,
  13: 9,
  14: 13,
  15: 18,
  16: 31,
  17: 61,
};

export function sicBoDice(seeds: FairSeeds): [number, number, number] {
  const [first, second, third] = fairUnits(seeds, 3).map((unit) => below(unit, 6) + 1);
  return [first as number, second as number, third as number];
}

/** Small (4–10) and big (11–17) pay even money and lose to any triple. */
export function sicBoPays(bet: SicBoBet, dice: readonly [number, number, number]): number {
  const total = dice[0] + dice[1] + dice[2];
  const isTriple = dice[0] === dice[1] && dice[1] === dice[2];
  switch (bet.kind) {
    case 'small':
      return !isTriple && total <= 10 ? multiplierUnit * 2 : 0;
    case 'big':
      return !isTriple && total >= 11 ? multiplierUnit * 2 : 0;
    case 'any_triple':
      return isTriple ? multiplierUnit * 31 : 0;
    case 'triple':
      return isTriple && dice[0] === bet.face ? multiplierUnit * 181 : 0;
    case 'total':
      return total === bet.total ? multiplierUnit * (totalPays[total] ?? 0) : 0;
  }
}
