import { withdrawPayoutOutcome, withdrawQueue, withdrawReview, withdrawUnlock } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import { type AuditService, auditActorOf, auditWithin } from '../operators/audit.service';
import type { WithdrawQueue } from './withdraw-queue';
import type { StepOutcome, WithdrawReviewService } from './withdraw-review.service';
import { toWithdrawRecord } from './withdrawals.mappers';

/**
 * The finance desk's withdrawal calls: the queue, review, payout outcomes and unlocking. The
 * review service calls back inside its own transaction, where the action is written to the
 * audit log: an action and its entry commit or roll back together.
 */
export function registerWithdrawDeskRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: {
    review: WithdrawReviewService;
    queue: WithdrawQueue;
    audit: AuditService;
    /** Pushes a member's balances after a committed movement (never rejects). */
    notifyBalanceChanged: (userId: number) => void;
  },
): void {
  const { review, queue, audit, notifyBalanceChanged } = deps;

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
    return stepAnswer(
      await review.failPayout(
        target,
        input.reason,
        auditWithin(audit, context, 'withdrawal.payout_fail', entry, input.reason),
      ),
    );
  });

  registerCall(app, authenticate, withdrawQueue, (input) => queue.list(input));

  registerCall(app, authenticate, withdrawUnlock, (input, context) =>
    review.unlock(
      input.userId,
      auditActorOf(context).operatorId,
      auditWithin(audit, context, 'member.withdraw_unlock', { type: 'member', id: input.userId }),
    ),
  );
}
