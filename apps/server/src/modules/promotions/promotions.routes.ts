import {
  activityCampaignCreate,
  activityLimit,
  activityOrderCreate,
  campaignClose,
  campaignFund,
  campaignList,
  campaignPause,
  campaignResume,
  envelopeCampaignCreate,
  envelopeParticipate,
  memberEnvelopeActivity,
} from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { AuthenticatedUser, Authenticator, CallContext } from '../../http/request-context';
import { type AuditService, auditActorOf, auditWithin } from '../operators/audit.service';
import type { ActivitiesService } from './activities.service';
import type { PromotionsService } from './promotions.service';

const memberOf = (context: CallContext): AuthenticatedUser => {
  if (!context.user) throw new Error('a member call without a member');
  return context.user;
};

/** Members' calls: the campaigns they are shown and the grab. */
export function registerPromotionRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  promotions: PromotionsService,
): void {
  registerCall(app, authenticate, memberEnvelopeActivity, (input, context) =>
    promotions.memberList(memberOf(context), input, context.language),
  );
  registerCall(app, authenticate, envelopeParticipate, (input, context) =>
    promotions.grab(memberOf(context), input.id, context.idempotencyKey),
  );
}

/** Members' calls of the activities that pay: their standing, and the special bet. */
export function registerActivityRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: { activities: ActivitiesService; isSealingOn: boolean },
): void {
  const { activities, isSealingOn } = deps;
  registerCall(app, authenticate, activityLimit, (input, context) =>
    activities.limit(memberOf(context), input, context.language),
  );
  registerCall(app, authenticate, activityOrderCreate, (input, context) => {
    if (!context.token) throw new Error('a special bet without a token');
    return activities.placeSpecial(memberOf(context), input.id, input.data, {
      token: context.token,
      idempotencyKey: context.idempotencyKey,
      isSealingOn,
      client: context.client,
      language: context.language,
    });
  });
}

/**
 * The promotions desk (finance and admins): campaigns created, funded, paused, resumed and
 * closed, each audited in the change's own transaction as `campaign.<verb>` on `campaign:<id>`,
 * and listed with their live figures.
 */
export function registerPromotionDeskRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: { promotions: PromotionsService; audit: AuditService },
): void {
  const { promotions, audit } = deps;
  const campaign = (id: number) => ({ type: 'campaign', id });
  registerCall(app, authenticate, envelopeCampaignCreate, (input, context) =>
    promotions.create(input, auditActorOf(context).operatorId, context.idempotencyKey, (id) =>
      auditWithin(audit, context, 'campaign.create', campaign(id)),
    ),
  );
  registerCall(app, authenticate, activityCampaignCreate, (input, context) =>
    promotions.createActivity(
      input,
      auditActorOf(context).operatorId,
      context.idempotencyKey,
      (id) => auditWithin(audit, context, 'campaign.create', campaign(id)),
    ),
  );
  registerCall(app, authenticate, campaignList, (input) => promotions.deskList(input));
  registerCall(app, authenticate, campaignFund, (input, context) =>
    promotions.fund(
      input.id,
      auditWithin(audit, context, 'campaign.fund', campaign(input.id), input.reason),
    ),
  );
  registerCall(app, authenticate, campaignPause, (input, context) =>
    promotions.pause(
      input.id,
      auditWithin(audit, context, 'campaign.pause', campaign(input.id), input.reason),
    ),
  );
  registerCall(app, authenticate, campaignResume, (input, context) =>
    promotions.resume(
      input.id,
      auditWithin(audit, context, 'campaign.resume', campaign(input.id), input.reason),
    ),
  );
  registerCall(app, authenticate, campaignClose, (input, context) =>
    promotions.close(
      input.id,
      auditWithin(audit, context, 'campaign.close', campaign(input.id), input.reason),
    ),
  );
}
