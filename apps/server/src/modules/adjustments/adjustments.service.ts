import { type Adjustment, adjustmentStatus } from '@sb/contract';
import { findCurrencyById } from '@sb/domain';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { Ledger } from '../ledger/ledger.service';
import type { AuditWithin } from '../operators/audit.service';
import type { WalletMember } from '../wallet/wallet.service';
import type {
  AdjustmentQueries,
  AdjustmentRepository,
  AdjustmentRow,
} from './adjustments.repository';

export interface AdjustmentRequest {
  userId: number;
  currencyId: number;
  amount: number;
  scale: number;
  reason: string;
  idempotencyKey?: string | undefined;
  operatorId: number;
}

function toAdjustment(row: AdjustmentRow): Adjustment {
  return {
    id: row.id,
    userId: row.userId,
    currencyId: row.currencyId,
    amount: row.amount,
    scale: findCurrencyById(row.currencyId)?.scale ?? 0,
    reason: row.reason,
    status: row.status,
    createdBy: row.createdBy,
    createdAt: row.createdAt.getTime(),
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.getTime() ?? null,
    decisionReason: row.decisionReason,
  };
}

/** The window over which one pair of eyes' adjustments add up against the approval limit. */
const dailyWindowMs = 24 * 60 * 60 * 1000;

/**
 * Manual adjustments of members' main balances by the finance desk. Each has a reason. One pair
 * of eyes may move at most `approvalAboveMajor` major units of a currency (either way, summed)
 * in any 24 hours, per operator and per member: an adjustment that would take the operator's or
 * the member's total past it waits for a second finance operator, never the one who asked, so a
 * large sum split into small ones waits like the large one. The money moves in the transaction
 * that applies it (a debit the member cannot cover is refused, and nothing is written), with the
 * audit entry.
 */
