import { type Currency, payoutAccountTypes, requireCurrency } from '@sb/domain';

/**
 * One way to withdraw: SPEC §3 pay type or channel fields less the member's accounts. The
 * catalogue is fixed in code until the payment side gives operators a way to configure it.
 */
export interface WithdrawChannel {
  channelId: number;
  payTypeId: number;
  /** The add-account form type of the channel's accounts (SPEC §2). */
  merchantCode: number;
  payType: string;
  payTypeName: string;
  currency: Currency;
  /** The coin's outer id for digital addresses (SPEC §5 address table), 0 otherwise. */
  outerId: number;
  minAmountMinor: number;
  maxAmountMinor: number;
  /** False for methods that pay back along the deposit's route (SPEC §5: type 4). */
  needsAccount: boolean;
}

const cny = requireCurrency('CNY');
const usdt = requireCurrency('USDT');
const brl = requireCurrency('BRL');

/** Major units of a currency in minor units, for readable limits below. */
const major = (currency: Currency, amount: number) => amount * 10 ** currency.scale;

export const withdrawChannels: readonly WithdrawChannel[] = [
  {
    channelId: 201,
    payTypeId: 21,
    merchantCode: payoutAccountTypes.bankCard,
    payType: 'BANK_CARD',
    payTypeName: 'Bank card',
    currency: cny,
    outerId: 0,
    minAmountMinor: major(cny, 100),
    maxAmountMinor: major(cny, 50_000),
    needsAccount: true,
  },
  {
    channelId: 202,
    payTypeId: 22,
    merchantCode: payoutAccountTypes.localBank,
    payType: 'LOCAL_BANK',
    payTypeName: 'Local bank transfer',
    currency: cny,
    outerId: 0,
    minAmountMinor: major(cny, 50),
    maxAmountMinor: major(cny, 20_000),
    needsAccount: true,
  },
  {
    channelId: 203,
    payTypeId: 23,
    merchantCode: payoutAccountTypes.digitalAddress,
    payType: 'USDT_TRC20',
    payTypeName: 'USDT (TRC20)',
    currency: usdt,
    outerId: 1002,
    minAmountMinor: major(usdt, 10),
    maxAmountMinor: major(usdt, 100_000),
    needsAccount: true,
  },
  {
    channelId: 204,
    payTypeId: 24,
    merchantCode: payoutAccountTypes.noAccount,
    payType: 'DEPOSIT_ROUTE',
    payTypeName: 'Back to the deposit source',
    currency: cny,
    outerId: 0,
    minAmountMinor: major(cny, 100),
    maxAmountMinor: major(cny, 10_000),
    needsAccount: false,
  },
  {
    channelId: 205,
    payTypeId: 25,
    merchantCode: payoutAccountTypes.digitalAddressAlternate,
    payType: 'USDT_ERC20',
    payTypeName: 'USDT (ERC20)',
    currency: usdt,
    outerId: 1001,
    minAmountMinor: major(usdt, 20),
    maxAmountMinor: major(usdt, 100_000),
    needsAccount: true,
  },
  {
    channelId: 206,
    payTypeId: 26,
    merchantCode: payoutAccountTypes.pixKey,
    payType: 'PIX_KEY',
    payTypeName: 'Pix (phone, e-mail or random key)',
    currency: brl,
    outerId: 0,
    minAmountMinor: major(brl, 20),
    maxAmountMinor: major(brl, 50_000),
    needsAccount: true,
  },
  {
    channelId: 207,
    payTypeId: 27,
    merchantCode: payoutAccountTypes.pixDocument,
    payType: 'PIX_DOCUMENT',
    payTypeName: 'Pix (CPF or CNPJ)',
    currency: brl,
    outerId: 0,
    minAmountMinor: major(brl, 20),
    maxAmountMinor: major(brl, 50_000),
    needsAccount: true,
  },
];

export function findWithdrawChannel(channelId: number): WithdrawChannel | undefined {
  return withdrawChannels.find((channel) => channel.channelId === channelId);
}

export function findWithdrawChannelByPayType(payTypeId: number): WithdrawChannel | undefined {
  return withdrawChannels.find((channel) => channel.payTypeId === payTypeId);
}
