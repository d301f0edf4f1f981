import { randomUUID } from 'node:crypto';
import { type BalanceEntry, type LoanRecord, loanRecordType } from '@sb/contract';
import { type Currency, findCurrencyById, formatMinorUnits } from '@sb/domain';
import { AppError } from '../../http/app-error';
import type { Ledger } from '../ledger/ledger.service';
import type { AuditWithin } from '../operators/audit.service';
import type { WalletMember } from '../wallet/wallet.service';
import type { LoanAccountRow, LoanRecordRow, LoanRepository } from './loans.repository';

// The members' credit lines, which the wallet's balances and identity's session show.
export { createCreditReader } from './loan-credit';

/** The largest credit limit an operator may give: far above any real line, far below overflow. */
export const maxCreditLimitMinor = 1_000_000_000_000_000;
const defaultPageSize = 10;

export type LoanKind = 'borrow' | 'repay';

export interface MoneyInput {
  amount: number;
  currencyId?: number | undefined;
  scale?: number | undefined;
}

export interface LoanServiceOptions {
  repository: LoanRepository;
  ledger: Ledger;
  /** What the wallet knows of a member; refuses unknown and blocked users. */
  findMember: (userId: number) => Promise<WalletMember>;
  balanceEntryOf: (member: WalletMember, currencyId: number) => Promise<BalanceEntry>;
  /** Pushes the member's balances after their money (or credit) changed; never rejects. */
  notifyBalanceChanged: (userId: number) => Promise<void>;
  now: () => Date;
}

/** Loans are real money: never in demo money, never for demo players or visitors. */
function loanCurrency(currencyId: number, scale: number | undefined): Currency {
  const currency = findCurrencyById(currencyId);
  if (!currency || currency.isDemo) throw new AppError('CURRENCY_NOT_ALLOWED', String(currencyId));
  if (scale !== undefined && scale !== currency.scale)
    throw new AppError(
      'INVALID_INPUT',
      `scale: ${currency.currencyCode} has scale ${currency.scale}`,
    );
  return currency;
}

function requireBorrower(member: WalletMember): void {
  if (member.isDemo || member.isVisitor) throw new AppError('NOT_ALLOWED_FOR_MEMBER_TYPE');
}

function toWireRecord(row: LoanRecordRow): LoanRecord {
  const currency = findCurrencyById(row.currencyId);
  if (!currency) throw new Error(`loan record ${row.id} has unknown currency ${row.currencyId}`);
  return {
    orderNo: `L${String(row.id).padStart(10, '0')}`,
    type: row.kind === 'borrow' ? loanRecordType.borrow : loanRecordType.repay,
    amount: row.amount,
    scale: currency.scale,
    currencyId: currency.currencyId,
    currencyCode: currency.currencyCode,
    loanAmount: row.outstandingAfter,
    createTime: row.createdAt.getTime(),
  };
}

const inMajorUnits = (amountMinor: number, currency: Currency) =>
  `${formatMinorUnits(amountMinor, currency.scale)} ${currency.currencyCode}`;

/** Borrowing stays within the limit less what is owed; repaying within what is owed. */
function assertWithinCreditLine(
  kind: LoanKind,
  amount: number,
  account: LoanAccountRow | undefined,
  currency: Currency,
): void {
  const outstanding = account?.outstanding ?? 0;
  if (kind === 'borrow') {
    const availableCredit = Math.max(0, (account?.creditLimit ?? 0) - outstanding);
    if (amount > availableCredit)
      throw new AppError(
        'LOAN_LIMIT_EXCEEDED',
        `at most ${inMajorUnits(availableCredit, currency)} can be borrowed now`,
      );
  } else if (amount > outstanding) {
    throw new AppError('REPAY_EXCEEDS_LOAN', `${inMajorUnits(outstanding, currency)} is owed`);
  }
}

