import {
  type BalanceEntry,
  memberBlock,
  memberDetail,
  memberRiskSet,
  memberSearch,
} from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import type { AuditService } from '../operators/audit.service';
import { auditWithin } from '../operators/audit.service';
import { walletMemberOf } from './identity.service';
import type { MemberRow } from './member-admin.repository';
import { type MemberAdmin, memberRiskOf } from './member-admin.service';

const summaryOf = (user: MemberRow) => ({
  userId: user.id,
  uid: user.uid,
  account: user.account,
  type: user.type,
  currencyId: user.currencyId,
  createdAt: user.createdAt.getTime(),
  blockedAt: user.blockedAt?.getTime() ?? null,
  riskLevel: user.riskLevel,
});

/** The members desk: search, a member's whole picture, blocking and risk settings. */
export function registerMemberDeskRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: {
    members: MemberAdmin;
    audit: AuditService;
    /** The wallet's balances of a member, blocked or not. */
    balancesOf: (member: ReturnType<typeof walletMemberOf>) => Promise<BalanceEntry[]>;
    /** How many open bets the member has (the orders module's). */
    openOrdersOf: (userId: number) => Promise<number>;
    /** Whether wrong withdrawal passwords locked a member's withdrawals. */
    isWithdrawLocked: (userId: number) => Promise<boolean>;
  },
): void {
  const { members, audit, balancesOf, openOrdersOf, isWithdrawLocked } = deps;

  registerCall(app, authenticate, memberSearch, async (input) => {
    const { rows, total } = await members.search(input);
    return { records: rows.map(summaryOf), total };
  });

  registerCall(app, authenticate, memberDetail, async (input) => {
    const user = await members.find(input.userId);
    const [openOrders, isLocked, balances] = await Promise.all([
      openOrdersOf(user.id),
      isWithdrawLocked(user.id),
      // A blocked member's balances are read from their row: the wallet's own lookup refuses them.
      balancesOf(walletMemberOf(user)),
    ]);
    return {
      ...summaryOf(user),
      risk: memberRiskOf(user),
      isShow: user.isShow,
      balances,
      openOrders,
      hasWithdrawPassword: user.withdrawPasswordHash !== null,
      withdrawLocked: isLocked,
    };
  });

  registerCall(app, authenticate, memberBlock, async (input, context) => {
    const action = input.blocked ? 'member.block' : 'member.unblock';
    const { member, applied } = await members.setBlocked(
      input.userId,
      input.blocked,
      auditWithin(audit, context, action, { type: 'member', id: input.userId }, input.reason),
    );
    return { userId: member.id, blockedAt: member.blockedAt?.getTime() ?? null, applied };
  });

  registerCall(app, authenticate, memberRiskSet, async (input, context) => {
    const { userId, reason, ...changes } = input;
    return members.setRisk(
      userId,
      changes,
      auditWithin(audit, context, 'member.risk', { type: 'member', id: userId }, reason),
    );
  });
}
