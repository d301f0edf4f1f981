import { assertAccountFits, type GameBucket, type MarketCapitalBucket } from './accounts';
import type { EntityAccountCode, SystemAccountCode, TransferRequest } from './ledger.service';

/**
 * Where a debit of a member's main balance may send the money: a pooled system account (a stake
 * to stakes_held, a repayment to loans_receivable), an entity account (a stake on a member-run
 * market to its escrow), or another bucket of the member's own: frozen (a withdrawal), a game
 * provider's balance (`gameBucket(…)`), a market's capital (`marketCapitalBucket(…)`). Never
 * the bonus bucket: bonus money comes only from a campaign's budget.
 */
export type DebitDestination =
  | { systemCode: SystemAccountCode | EntityAccountCode }
  | { bucket: 'frozen' | GameBucket | MarketCapitalBucket };

/**
 * A movement of a member's own money out of their main balance: a stake held, a withdrawal
 * frozen, a loan repaid, money moved to a game balance, capital put up for a market, a stake
 * into a market's escrow. Every such movement is built here and booked through the debit gate
 * (docs/ledger.md), where the checks that must hold in the same transaction as the movement
 * live, the same for every product.
 */
export interface MemberDebit {
  idempotencyKey: string;
  kind: string;
  /** What the debit is for (an order number, a withdrawal number…). */
  reference: string;
  metadata?: Record<string, unknown>;
  userId: number;
  currencyId: number;
  /** Minor units, above zero. */
  amountMinor: number;
  /** Where the money goes. */
  to: DebitDestination;
}

/**
 * The debit as the ledger's one transfer: member main −amount, destination +amount. Refuses an
 * amount that is not a positive safe integer, a destination not of the account model and a kind
 * that may not move the destination (accounts.ts): bugs in the caller, not a member's error.
 */
export function debitTransferOf(debit: MemberDebit): TransferRequest {
  const { userId, currencyId, amountMinor } = debit;
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new Error(`a debit needs a positive safe integer amount, got ${amountMinor}`);
  if ('bucket' in debit.to && (debit.to.bucket as string) === 'bonus')
    throw new Error('a debit cannot fund a bonus: bonus money comes from a campaign');
  const destination =
    'systemCode' in debit.to
      ? { systemCode: debit.to.systemCode, currencyId }
      : { userId, bucket: debit.to.bucket, currencyId };
  assertAccountFits(destination, debit.kind);
  return {
    idempotencyKey: debit.idempotencyKey,
    kind: debit.kind,
    reference: debit.reference,
    ...(debit.metadata === undefined ? {} : { metadata: debit.metadata }),
    postings: [
      { account: { userId, bucket: 'main', currencyId }, amount: -amountMinor },
      { account: destination, amount: amountMinor },
    ],
  };
}
