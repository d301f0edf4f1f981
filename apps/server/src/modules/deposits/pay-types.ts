import { depositMerchantCode, type PayType } from '@sb/contract';
import { requireCurrency } from '@sb/domain';
import type { ChainNetwork } from '../payments/payments.types';

/**
 * The deposit catalogue: every way to deposit, static in code (docs/payments.md lists it). Ids
 * are stable and stored on orders; never renumber them. Amounts are minor units of the paid
 * currency.
 *
 * How each is paid:
 * - `hosted`: on a payment provider's hosted pay page (types 1, 3, 4, 6, 7 and 8);
 * - `collection`: by bank transfer to an account the order names, proven with a receipt (type 2);
 * - `address`: to the member's deposit address on a chain (type 5).
 */
export type DepositFlow = 'hosted' | 'collection' | 'address';

export interface PayTypeDefinition extends PayType {
  flow: DepositFlow;
  /** The chain of an address pay type. */
  network: ChainNetwork | null;
}

/** Provider channels: the payment provider (sandbox) and the site's own bank accounts. */
const channel = { provider: 1, bankCollection: 2 } as const;

interface Definition {
  merchantCode: number;
  payTypeId: number;
  payTypeName: string;
  payType: string;
  currency: string;
  /** Major units, turned into minor ones below so the table reads as a person would write it. */
  min: string;
  max: string;
  quicks: string[];
  flow: DepositFlow;
  network?: ChainNetwork;
  outerId?: number;
  to?: { currency: string; rate: string };
}

/** Major-unit decimal text as minor units of a scale, exactly (no float passes through). */
function toMinor(major: string, scale: number): number {
  const [whole = '0', fraction = ''] = major.split('.');
  if (fraction.length > scale) throw new Error(`${major} has more than ${scale} decimals`);
  return Number(`${whole}${fraction.padEnd(scale, '0')}`);
}

function define(definition: Definition): PayTypeDefinition {
  const paid = requireCurrency(definition.currency);
  const credited = requireCurrency(definition.to?.currency ?? definition.currency);
  return {
    merchantCode: definition.merchantCode,
    currencyCode: paid.currencyCode,
    currencyId: paid.currencyId,
    payTypeId: definition.payTypeId,
    payTypeName: definition.payTypeName,
    payType: definition.payType,
    channelId: definition.flow === 'collection' ? channel.bankCollection : channel.provider,
    outerId: definition.outerId ?? 0,
    minAmount: toMinor(definition.min, paid.scale),
    maxAmount: toMinor(definition.max, paid.scale),
    scale: paid.scale,
    quicks: definition.quicks.map((quick) => toMinor(quick, paid.scale)),
    toCurrencyId: credited.currencyId,
    toCurrencyCode: credited.currencyCode,
    toScale: credited.scale,
    rate: definition.to?.rate ?? '1',
    flow: definition.flow,
    network: definition.network ?? null,
  };
}

const code = depositMerchantCode;

