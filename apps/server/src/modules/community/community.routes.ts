import {
  masterRank,
  shareCopy,
  shareCreate,
  shareDeskList,
  shareFollow,
  shareHide,
  shareKey,
  shareList,
  sharePersonalData,
  shareUnfollow,
  shareVerify,
  shareWithdraw,
  tipsterHide,
} from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { AuthenticatedUser, Authenticator, CallContext } from '../../http/request-context';
import { type AuditService, auditActorOf, auditWithin } from '../operators/audit.service';
import type { CommunityService } from './community.service';

const memberOf = (context: CallContext): AuthenticatedUser => {
  if (!context.user) throw new Error('a member call without a member');
  return context.user;
};

/** Members' and readers' calls of shared orders. */
export function registerCommunityRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  community: CommunityService,
): void {
  registerCall(app, authenticate, shareCreate, (input, context) =>
    community.share(memberOf(context), input, context.language),
  );
  registerCall(app, authenticate, shareWithdraw, (input, context) =>
    community.withdraw(memberOf(context), input.code),
  );
  registerCall(app, authenticate, shareList, (input, context) =>
    community.list(input, context.user, context.language),
  );
  registerCall(app, authenticate, shareVerify, (input, context) =>
    community.verify(input.code, context.language),
  );
  registerCall(app, authenticate, shareKey, () => community.key());
  registerCall(app, authenticate, sharePersonalData, (input, context) =>
    community.profile(input.tipsterId, context.user, context.language),
  );
  registerCall(app, authenticate, shareFollow, (input, context) =>
    community.follow(memberOf(context), input.tipsterId),
  );
  registerCall(app, authenticate, shareUnfollow, (input, context) =>
    community.unfollow(memberOf(context), input.tipsterId),
  );
  registerCall(app, authenticate, shareCopy, (input, context) =>
    community.copy(memberOf(context), input.code),
  );
  registerCall(app, authenticate, masterRank, (input) => community.rank(input));
}

/**
 * The community desk (support and admins): every share listed, to find what to hide; hiding a
 * share (`share.hide`, `share.unhide` on `share:<code>`) or a tipster (`tipster.hide`,
 * `tipster.unhide` on `tipster:<id>`), each audited in the change's own transaction.
 */
export function registerCommunityDeskRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: { community: CommunityService; audit: AuditService },
): void {
  const { community, audit } = deps;
  registerCall(app, authenticate, shareDeskList, (input, context) =>
    community.deskList(input, context.language),
  );
  registerCall(app, authenticate, shareHide, (input, context) =>
    community.hideShare(
      input.code,
      input.hidden,
      auditActorOf(context).operatorId,
      auditWithin(
        audit,
        context,
        input.hidden ? 'share.hide' : 'share.unhide',
        { type: 'share', id: input.code },
        input.reason,
      ),
    ),
  );
  registerCall(app, authenticate, tipsterHide, (input, context) =>
    community.hideTipster(
      input.tipsterId,
      input.hidden,
      auditActorOf(context).operatorId,
      auditWithin(
        audit,
        context,
        input.hidden ? 'tipster.hide' : 'tipster.unhide',
        { type: 'tipster', id: input.tipsterId },
        input.reason,
      ),
    ),
  );
}
