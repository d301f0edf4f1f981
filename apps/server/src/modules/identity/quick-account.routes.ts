import { memberCreateQuickAccount } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import type { QuickAccountService } from './quick-account.service';

/** Binds quick account creation to its service. */
export function registerQuickAccountRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  quickAccounts: QuickAccountService,
): void {
  registerCall(app, authenticate, memberCreateQuickAccount, (_input, context) =>
    quickAccounts.create(context),
  );
}
