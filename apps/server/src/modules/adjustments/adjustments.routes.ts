import { adjustmentCreate, adjustmentDecide, adjustmentList } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import type { AuditService } from '../operators/audit.service';
import { auditActorOf, auditWithin } from '../operators/audit.service';
import type { AdjustmentService } from './adjustments.service';

/** The finance desk's manual adjustments: created, decided by a second operator, listed. */
export function registerAdjustmentRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: {
    adjustments: AdjustmentService;
    audit: AuditService;
    notifyBalanceChanged: (userId: number) => void;
  },
): void {
  const { adjustments, audit, notifyBalanceChanged } = deps;

  registerCall(app, authenticate, adjustmentCreate, async (input, context) => {
    const created = await adjustments.create(
      {
        ...input,
        idempotencyKey: context.idempotencyKey,
        operatorId: auditActorOf(context).operatorId,
      },
      auditWithin(
        audit,
        context,
        'adjustment.create',
        { type: 'member', id: input.userId },
        input.reason,
      ),
    );
    if (created.status === 1) notifyBalanceChanged(created.userId);
    return created;
  });

  registerCall(app, authenticate, adjustmentDecide, async (input, context) => {
    const decided = await adjustments.decide(
      {
        id: input.id,
        approve: input.decision === 'approve',
        reason: input.reason,
        operatorId: auditActorOf(context).operatorId,
      },
      auditWithin(
        audit,
        context,
        `adjustment.${input.decision}`,
        { type: 'adjustment', id: input.id },
        input.reason,
      ),
    );
    if (decided.applied && decided.status === 1) notifyBalanceChanged(decided.userId);
    return decided;
  });

  registerCall(app, authenticate, adjustmentList, (input) => adjustments.list(input));
}
