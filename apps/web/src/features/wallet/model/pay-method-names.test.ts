import { describe, expect, it } from 'vitest';
import { texts as en } from '../i18n.en';
import { texts as zh } from '../i18n.zh';
import {
  depositWayName,
  payoutAccountLabel,
  pixKindName,
  type Translate,
  withdrawChannelName,
} from './pay-method-names';

/** A translate function over one language's wallet texts, as i18next reads them. */
function translatorOf(tree: typeof en): Translate {
  return (key, options) => {
    const found = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);
    return typeof found === 'string' ? found : (options?.defaultValue ?? key);
  };
}
const inChinese = translatorOf(zh);

describe('pay method names in the page’s language', () => {
  it('names a deposit way by its code, not by the server’s English name', () => {
    expect(depositWayName(inChinese, { payType: 'BANK_CARD', merchantCode: 2 })).toBe('银行卡转账');
    expect(depositWayName(inChinese, { payType: 'E_WALLET', merchantCode: 3 })).toBe('电子钱包');
    expect(depositWayName(translatorOf(en), { payType: 'SHOP_QR', merchantCode: 2 })).toBe(
      'Shop QR payment',
    );
  });

  it('falls back to the translated type for a code it does not know', () => {
    expect(depositWayName(inChinese, { payType: 'NEW_WAY', merchantCode: 4 })).toBe('网银支付');
    expect(withdrawChannelName(inChinese, { payType: 'NEW_CHANNEL', merchantCode: 0 })).toBe(
      '银行卡',
    );
  });

  it('names channels, Pix kinds and saved accounts', () => {
    expect(withdrawChannelName(inChinese, { payType: 'DEPOSIT_ROUTE', merchantCode: 4 })).toBe(
      '原路退回充值来源',
    );
    expect(pixKindName(inChinese, 'PIX_EVP')).toBe('随机密钥');
    const account = { name: null, accountType: null, merchantCode: 0 };
    expect(payoutAccountLabel(inChinese, account, { payType: 'BANK_CARD' })).toBe('银行卡');
    expect(payoutAccountLabel(inChinese, { ...account, accountType: 'PIX_EMAIL' })).toBe(
      '电子邮箱',
    );
    expect(payoutAccountLabel(inChinese, { ...account, name: 'ICBC' })).toBe('ICBC');
  });
});
