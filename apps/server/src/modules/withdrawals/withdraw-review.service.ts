import { withdrawStatus } from '@sb/contract';
import { AppError } from '../../http/app-error';
import type { Ledger, Posting } from '../ledger/ledger.service';
import type { AuditWithin } from '../operators/audit.service';
import type { WithdrawalRow, WithdrawalsRepository } from './withdrawals.repository';

/** Which withdrawal an operator means: its id or its order number. */
export type WithdrawalTarget = { withdrawalId: number } | { orderNo: string };

export type ReviewDecision = 'approve' | 'reject';

export interface StepOutcome {
  withdrawal: WithdrawalRow;
  /** False when this step had already been taken: the answer is the state it left. */
  applied: boolean;
}

/** Bound on an operator's reason; it is shown to the member as the record's remark. */
export const maxReasonLength = 200;

const reviewable = [withdrawStatus.onWithdrawal, withdrawStatus.locking];

interface Step {
  /** What the withdrawal becomes. */
  to: number;
  from: number[];
  /** Statuses that mean this step was already taken (so a repeat answers without effect). */
  alreadyTakenIn: number[];
  ledgerKind: string;
  postings: (row: WithdrawalRow) => Posting[];
}

/**
 * The postings of every step after creation (creation froze main → frozen):
 * approve moves the frozen funds out to withdrawals_in_transit, where they have left the member;
 * reject gives them back to the member's main bucket; a payout that fails after approval comes
 * back from withdrawals_in_transit to main; a completed payout moves them from
 * withdrawals_in_transit to payouts_completed, out of the book (docs/withdrawals.md).
 */
const steps = {
  approve: {
    to: withdrawStatus.waitingForAccount,
    from: reviewable,
    alreadyTakenIn: [
      withdrawStatus.waitingForAccount,
      withdrawStatus.completed,
      withdrawStatus.failed,
    ],
    ledgerKind: 'withdraw_approve',
    postings: (row) => [
      {
        account: { userId: row.userId, bucket: 'frozen', currencyId: row.currencyId },
        amount: -row.amount,
      },
      {
        account: { systemCode: 'withdrawals_in_transit', currencyId: row.currencyId },
        amount: row.amount,
      },
    ],
  },
  reject: {
    to: withdrawStatus.turnedDown,
    from: reviewable,
    alreadyTakenIn: [withdrawStatus.turnedDown],
    ledgerKind: 'withdraw_release',
    postings: (row) => [
      {
        account: { userId: row.userId, bucket: 'frozen', currencyId: row.currencyId },
        amount: -row.amount,
      },
      {
        account: { userId: row.userId, bucket: 'main', currencyId: row.currencyId },
        amount: row.amount,
      },
    ],
  },
  complete: {
    to: withdrawStatus.completed,
    from: [withdrawStatus.waitingForAccount],
    alreadyTakenIn: [withdrawStatus.completed],
    ledgerKind: 'withdraw_payout_completed',
    postings: (row) => [
      {
        account: { systemCode: 'withdrawals_in_transit', currencyId: row.currencyId },
        amount: -row.amount,
      },
      {
        account: { systemCode: 'payouts_completed', currencyId: row.currencyId },
        amount: row.amount,
      },
    ],
  },
  fail: {
    to: withdrawStatus.failed,
    from: [withdrawStatus.waitingForAccount],
    alreadyTakenIn: [withdrawStatus.failed],
    ledgerKind: 'withdraw_payout_failed',
    postings: (row) => [
      {
        account: { systemCode: 'withdrawals_in_transit', currencyId: row.currencyId },
        amount: -row.amount,
      },
      {
        account: { userId: row.userId, bucket: 'main', currencyId: row.currencyId },
        amount: row.amount,
      },
    ],
  },
} satisfies Record<string, Step>;

const statusNames: Record<number, string> = {
  [withdrawStatus.onWithdrawal]: 'waiting for review',
  [withdrawStatus.locking]: 'under review',
  [withdrawStatus.waitingForAccount]: 'approved',
  [withdrawStatus.completed]: 'completed',
  [withdrawStatus.turnedDown]: 'turned down',
  [withdrawStatus.failed]: 'failed',
};

