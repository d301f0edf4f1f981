/**
 * The currencies the site knows, with the fixed scale of their minor units: an amount of 12345
 * in a scale-2 currency is 123.45. Ids are stable and stored; never renumber them.
 */
export interface Currency {
  currencyId: number;
  currencyCode: string;
  /** Digits after the decimal point of the minor unit. */
  scale: number;
  /** The key balances are grouped by on the wire (SPEC's assetID). */
  assetID: string;
  /** True for crypto currencies, which deposit to addresses on a network. */
  isCrypto: boolean;
  /** Networks a crypto currency moves on. */
  networks: readonly string[];
  /** Demo money: never mixes with real money. */
  isDemo: boolean;
}

const fiat = (currencyId: number, currencyCode: string): Currency => ({
  currencyId,
  currencyCode,
  scale: 2,
  assetID: currencyCode,
  isCrypto: false,
  networks: [],
  isDemo: false,
});
const crypto = (
  currencyId: number,
  currencyCode: string,
  scale: number,
  networks: string[],
): Currency => ({
  currencyId,
  currencyCode,
  scale,
  assetID: currencyCode,
  isCrypto: true,
  networks,
  isDemo: false,
});

export const currencies: readonly Currency[] = [
  fiat(1, 'CNY'),
  fiat(2, 'USD'),
  fiat(3, 'BRL'),
  crypto(10, 'USDT', 6, ['ERC20', 'TRC20']),
  crypto(11, 'BTC', 8, ['BTC']),
  crypto(12, 'ETH', 8, ['ERC20']),
  crypto(13, 'TRX', 6, ['TRC20']),
  { ...fiat(99, 'DEMO'), isDemo: true },
];

/** New members start in this currency. */
export const defaultCurrencyCode = 'CNY';
/** Demo (try-play) accounts play with this currency only. */
export const demoCurrencyCode = 'DEMO';

export function findCurrencyById(currencyId: number): Currency | undefined {
  return currencies.find((currency) => currency.currencyId === currencyId);
}

export function findCurrencyByCode(currencyCode: string): Currency | undefined {
  const code = currencyCode.toUpperCase();
  return currencies.find((currency) => currency.currencyCode === code);
}

export function requireCurrency(currencyCode: string): Currency {
  const currency = findCurrencyByCode(currencyCode);
  if (!currency) throw new Error(`unknown currency ${currencyCode}`);
  return currency;
}
