import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../module-context';
import { realtimeOf } from '../../realtime/realtime.module';
import { createCreditReader } from '../loans/loan-credit';
import { createBalanceNotifier } from './balance-notifier';
import { registerWalletRoutes } from './wallet.routes';
import { createWalletService, type WalletMember } from './wallet.service';

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

const walletByApp = new WeakMap<FastifyInstance, Wallet>();

/** The wallet of an app, for modules that move members' money. */
export function walletOf(app: FastifyInstance): Wallet {
  const wallet = walletByApp.get(app);
  if (!wallet) throw new Error('the wallet module is not registered on this app');
  return wallet;
}

/** Registers the balance calls and the balance pushes; needs the realtime module attached. */
export function registerWalletModule(context: ModuleContext): Wallet {
  const { app, identity } = context;
  const log = app.log.child({ module: 'wallet' });
  const credit = createCreditReader(context.database.db);
  const service = createWalletService({
    ledger: context.ledger,
    creditLinesOf: credit.creditLinesOf,
    creditLinesOfMembers: credit.creditLinesOfMembers,
  });
  const findMember = (userId: number) => identity.walletMember({ userId });
  const notifier = createBalanceNotifier({
    readBalances: async (userIds) =>
      service.balancesOfMembers([...(await identity.walletMembers(userIds)).values()]),
    publish: (userId, balances) => realtimeOf(app).publishToUser(userId, 'balance', balances),
    onError: (error, userIds) => log.warn({ err: error, userIds }, 'balance push failed'),
  });
  app.addHook('onClose', () => notifier.settle());
  const wallet: Wallet = { ...service, notifyBalanceChanged: notifier.notify, findMember };
  walletByApp.set(app, wallet);
  registerWalletRoutes(app, context.authenticate, service, identity.walletMember);
  return wallet;
}
