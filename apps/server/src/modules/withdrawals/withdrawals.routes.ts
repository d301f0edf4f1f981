import * as calls from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import type { PayoutAccountsService } from './payout-accounts.service';
import type { WithdrawPasswordService } from './withdraw-password.service';
import type { WithdrawalsService } from './withdrawals.service';
import { requireOwnPassword, type WithdrawingMemberGate } from './withdrawing-member';

/** Binds the withdrawal calls of the contract to the withdrawal services. */
export function registerWithdrawalsRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  services: {
    memberOf: WithdrawingMemberGate;
    accounts: PayoutAccountsService;
    passwords: WithdrawPasswordService;
    withdrawals: WithdrawalsService;
    /** Pushes the member's balances after a committed movement (never rejects). */
    notifyBalanceChanged: (userId: number) => void;
  },
): void {
  const { memberOf, accounts, passwords, withdrawals, notifyBalanceChanged } = services;
  const register = <C extends calls.CallDefinition>(
    definition: C,
    handler: Parameters<typeof registerCall<C>>[3],
  ) => registerCall(app, authenticate, definition, handler);

  register(calls.withdrawBankList, async (input, context) =>
    accounts.channels((await memberOf(context.user)).userId, input.merchantCode),
  );
  register(calls.withdrawAccountList, async (input, context) =>
    accounts.list((await memberOf(context.user)).userId, input.merchantCode),
  );
  register(calls.withdrawAccountOperate, async (input, context) => {
    const { userId } = requireOwnPassword(await memberOf(context.user));
    const { operType, accountId, payTypeName: _ignored, ...fields } = input;
    return operType === calls.withdrawAccountOperation.add
      ? accounts.add(userId, fields)
      : accounts.remove(userId, accountId);
  });
  register(calls.withdrawPasswordEdit, async (input, context) => {
    const { user } = requireOwnPassword(await memberOf(context.user));
    await passwords.set(user, input, context);
    return null;
  });
  register(calls.withdrawCreate, async (input, context) => {
    const member = requireOwnPassword(await memberOf(context.user));
    const confirmation = await withdrawals.create(member, input, context);
    // The freeze has committed: the member's available balance went down.
    notifyBalanceChanged(member.userId);
    return confirmation;
  });
  register(calls.withdrawList, async (input, context) =>
    withdrawals.list((await memberOf(context.user)).userId, input),
  );
}
