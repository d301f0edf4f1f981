import {
  adjustmentCreate,
  adjustmentDecide,
  adjustmentList,
  ledgerCheck,
  memberStatement,
} from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import type { Ledger } from '../ledger/ledger.service';
import { checkLedger } from '../ledger/ledger-check';
import type { AuditService } from '../operators/audit.service';
import { auditActorOf, auditWithin } from '../operators/audit.service';
import type { AdjustmentService } from './adjustments.service';

/** The finance desk's money calls: adjustments, a member's statement, the ledger check. */
export function registerAdjustmentRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: {
    db: Database;
    adjustments: AdjustmentService;
    ledger: Ledger;
    audit: AuditService;
    notifyBalanceChanged: (userId: number) => void;
    now: () => Date;
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

  registerCall(app, authenticate, memberStatement, (input) =>
    deps.ledger.memberStatement({
      userId: input.userId,
      currencyId: input.currencyId,
      offset: (input.page - 1) * input.size,
      limit: input.size,
    }),
  );

  registerCall(app, authenticate, ledgerCheck, async () => ({
    ...(await checkLedger(deps.db)),
    checkedAt: deps.now().getTime(),
  }));
}
