import {
  collectionConfirm,
  collectionReceipts,
  collectionReject,
  collectionReviewList,
  loanLimitSet,
  loansSwitch,
  withdrawPayoutOutcome,
  withdrawQueue,
  withdrawReview,
  withdrawStatus,
  withdrawUnlock,
} from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import type { CollectionService } from '../deposits/collection.service';
import type { LoanService } from '../loans/loans.service';
import type { AuditService } from '../operators/audit.service';
import { auditActorOf, auditWithin } from '../operators/audit.service';
import type { StepOutcome, WithdrawReviewService } from '../withdrawals/withdraw-review.service';
import { toWithdrawRecord } from '../withdrawals/withdrawals.mappers';
import type { WithdrawalsModule } from '../withdrawals/withdrawals.module';

/**
 * The finance desk's calls. The money modules do the work and call back inside their own
 * transaction, where the action is written to the audit log: an action and its entry commit or
 * roll back together.
 */
export function registerFinanceRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  services: {
    review: WithdrawReviewService;
    collections: CollectionService;
    loans: LoanService;
    audit: AuditService;
    listWithdrawals: WithdrawalsModule['listByStatus'];
    /** Pushes a member's balances after a committed movement (never rejects). */
    notifyBalanceChanged: (userId: number) => void;
  },
): void {
  const { review, collections, loans, audit, listWithdrawals, notifyBalanceChanged } = services;

  /** The answer of a withdrawal step; a step that moved the member's money pushes the balance. */
  const stepAnswer = (outcome: StepOutcome) => {
    if (outcome.applied) notifyBalanceChanged(outcome.withdrawal.userId);
    return {
      withdrawal: { ...toWithdrawRecord(outcome.withdrawal), userId: outcome.withdrawal.userId },
      applied: outcome.applied,
    };
  };

  registerCall(app, authenticate, withdrawReview, async (input, context) =>
    stepAnswer(
      await review.review({
        target: { orderNo: input.orderNo },
        decision: input.decision,
        reason: input.reason,
        operatorId: auditActorOf(context).operatorId,
        audit: auditWithin(
          audit,
          context,
          `withdrawal.${input.decision}`,
          { type: 'withdrawal', id: input.orderNo },
          input.reason,
        ),
      }),
    ),
  );

  registerCall(app, authenticate, withdrawPayoutOutcome, async (input, context) => {
    const target = { orderNo: input.orderNo };
    const entry = { type: 'withdrawal', id: input.orderNo };
    if (input.outcome === 'completed')
      return stepAnswer(
        await review.completePayout(
          target,
          auditWithin(audit, context, 'withdrawal.payout_complete', entry),
        ),
      );
    if (!input.reason) throw new AppError('INVALID_INPUT', 'reason: is required when failed');
    return stepAnswer(
      await review.failPayout(
        target,
        input.reason,
        auditWithin(audit, context, 'withdrawal.payout_fail', entry, input.reason),
      ),
    );
  });

  registerCall(app, authenticate, withdrawQueue, async (input) => {
    const { rows, total } = await listWithdrawals({
      statuses:
        input.status === undefined
          ? [withdrawStatus.onWithdrawal, withdrawStatus.locking]
          : [input.status],
      userId: input.userId,
      offset: (input.page - 1) * input.size,
      limit: input.size,
    });
    return {
      records: rows.map((row) => ({ ...toWithdrawRecord(row), userId: row.userId })),
      total,
    };
  });

  registerCall(app, authenticate, withdrawUnlock, (input, context) =>
    review.unlock(
      input.userId,
      auditActorOf(context).operatorId,
      auditWithin(audit, context, 'member.withdraw_unlock', { type: 'member', id: input.userId }),
    ),
  );

  registerCall(app, authenticate, collectionReviewList, async (input) => ({
    records: await collections.listAwaitingReview(input),
  }));

  registerCall(app, authenticate, collectionReceipts, async (input) =>
    (await collections.receipts(input.orderNo)).map(({ content, ...receipt }) => ({
      ...receipt,
      contentBase64: Buffer.from(content).toString('base64'),
    })),
  );

  registerCall(app, authenticate, collectionConfirm, async (input, context) => {
    const { record, userId } = await collections.confirmCollection({
      orderNo: input.orderNo,
      operator: String(auditActorOf(context).operatorId),
      audit: auditWithin(audit, context, 'collection.confirm', {
        type: 'deposit',
        id: input.orderNo,
      }),
    });
    notifyBalanceChanged(userId);
    return record;
  });

  registerCall(app, authenticate, collectionReject, (input, context) =>
    collections.rejectCollection({
      orderNo: input.orderNo,
      operator: String(auditActorOf(context).operatorId),
      reason: input.reason,
      audit: auditWithin(
        audit,
        context,
        'collection.reject',
        { type: 'deposit', id: input.orderNo },
        input.reason,
      ),
    }),
  );

  registerCall(app, authenticate, loanLimitSet, (input, context) =>
    loans.setLoanLimit(
      input.userId,
      input.currencyId,
      input.limit,
      auditActorOf(context).operatorId,
      auditWithin(audit, context, 'member.loan_limit', { type: 'member', id: input.userId }),
    ),
  );

  registerCall(app, authenticate, loansSwitch, async (input, context) => {
    await loans.setLoansEnabled(
      input.enabled,
      auditActorOf(context).operatorId,
      auditWithin(audit, context, 'site.loans_enabled', { type: 'site', id: 'loans' }),
    );
    return { enabled: input.enabled };
  });
}