export const payTypeCatalogue: readonly PayTypeDefinition[] = [
  // Type 1: digital currency paid on the provider's hosted page.
  ...[
    {
      payTypeId: 101,
      currency: 'USDT',
      min: '10',
      max: '100000',
      quicks: ['50', '100', '500', '1000'],
    },
    { payTypeId: 102, currency: 'BTC', min: '0.0005', max: '10', quicks: ['0.001', '0.01', '0.1'] },
    {
      payTypeId: 103,
      currency: 'ETH',
      min: '0.01',
      max: '100',
      quicks: ['0.05', '0.1', '0.5', '1'],
    },
  ].map((entry) =>
    define({
      ...entry,
      merchantCode: code.digitalCurrency,
      payTypeName: entry.currency,
      payType: 'HOSTED_CRYPTO',
      flow: 'hosted',
    }),
  ),
  // Type 2: local-bank pay, a collection order to a bank card or a shop's receipt QR.
  define({
    merchantCode: code.localBank,
    payTypeId: 201,
    payTypeName: 'Bank card transfer',
    payType: 'BANK_CARD',
    currency: 'CNY',
    min: '100',
    max: '50000',
    quicks: ['100', '500', '1000', '5000'],
    flow: 'collection',
  }),
  define({
    merchantCode: code.localBank,
    payTypeId: 202,
    payTypeName: 'Shop QR payment',
    payType: 'SHOP_QR',
    currency: 'CNY',
    min: '50',
    max: '20000',
    quicks: ['50', '100', '200', '500'],
    flow: 'collection',
  }),
  // Types 3 and 4: e-wallet and online banking, hosted.
  ...(
    [
      [
        code.eWallet,
        301,
        'E-wallet',
        'E_WALLET',
        'CNY',
        '10',
        '20000',
        ['100', '200', '500', '1000'],
      ],
      [code.eWallet, 302, 'E-wallet', 'E_WALLET', 'USD', '10', '5000', ['20', '50', '100', '500']],
      [
        code.onlineBanking,
        401,
        'Online banking',
        'ONLINE_BANKING',
        'CNY',
        '100',
        '100000',
        ['500', '1000', '5000', '10000'],
      ],
      [
        code.onlineBanking,
        402,
        'Online banking',
        'ONLINE_BANKING',
        'USD',
        '20',
        '20000',
        ['50', '100', '500', '1000'],
      ],
    ] as const
  ).map(([merchantCode, payTypeId, payTypeName, payType, currency, min, max, quicks]) =>
    define({
      merchantCode,
      payTypeId,
      payTypeName,
      payType,
      currency,
      min,
      max,
      quicks: [...quicks],
      flow: 'hosted',
    }),
  ),
  // Type 5: USDT to the member's own address, on TRC20 or ERC20 (SPEC §5 outer ids 1002, 1001).
  define({
    merchantCode: code.digitalAddress,
    payTypeId: 501,
    payTypeName: 'USDT-TRC20',
    payType: 'TRC20',
    currency: 'USDT',
    min: '10',
    max: '1000000',
    quicks: [],
    flow: 'address',
    network: 'TRC20',
    outerId: 1002,
  }),
  define({
    merchantCode: code.digitalAddress,
    payTypeId: 502,
    payTypeName: 'USDT-ERC20',
    payType: 'ERC20',
    currency: 'USDT',
    min: '20',
    max: '1000000',
    quicks: [],
    flow: 'address',
    network: 'ERC20',
    outerId: 1001,
  }),
  // Types 6 and 7: Pix in BRL, by QR code or by key, hosted.
  define({
    merchantCode: code.pixQrCode,
    payTypeId: 601,
    payTypeName: 'Pix QR code',
    payType: 'PIX_QR',
    currency: 'BRL',
    min: '20',
    max: '50000',
    quicks: ['50', '100', '200', '500'],
    flow: 'hosted',
  }),
  define({
    merchantCode: code.pixKey,
    payTypeId: 701,
    payTypeName: 'Pix key',
    payType: 'PIX_KEY',
    currency: 'BRL',
    min: '20',
    max: '50000',
    quicks: ['50', '100', '200', '500'],
    flow: 'hosted',
  }),
  // Type 8: pay one currency, credited in another at the stated rate, hosted.
  ...(
    [
      [801, 'USDT', 'CNY', '7.1', '10', '100000', ['50', '100', '500']],
      [802, 'USDT', 'BRL', '5.35', '10', '100000', ['50', '100', '500']],
      [803, 'USD', 'CNY', '7.15', '10', '10000', ['50', '100', '500']],
    ] as const
  ).map(([payTypeId, currency, target, rate, min, max, quicks]) =>
    define({
      merchantCode: code.conversion,
      payTypeId,
      payTypeName: `${currency} → ${target}`,
      payType: 'CONVERSION',
      currency,
      min,
      max,
      quicks: [...quicks],
      flow: 'hosted',
      to: { currency: target, rate },
    }),
  ),
];

export function findPayType(payTypeId: number): PayTypeDefinition | undefined {
  return payTypeCatalogue.find((payType) => payType.payTypeId === payTypeId);
}

/** The address pay type of a network. */
export function addressPayTypeOf(network: ChainNetwork): PayTypeDefinition {
  const payType = payTypeCatalogue.find(
    (entry) => entry.flow === 'address' && entry.network === network,
  );
  if (!payType) throw new Error(`no address pay type for ${network}`);
  return payType;
}

/** The pay type as the wire shows it: SPEC §3's fields, without the server's own. */
export function toWirePayType({
  flow: _flow,
  network: _network,
  ...wire
}: PayTypeDefinition): PayType {
  return wire;
}
