import { partnerList, partnerSet } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import { type AuditService, auditActorOf, auditWithin } from '../operators/audit.service';
import type { PartnerAdmin } from './partner-admin.service';

/**
 * The site desk's partners: the channels of PARTNER_SECRETS with their settings (support and
 * admins read them, admins change them). A change is audited as `partner.set` on the target
 * `partner:<channel>`, with the settings before and after.
 */
export function registerPartnerDeskRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: { partners: PartnerAdmin; audit: AuditService },
): void {
  const { partners, audit } = deps;

  registerCall(app, authenticate, partnerList, async () => ({ records: await partners.list() }));

  registerCall(app, authenticate, partnerSet, async (input, context) => {
    const { channel, reason, ...changes } = input;
    return partners.set(
      channel,
      changes,
      auditActorOf(context).operatorId,
      auditWithin(audit, context, 'partner.set', { type: 'partner', id: channel }, reason),
    );
  });
}
