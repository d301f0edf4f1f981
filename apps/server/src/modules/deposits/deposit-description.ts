import type { Language } from '@sb/contract';
import type { PayTypeDefinition } from './pay-types';

/**
 * The names of the hosted ways to pay in Chinese, as the member site names them. A coin's way is
 * named by its code and a conversion by its currencies, in every language.
 */
const hostedWayNames: Record<string, Record<Exclude<Language, 'en'>, string>> = {
  E_WALLET: { zh: '电子钱包', zht: '電子錢包' },
  ONLINE_BANKING: { zh: '网银支付', zht: '網銀支付' },
  PIX_QR: { zh: 'Pix 二维码', zht: 'Pix 二維碼' },
  PIX_KEY: { zh: 'Pix 密钥', zht: 'Pix 密鑰' },
};

/**
 * What a hosted deposit is for, as the payer reads it on the provider's page: in the language
 * the member asked in, since a provider shows the merchant's description as it was given.
 */
export function describeHostedDeposit(payType: PayTypeDefinition, language: Language): string {
  const { currencyCode: paid, toCurrencyCode: credited, rate } = payType;
  if (payType.currencyId !== payType.toCurrencyId) {
    if (language === 'zh') return `${paid} 存款，按 ${rate} 的汇率以 ${credited} 入账`;
    if (language === 'zht') return `${paid} 存款，按 ${rate} 的匯率以 ${credited} 入帳`;
    return `Deposit of ${paid}, credited in ${credited} at ${rate}`;
  }
  if (language === 'en') return `Deposit by ${payType.payTypeName}`;
  const name = hostedWayNames[payType.payType]?.[language] ?? payType.payTypeName;
  // A coin's code keeps a space before the Chinese word, as the site writes "USDT 存款".
  return /[A-Za-z]$/.test(name) ? `${name} 存款` : `${name}存款`;
}
