import { demoCurrencyCode, requireCurrency } from '@sb/domain';
import type { Ledger } from '../ledger/ledger.service';

/** A try-play account starts with 10,000.00 in demo money. */
export const demoStartingBalanceMinor = 1_000_000;

/**
 * Credits a new demo account its starting demo money from the demo issuer. Keyed by the user, so
 * the grant happens once however often it is asked for.
 */
export function createDemoBalanceGranter(ledger: Ledger) {
  const currencyId = requireCurrency(demoCurrencyCode).currencyId;
  return async (userId: number): Promise<void> => {
    await ledger.transfer({
      idempotencyKey: `demo-grant:${userId}`,
      kind: 'demo_grant',
      postings: [
        { account: { systemCode: 'demo_issuer', currencyId }, amount: -demoStartingBalanceMinor },
        { account: { userId, bucket: 'main', currencyId }, amount: demoStartingBalanceMinor },
      ],
    });
  };
}
