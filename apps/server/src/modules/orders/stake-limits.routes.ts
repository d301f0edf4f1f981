import { tradingLimits, tradingLimitsSet } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import { type AuditService, auditActorOf, auditWithin } from '../operators/audit.service';
import type { StakeLimitDesk } from './stake-limit-desk';

/**
 * The trading desk's stake limits (stake-limit-desk.ts). A change is audited
 * (`stake_limits.update`, the whole policy before and after) in its own transaction.
 */
export function registerStakeLimitRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: { desk: StakeLimitDesk; audit: AuditService },
): void {
  const { desk, audit } = deps;

  registerCall(app, authenticate, tradingLimits, () => desk.view());

  registerCall(app, authenticate, tradingLimitsSet, (input, context) =>
    desk.update(
      input,
      auditActorOf(context).operatorId,
      auditWithin(
        audit,
        context,
        'stake_limits.update',
        { type: 'stake_limits', id: 'book' },
        input.reason,
      ),
    ),
  );
}
