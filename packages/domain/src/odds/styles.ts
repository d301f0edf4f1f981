import { roundOdds } from './price';

/** SPEC §9 odds types, as the member's `hdpStyle` and the table parameter `oddsType` carry them. */
export const OddsStyle = {
  Decimal: 0,
  HongKong: 1,
  Malay: 2,
  Indonesian: 3,
  American: 4,
} as const;
export type OddsStyle = (typeof OddsStyle)[keyof typeof OddsStyle];

/** Plays from this id on (outrights) are always shown as decimals with two places. */
export const UNCONVERTED_PLAY_ID = 21000;

/** The five styles of one price, named as SPEC's odds object names them. */
export interface OddsInAllStyles {
  /** decimal */
  o: number;
  /** Asian (Hong Kong) */
  oa: number;
  /** Malay */
  om: number;
  /** Indonesian */
  od: number;
  /** American */
  us: number;
}

function round2(value: number): number {
  // Round half away from zero so that -0.665 and 0.665 mirror each other, and never yield -0.
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-9)) / 100;
  return rounded === 0 ? 0 : rounded;
}

/** -1/profit, kept at -0.01 or below so a long price never reads as a worthless 0.00. */
function negativeStyle(profit: number): number {
  return Math.min(round2(-1 / profit), -0.01);
}

function isUnconverted(playId: number | undefined): boolean {
  return playId !== undefined && playId >= UNCONVERTED_PLAY_ID;
}

/**
 * One decimal price in a display style. The decimal is first rounded to the two places the
 * member sees, so every style describes the very price that will be paid. American odds are
 * whole numbers; the other styles have two decimals.
 */
export function convertOdds(decimal: number, style: OddsStyle, playId?: number): number {
  const price = roundOdds(decimal);
  if (isUnconverted(playId)) return price;
  const profit = round2(price - 1);
  switch (style) {
    case OddsStyle.Decimal:
      return price;
    case OddsStyle.HongKong:
      return profit;
    case OddsStyle.Malay:
      return profit <= 1 ? profit : negativeStyle(profit);
    case OddsStyle.Indonesian:
      return profit >= 1 ? profit : negativeStyle(profit);
    case OddsStyle.American: {
      const american = profit >= 1 ? profit * 100 : -100 / profit;
      return Math.round(american) || 0;
    }
    default:
      throw new RangeError(`unknown odds style ${String(style)}`);
  }
}

/** The text shown for a price: two decimals, American with its sign (+150, -200). */
export function formatOdds(decimal: number, style: OddsStyle, playId?: number): string {
  const value = convertOdds(decimal, style, playId);
  if (style === OddsStyle.American && !isUnconverted(playId)) {
    return value > 0 ? `+${value}` : String(value);
  }
  return value.toFixed(2);
}

function allStylesOf(decimal: number, playId: number | undefined): OddsInAllStyles {
  return Object.freeze({
    o: convertOdds(decimal, OddsStyle.Decimal, playId),
    oa: convertOdds(decimal, OddsStyle.HongKong, playId),
    om: convertOdds(decimal, OddsStyle.Malay, playId),
    od: convertOdds(decimal, OddsStyle.Indonesian, playId),
    us: convertOdds(decimal, OddsStyle.American, playId),
  });
}

/**
 * Converted prices by the cents of the decimal they describe (styles depend on nothing else once
 * the decimal is rounded). A live book reprices every market many times a second among a few
 * thousand distinct prices, and a match list converts every price it lists: each price is
 * converted once, not five conversions (and the numbers and object they allocate) per option.
 */
const stylesByCents = new Map<number, OddsInAllStyles>();
/** More distinct prices than a book quotes; past it the memory starts afresh. */
const maxRememberedPrices = 50_000;

/** Every style at once, for the odds objects sent to clients (shared: never to be changed). */
export function oddsInAllStyles(decimal: number, playId?: number): OddsInAllStyles {
  if (isUnconverted(playId)) return allStylesOf(decimal, playId);
  const cents = Math.round(roundOdds(decimal) * 100);
  let styles = stylesByCents.get(cents);
  if (!styles) {
    if (stylesByCents.size >= maxRememberedPrices) stylesByCents.clear();
    styles = allStylesOf(cents / 100, playId);
    stylesByCents.set(cents, styles);
  }
  return styles;
}

export function isOddsStyle(value: unknown): value is OddsStyle {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 4;
}
