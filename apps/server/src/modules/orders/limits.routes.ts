import { amountLimitQuerySchema, memberLimits, orderAmountLimit } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import { openSealedData } from './bet-input';
import type { MemberLimitsService } from './member-limits';

/** Registers order/amount/limit (sealed answer) and member/limits (member-limits.ts). */
export function registerLimitsRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  limits: MemberLimitsService,
  options: { isSealingOn: boolean },
) {
  const { isSealingOn } = options;
  registerCall(
    app,
    authenticate,
    orderAmountLimit,
    async (input, callContext) => {
      const { user, token } = callContext;
      if (!user || !token) throw new Error('amount/limit reached without a member');
      const query = await openSealedData(amountLimitQuerySchema, input.data, token, isSealingOn);
      return limits.ofSlip(user, query);
    },
    { sealPayloads: isSealingOn },
  );
  registerCall(app, authenticate, memberLimits, async (input, callContext) => {
    const user = callContext.user;
    if (!user) throw new Error('member/limits reached without a member');
    return limits.ofPlays(user, input.currencyId);
  });
}
