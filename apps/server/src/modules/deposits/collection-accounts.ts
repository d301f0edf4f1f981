import { randomInt } from 'node:crypto';
import { collectionShowType } from '@sb/contract';
import type { CollectionPayee } from './deposits.schema';
import type { PayTypeDefinition } from './pay-types';

/**
 * The site's own receiving accounts for collection orders (type 2), static in code like the pay
 * types. An order names one, chosen at random so transfers spread over the accounts; the `note`
 * is a code the member writes in the transfer's remark so an operator can match the money to the
 * order. Sandbox values: a deployment lists its real accounts here.
 */
const bankCards = [
  {
    cardholder: 'Sandbox Collections Ltd',
    bank: 'Sandbox Commercial Bank',
    bankNo: '6222020000001234567',
  },
  {
    cardholder: 'Sandbox Trading Co',
    bank: 'Sandbox Merchants Bank',
    bankNo: '6214830000007654321',
  },
] as const;

const shops = [
  { shop: 'Sandbox Corner Shop', receiptCode: 'https://pay.sandbox.invalid/shop/corner-7' },
  { shop: 'Sandbox Tea House', receiptCode: 'https://pay.sandbox.invalid/shop/tea-house-7' },
] as const;

/** A payee for a new collection order of the pay type. */
export function choosePayee(payType: PayTypeDefinition): CollectionPayee {
  const note = String(randomInt(100_000, 1_000_000));
  if (payType.payType === 'SHOP_QR') {
    const shop = shops[randomInt(shops.length)] ?? shops[0];
    return {
      showType: collectionShowType.shopQrCode,
      cardholder: null,
      shop: shop.shop,
      bank: null,
      bankNo: null,
      receiptCode: shop.receiptCode,
      note,
    };
  }
  const card = bankCards[randomInt(bankCards.length)] ?? bankCards[0];
  return {
    showType: collectionShowType.bankCard,
    cardholder: card.cardholder,
    shop: null,
    bank: card.bank,
    bankNo: card.bankNo,
    receiptCode: null,
    note,
  };
}
