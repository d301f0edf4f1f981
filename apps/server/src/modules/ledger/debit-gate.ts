import type { SystemAccountCode, TransferRequest } from './ledger.service';

/**
 * A movement of a member's own money out of their main balance: a stake held, a withdrawal
 * frozen, a loan repaid; next, money moved to a game wallet or put up as a market's capital.
 * Every such movement is built here and booked through the debit gate (docs/ledger.md), where
 * the checks that must hold in the same transaction as the movement live.
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
  /** Where the money goes: a system account, or the member's own frozen bucket. */
  to: { systemCode: SystemAccountCode } | { bucket: 'frozen' };
}

/**
 * The debit as the ledger's one transfer: member main −amount, destination +amount. Refuses an
 * amount that is not a positive safe integer: a bug in the caller, not a member's error.
 */
export function debitTransferOf(debit: MemberDebit): TransferRequest {
  const { userId, currencyId, amountMinor } = debit;
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new Error(`a debit needs a positive safe integer amount, got ${amountMinor}`);
  const destination =
    'systemCode' in debit.to
      ? { systemCode: debit.to.systemCode, currencyId }
      : { userId, bucket: debit.to.bucket, currencyId };
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
