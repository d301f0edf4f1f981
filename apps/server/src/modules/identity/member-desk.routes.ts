import {
  deskMemberGameSwitches,
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
import { effectiveGameSwitches, type GameSwitches } from './identity.mappers';
import type { MemberAdmin, MemberDesk } from './member-admin.service';

/**
 * The members desk: search, a member's whole picture, blocking, risk settings and game switches
 * (audited as `member.game_switches`).
 */
export function registerMemberDeskRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: {
    members: MemberAdmin;
    desk: MemberDesk;
    audit: AuditService;
    /** The site default of the game switches, which a member without their own follows. */
    gameSwitchDefaults: () => Promise<GameSwitches>;
  },
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

  registerCall(app, authenticate, deskMemberGameSwitches, async (input, context) => {
    const { userId, reason } = input;
    const own = await members.setGameSwitches(
      userId,
      { casinoSw: input.casinoSw ?? null, lotterySw: input.lotterySw ?? null },
      auditWithin(audit, context, 'member.game_switches', { type: 'member', id: userId }, reason),
    );
    return { userId, own, effective: effectiveGameSwitches(own, await deps.gameSwitchDefaults()) };
  });
}
