import { openWalletBalance, walletBalance, walletMovements } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import type { AuthenticatedUser, Authenticator } from '../../http/request-context';
import type { WalletMember, WalletService } from './wallet.service';

export function registerWalletRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  wallet: WalletService,
  findWalletMember: (user: AuthenticatedUser) => Promise<WalletMember>,
): void {
  const memberOf = async (user: AuthenticatedUser | null) => {
    if (!user) throw new AppError('TOKEN_INVALID');
    return findWalletMember(user);
  };
  registerCall(app, authenticate, walletBalance, async (_input, context) =>
    wallet.balances(await memberOf(context.user)),
  );
  registerCall(app, authenticate, openWalletBalance, async (input, context) =>
    wallet.partnerBalances(await memberOf(context.user), input),
  );
  registerCall(app, authenticate, walletMovements, async (input, context) =>
    wallet.movements(await memberOf(context.user), input),
  );
}