export function createAdjustmentService(deps: {
  repository: AdjustmentRepository;
  ledger: Ledger;
  now: () => Date;
  approvalAboveMajor: number;
  /** The member, blocked ones included (a chargeback is settled on a blocked account); NOT_FOUND when there is none. */
  findMember: (userId: number) => Promise<WalletMember>;
}) {
  const { repository, ledger, now } = deps;

  /** Moves the money of an adjustment, once: its id is the ledger's idempotency key. */
  async function apply(tx: Database, row: AdjustmentRow): Promise<void> {
    const member = { userId: row.userId, bucket: 'main' as const, currencyId: row.currencyId };
    const book = { systemCode: 'adjustments' as const, currencyId: row.currencyId };
    await ledger.transferWithin(tx, {
      idempotencyKey: `adjustment:${row.id}`,
      kind: 'adjustment',
      reference: `adjustment:${row.id}`,
      metadata: { reason: row.reason, createdBy: row.createdBy, decidedBy: row.decidedBy },
      postings: [
        { account: member, amount: row.amount },
        { account: book, amount: -row.amount },
      ],
    });
  }

  async function requireMemberCurrency(request: AdjustmentRequest): Promise<void> {
    const currency = findCurrencyById(request.currencyId);
    if (!currency)
      throw new AppError('INVALID_INPUT', `currencyId: no currency ${request.currencyId}`);
    if (request.scale !== currency.scale)
      throw new AppError(
        'INVALID_INPUT',
        `scale: ${currency.currencyCode} amounts have scale ${currency.scale}, not ${request.scale}`,
      );
    const member = await deps.findMember(request.userId);
    if (member.isVisitor) throw new AppError('NOT_FOUND', `userId: no member ${request.userId}`);
    if (member.isDemo !== currency.isDemo)
      throw new AppError(
        'CURRENCY_NOT_ALLOWED',
        `currencyId: ${currency.currencyCode} is not a currency of member ${request.userId}`,
      );
  }

  /** The adjustment an earlier call with the same key made; a different request is refused. */
  async function sameRequestOf(
    adjustments: AdjustmentQueries,
    request: AdjustmentRequest,
  ): Promise<Adjustment> {
    const earlier = await adjustments.findByKey(request.operatorId, request.idempotencyKey ?? '');
    const isSame =
      earlier?.userId === request.userId &&
      earlier.currencyId === request.currencyId &&
      earlier.amount === request.amount;
    if (!earlier || !isSame) throw new AppError('IDEMPOTENCY_CONFLICT');
    return toAdjustment(earlier);
  }

  const approvalAboveMinor = (currencyId: number) =>
    deps.approvalAboveMajor * 10 ** (findCurrencyById(currencyId)?.scale ?? 0);

  return {
    async create(request: AdjustmentRequest, audit: AuditWithin): Promise<Adjustment> {
      await requireMemberCurrency(request);
      return repository.transaction(async (adjustments, tx) => {
        await adjustments.lockDailyTotals(request.operatorId, request.userId);
        const at = now();
        const alone = await adjustments.appliedAloneSince({
          operatorId: request.operatorId,
          userId: request.userId,
          currencyId: request.currencyId,
          since: new Date(at.getTime() - dailyWindowMs),
        });
        const appliesAlone =
          Math.max(alone.byOperator, alone.toMember) + Math.abs(request.amount) <=
          approvalAboveMinor(request.currencyId);
        // A retried call (the same operator and key) finds the adjustment it made.
        const row = await adjustments.insertUnlessKeyTaken({
          userId: request.userId,
          currencyId: request.currencyId,
          amount: request.amount,
          reason: request.reason,
          status: appliesAlone ? adjustmentStatus.applied : adjustmentStatus.pending,
          createdBy: request.operatorId,
          idempotencyKey: request.idempotencyKey ?? null,
          createdAt: at,
          decidedBy: appliesAlone ? request.operatorId : null,
          decidedAt: appliesAlone ? at : null,
        });
        if (!row) return sameRequestOf(adjustments, request);
        if (appliesAlone) await apply(tx, row);
        await audit(tx, { before: null, after: toAdjustment(row) });
        return toAdjustment(row);
      });
    },

    async decide(
      decision: { id: number; approve: boolean; reason?: string | undefined; operatorId: number },
      audit: AuditWithin,
    ): Promise<Adjustment & { applied: boolean }> {
      if (!decision.approve && !decision.reason)
        throw new AppError('INVALID_INPUT', 'reason: is required to reject');
      return repository.transaction(async (adjustments, tx) => {
        const before = await adjustments.lock(decision.id);
        if (!before) throw new AppError('NOT_FOUND', `id: no adjustment ${decision.id}`);
        if (before.status !== adjustmentStatus.pending)
          return { ...toAdjustment(before), applied: false };
        if (before.createdBy === decision.operatorId)
          throw new AppError('ADJUSTMENT_NEEDS_SECOND_OPERATOR');
        const after = await adjustments.update(decision.id, {
          status: decision.approve ? adjustmentStatus.applied : adjustmentStatus.rejected,
          decidedBy: decision.operatorId,
          decidedAt: now(),
          decisionReason: decision.reason ?? null,
        });
        if (!after) throw new Error(`adjustment ${decision.id} vanished under its lock`);
        if (decision.approve) await apply(tx, after);
        await audit(tx, { before: toAdjustment(before), after: toAdjustment(after) });
        return { ...toAdjustment(after), applied: true };
      });
    },

    async list(query: {
      status?: number | undefined;
      userId?: number | undefined;
      page: number;
      size: number;
    }) {
      const { rows, total } = await repository.list(
        { status: query.status, userId: query.userId },
        (query.page - 1) * query.size,
        query.size,
      );
      return {
        records: rows.map(toAdjustment),
        total,
        approvalAboveMajor: deps.approvalAboveMajor,
      };
    },
  };
}

export type AdjustmentService = ReturnType<typeof createAdjustmentService>;
