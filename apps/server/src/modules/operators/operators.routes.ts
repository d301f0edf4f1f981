import { auditList, operatorLogin, operatorLogout, operatorMe } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { AuthenticatedOperator, Authenticator, CallContext } from '../../http/request-context';
import type { AuditService } from './audit.service';
import type { OperatorSessions } from './operator-sessions.service';

/** The operator on a back-office call; registerCall has already refused calls without one. */
function operatorOf(context: CallContext): AuthenticatedOperator {
  if (!context.operator)
    throw new Error('back-office call reached its handler without an operator');
  return context.operator;
}

export function registerOperatorRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  services: { sessions: OperatorSessions; audit: AuditService },
): void {
  const { sessions, audit } = services;
  registerCall(app, authenticate, operatorLogin, (input, context) =>
    sessions.login(input, { ip: context.ip }),
  );
  registerCall(app, authenticate, operatorLogout, (_input, context) =>
    sessions.logout(operatorOf(context), { ip: context.ip }),
  );
  registerCall(app, authenticate, operatorMe, async (_input, context) =>
    sessions.me(operatorOf(context)),
  );
  registerCall(app, authenticate, auditList, (input) => audit.list(input));
}