function checkReason(reason: string | undefined, isRequired: boolean): string | null {
  const text = reason?.trim() ?? '';
  if (isRequired && text === '') throw new AppError('INVALID_INPUT', 'reason: is required');
  if (text.length > maxReasonLength)
    throw new AppError('INVALID_INPUT', `reason: must be at most ${maxReasonLength} characters`);
  return text === '' ? null : text;
}

/**
 * The operator's side of withdrawals: review, the payout's outcome, and clearing a withdrawal
 * lock. Every step changes the status from an expected one in the same transaction as its
 * postings, so however many times and however concurrently a step is asked for, it takes effect
 * once, and of two conflicting steps (approve and reject) exactly one does.
 */
export function createWithdrawReviewService(deps: {
  repository: WithdrawalsRepository;
  ledger: Ledger;
  now: () => Date;
}) {
  const { repository, ledger, now } = deps;

  async function find(target: WithdrawalTarget): Promise<WithdrawalRow> {
    const row =
      'withdrawalId' in target
        ? await repository.findById(target.withdrawalId)
        : await repository.findByOrderNo(target.orderNo);
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    return row;
  }

  async function take(
    target: WithdrawalTarget,
    step: Step,
    values: { reason?: string | null; reviewedBy?: number; reviewedAt?: Date; settledAt?: Date },
    audit: AuditWithin | undefined,
  ): Promise<StepOutcome> {
    const { id } = await find(target);
    return repository.transaction(async (bound, tx) => {
      // Locked first, so that what the audit log calls "before" is what the step changed.
      const before = await bound.lockById(id);
      const changed = await bound.changeStatus(id, step.from, { status: step.to, ...values });
      if (!changed) {
        const current = await bound.findById(id);
        if (current && step.alreadyTakenIn.includes(current.status))
          return { withdrawal: current, applied: false };
        throw new AppError(
          'WITHDRAWAL_STATUS_CONFLICT',
          `withdrawal is ${statusNames[current?.status ?? -1] ?? 'unknown'}`,
        );
      }
      await ledger.transferWithin(tx, {
        idempotencyKey: `${step.ledgerKind}:${changed.id}`,
        kind: step.ledgerKind,
        reference: changed.orderNo,
        metadata: { withdrawalId: changed.id, status: step.to },
        postings: step.postings(changed),
      });
      await audit?.(tx, { before, after: changed });
      return { withdrawal: changed, applied: true };
    });
  }

  return {
    /** Approve (funds leave to withdrawals_in_transit) or reject (funds back to the member). */
    async review(input: {
      target: WithdrawalTarget;
      decision: ReviewDecision;
      reason?: string | undefined;
      operatorId: number;
      audit?: AuditWithin;
    }): Promise<StepOutcome> {
      const reason = checkReason(input.reason, input.decision === 'reject');
      return take(
        input.target,
        steps[input.decision],
        { reason, reviewedBy: input.operatorId, reviewedAt: now() },
        input.audit,
      );
    },

    /** The payment side confirmed the money reached the account. */
    completePayout(target: WithdrawalTarget, audit?: AuditWithin): Promise<StepOutcome> {
      return take(target, steps.complete, { settledAt: now() }, audit);
    },

    /** The payout failed after approval: the funds return to the member. A reason is required. */
    async failPayout(
      target: WithdrawalTarget,
      reason: string | undefined,
      audit?: AuditWithin,
    ): Promise<StepOutcome> {
      return take(
        target,
        steps.fail,
        { reason: checkReason(reason, true), settledAt: now() },
        audit,
      );
    },

    /** Clears a withdrawal lock (5023) and its count; false when the member was not locked. */
    async unlock(
      userId: number,
      operatorId: number,
      audit?: AuditWithin,
    ): Promise<{ wasLocked: boolean }> {
      return repository.transaction(async (bound, tx) => {
        const wasLocked = await bound.unlock(userId, operatorId, now());
        if (wasLocked) await audit?.(tx, { before: { locked: true }, after: { locked: false } });
        return { wasLocked };
      });
    },
  };
}

export type WithdrawReviewService = ReturnType<typeof createWithdrawReviewService>;
