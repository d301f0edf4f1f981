import { loanBorrow, loanRecordList, loanRepay } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import type { Authenticator, CallContext } from '../../http/request-context';
import type { LoanService } from './loans.service';

/** The caller on a call whose auth level guarantees one. */
function userIdOf(context: CallContext): number {
  if (!context.user) throw new AppError('TOKEN_INVALID');
  return context.user.userId;
}

export function registerLoanRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  loans: LoanService,
): void {
  registerCall(app, authenticate, loanBorrow, (input, context) =>
    loans.borrow(userIdOf(context), input, context.idempotencyKey),
  );
  registerCall(app, authenticate, loanRepay, (input, context) =>
    loans.repay(userIdOf(context), input, context.idempotencyKey),
  );
  registerCall(app, authenticate, loanRecordList, (input, context) =>
    loans.records(userIdOf(context), input),
  );
}
