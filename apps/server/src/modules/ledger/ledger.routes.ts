import { ledgerCheck, memberStatement } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import type { Ledger } from './ledger.service';
import type { LedgerCheckResult } from './ledger-check';

/** The finance desk's reads of the ledger: a member's statement and the invariants' check. */
export function registerLedgerDeskRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: {
    ledger: Pick<Ledger, 'memberStatement'>;
    /** The ledger's invariants over the whole book (ledger-check.ts). */
    check: () => Promise<LedgerCheckResult>;
    now: () => Date;
  },
): void {
  registerCall(app, authenticate, memberStatement, (input) =>
    deps.ledger.memberStatement({
      userId: input.userId,
      currencyId: input.currencyId,
      offset: (input.page - 1) * input.size,
      limit: input.size,
    }),
  );

  registerCall(app, authenticate, ledgerCheck, async () => ({
    ...(await deps.check()),
    checkedAt: deps.now().getTime(),
  }));
}
