import { memberBlock, memberDetail, memberRiskSet, memberSearch } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import type { AuditService } from '../operators/audit.service';
import { auditWithin } from '../operators/audit.service';
import type { MemberAdmin, MemberDesk } from './member-admin.service';

/** The members desk: search, a member's whole picture, blocking and risk settings. */
export function registerMemberDeskRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: { members: MemberAdmin; desk: MemberDesk; audit: AuditService },
): void {
  const { members, desk, audit } = deps;

  registerCall(app, authenticate, memberSearch, (input) => desk.search(input));

  registerCall(app, authenticate, memberDetail, (input) => desk.detail(input.userId));

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
