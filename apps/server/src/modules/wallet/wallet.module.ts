import type { AccountEventPayload } from '@sb/contract';
import type { ModuleContext } from '../../module-context';
import { createBalanceNotifier } from './balance-notifier';
import { registerWalletRoutes } from './wallet.routes';
import { type CreditLine, createWalletService, type WalletMember } from './wallet.service';

/** What other modules use of the wallet. */
export interface Wallet extends ReturnType<typeof createWalletService> {
  /**
   * Sends the member their balances (the `balance` event on /app/socket). Call it after every
   * committed movement of their money, without awaiting: it never rejects, pushes close together
   * are merged, and members' pushes asked for together share their reads.
   */
  notifyBalanceChanged(userId: number): Promise<void>;
  /** What the wallet knows of a member, by user id. */
  findMember(userId: number): Promise<WalletMember>;
}

/**
 * Registers the balance calls and the balance pushes. The credit lines shown beside the balances
 * are the loans module's reads.
 */
export function registerWalletModule(
  context: ModuleContext,
  deps: {
    credit: {
      creditLinesOf(userId: number): Promise<Map<number, CreditLine>>;
      creditLinesOfMembers(
        userIds: readonly number[],
      ): Promise<Map<number, Map<number, CreditLine>>>;
    };
    /** Sends the member their balances (`balance` on /app/socket). */
    publishBalances: (userId: number, balances: AccountEventPayload<'balance'>) => void;
  },
): Wallet {
  const { app, identity } = context;
  const log = app.log.child({ module: 'wallet' });
  const service = createWalletService({
    ledger: context.ledger,
    creditLinesOf: deps.credit.creditLinesOf,
    creditLinesOfMembers: deps.credit.creditLinesOfMembers,
  });
  const findMember = (userId: number) => identity.walletMember({ userId });
  const notifier = createBalanceNotifier({
    readBalances: async (userIds) =>
      service.balancesOfMembers([...(await identity.walletMembers(userIds)).values()]),
    publish: deps.publishBalances,
    onError: (error, userIds) => log.warn({ err: error, userIds }, 'balance push failed'),
  });
  app.addHook('onClose', () => notifier.settle());
  const wallet: Wallet = { ...service, notifyBalanceChanged: notifier.notify, findMember };
  registerWalletRoutes(app, context.authenticate, service, identity.walletMember);
  return wallet;
}