export function createLoanService(options: LoanServiceOptions) {
  const { repository, ledger, now } = options;

  /**
   * Borrows or repays once per member and key. The member's credit line is locked first, so
   * their loan calls in a currency run one after another: the limit and the debt are read and
   * changed with nothing in between, and a retry finds the record of the first call.
   */
  async function moveMoney(
    kind: LoanKind,
    userId: number,
    input: MoneyInput,
    clientKey: string | undefined,
  ) {
    const member = await options.findMember(userId);
    requireBorrower(member);
    const currency = loanCurrency(input.currencyId ?? member.currencyId, input.scale);
    const { currencyId } = currency;
    // A call without a key is still accepted (DESIGN §5); it simply cannot be retried safely.
    const idempotencyKey = clientKey ?? `unkeyed:${randomUUID()}`;
    const { record, isReplay } = await repository.transaction(async (loans, tx) => {
      // Only new credit waits for the switch: a debt can always be repaid.
      if (kind === 'borrow' && !(await loans.readLoansEnabled()))
        throw new AppError('LOANS_DISABLED');
      const account = await loans.lockAccount(userId, currencyId);
      const earlier = await loans.findRecordByKey(userId, idempotencyKey);
      if (earlier) {
        const isSameRequest =
          earlier.kind === kind &&
          earlier.currencyId === currencyId &&
          earlier.amount === input.amount;
        if (!isSameRequest) throw new AppError('IDEMPOTENCY_CONFLICT');
        return { record: earlier, isReplay: true };
      }
      assertWithinCreditLine(kind, input.amount, account, currency);
      const signed = kind === 'borrow' ? input.amount : -input.amount;
      const movement = {
        idempotencyKey: `loan:${userId}:${idempotencyKey}`,
        kind: `loan_${kind}`,
        reference: `loan:${userId}:${currencyId}`,
      };
      // A repayment takes the member's own money out of main: through the ledger's debit gate,
      // which refuses more than the available balance (INSUFFICIENT_FUNDS).
      const { transactionId, replayed } =
        kind === 'borrow'
          ? await ledger.transferWithin(tx, {
              ...movement,
              postings: [
                { account: { systemCode: 'loans_receivable', currencyId }, amount: -input.amount },
                { account: { userId, bucket: 'main', currencyId }, amount: input.amount },
              ],
            })
          : await ledger.debitWithin(tx, {
              ...movement,
              userId,
              currencyId,
              amountMinor: input.amount,
              to: { systemCode: 'loans_receivable' },
            });
      // The credit line's lock makes a retry find the record above; the ledger cannot have it.
      if (replayed)
        throw new Error(`loan key ${idempotencyKey} of ${userId} moved money without a record`);
      const moment = now();
      const outstandingAfter = await loans.addOutstanding(userId, currencyId, signed, moment);
      const inserted = await loans.insertRecord({
        userId,
        currencyId,
        kind,
        amount: input.amount,
        outstandingAfter,
        idempotencyKey,
        ledgerTransactionId: transactionId,
        createdAt: moment,
      });
      return { record: inserted, isReplay: false };
    });
    if (!isReplay) void options.notifyBalanceChanged(userId);
    return {
      record: toWireRecord(record),
      balance: await options.balanceEntryOf(member, currencyId),
    };
  }

  return {
    borrow: (userId: number, input: MoneyInput, idempotencyKey: string | undefined) =>
      moveMoney('borrow', userId, input, idempotencyKey),

    repay: (userId: number, input: MoneyInput, idempotencyKey: string | undefined) =>
      moveMoney('repay', userId, input, idempotencyKey),

    async records(
      userId: number,
      input: {
        page?: number | undefined;
        size?: number | undefined;
        currencyId?: number | undefined;
        startTime?: number | undefined;
        endTime?: number | undefined;
      },
    ) {
      if (input.currencyId !== undefined && !findCurrencyById(input.currencyId))
        throw new AppError('INVALID_INPUT', 'currencyId: no such currency');
      if (
        input.startTime !== undefined &&
        input.endTime !== undefined &&
        input.endTime < input.startTime
      )
        throw new AppError('INVALID_INPUT', 'endTime: must not be before startTime');
      const page = input.page ?? 1;
      const size = input.size ?? defaultPageSize;
      const filter = {
        userId,
        currencyId: input.currencyId,
        from: input.startTime,
        until: input.endTime,
      };
      const [rows, total] = await Promise.all([
        repository.listRecords(filter, size, (page - 1) * size),
        repository.countRecords(filter),
      ]);
      return { records: rows.map(toWireRecord), total, page, size };
    },

    /**
     * For operators: sets a member's credit limit in a currency (the operator call comes later).
     * A limit below what the member owes stops further borrowing; repaying still works.
     */
    async setLoanLimit(
      userId: number,
      currencyId: number,
      limit: number,
      operatorId: number,
      audit?: AuditWithin,
    ) {
      if (!Number.isSafeInteger(limit) || limit < 0 || limit > maxCreditLimitMinor)
        throw new AppError('INVALID_INPUT', `limit: must be an integer 0..${maxCreditLimitMinor}`);
      if (!Number.isSafeInteger(operatorId) || operatorId <= 0)
        throw new AppError('INVALID_INPUT', 'operatorId: must be a positive integer');
      loanCurrency(currencyId, undefined);
      const member = await options.findMember(userId).catch((error: unknown) => {
        if (error instanceof AppError && error.errorName === 'TOKEN_INVALID')
          throw new AppError('INVALID_INPUT', 'userId: no such member');
        throw error;
      });
      requireBorrower(member);
      const line = await repository.transaction(async (loans, tx) => {
        const moment = now();
        const account = await loans.lockOrCreateAccount(userId, currencyId);
        await audit?.(tx, {
          before: { currencyId, creditLimit: account.creditLimit },
          after: { currencyId, creditLimit: limit },
        });
        await loans.setCreditLimit(userId, currencyId, limit, moment);
        await loans.insertLimitChange({
          userId,
          currencyId,
          previousLimit: account.creditLimit,
          newLimit: limit,
          operatorId,
          createdAt: moment,
        });
        return { userId, currencyId, creditLimit: limit, outstanding: account.outstanding };
      });
      void options.notifyBalanceChanged(userId);
      return line;
    },

    /** For operators: turns loans on or off for the whole site, at once on every process. */
    async setLoansEnabled(
      isEnabled: boolean,
      operatorId: number | null,
      audit?: AuditWithin,
    ): Promise<void> {
      await repository.transaction(async (loans, tx) => {
        const wasEnabled = await loans.readLoansEnabled();
        await loans.writeLoansEnabled(isEnabled, operatorId, now());
        await audit?.(tx, {
          before: { loansEnabled: wasEnabled },
          after: { loansEnabled: isEnabled },
        });
      });
    },

    isLoansEnabled: () => repository.readLoansEnabled(),
  };
}

export type LoanService = ReturnType<typeof createLoanService>;
