import {
  deskBonusForfeit,
  deskBonusList,
  deskFreeBetList,
  memberBonusList,
  memberFreeBetList,
} from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator, CallContext } from '../../http/request-context';
import { type AuditService, auditWithin } from '../operators/audit.service';
import type { BonusService } from './bonus.service';

const memberIdOf = (context: CallContext): number => {
  if (!context.user) throw new Error('a member call without a member');
  return context.user.userId;
};

/** The member's own bonuses and free bets. */
export function registerBonusRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  bonus: BonusService,
): void {
  registerCall(app, authenticate, memberBonusList, (input, context) =>
    bonus.memberList(memberIdOf(context), input),
  );
  registerCall(app, authenticate, memberFreeBetList, (input, context) =>
    bonus.memberFreeBetList(memberIdOf(context), input, context.language),
  );
}

/**
 * The promotion desk's bonus calls: any member's or campaign's bonuses and free bets (finance
 * and support; free bets' titles in the operator's language), and a forfeit with a reason (finance), audited as `bonus.forfeit` on `bonus:<id>` in the
 * forfeit's own transaction.
 */
export function registerBonusDeskRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: { bonus: BonusService; audit: AuditService },
): void {
  const { bonus, audit } = deps;
  registerCall(app, authenticate, deskBonusList, (input) => bonus.deskList(input));
  registerCall(app, authenticate, deskFreeBetList, (input, context) =>
    bonus.deskFreeBetList(input, context.language),
  );
  registerCall(app, authenticate, deskBonusForfeit, (input, context) =>
    bonus.forfeit(
      input.id,
      input.reason,
      auditWithin(audit, context, 'bonus.forfeit', { type: 'bonus', id: input.id }, input.reason),
    ),
  );
}
