import { loanLimitSet, loansSwitch } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import { type AuditService, auditActorOf, auditWithin } from '../operators/audit.service';
import type { LoanService } from './loans.service';

/** The finance desk's loan calls: a member's credit limit and the loans switch, audited. */
export function registerLoanDeskRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: { loans: LoanService; audit: AuditService },
): void {
  const { loans, audit } = deps;

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
