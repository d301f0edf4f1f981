import {
  activityDetail,
  activityList,
  noticeDetail,
  noticeList,
  noticePageList,
  sitePostDelete,
  sitePostList,
  sitePostSave,
  sitePostUnpublish,
} from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator, CallContext } from '../../http/request-context';
import { type AuditService, auditActorOf, auditWithin } from '../operators/audit.service';
import type { PostAudit, SiteContentService } from './site-content.service';

/**
 * Members' reads of site content, open to anyone (a visitor's token or none): the language is
 * the request's `lang`, as for every answer's messages.
 */
export function registerSiteContentRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  content: SiteContentService,
): void {
  registerCall(app, authenticate, noticeList, (_input, context) =>
    content.current(context.language),
  );
  registerCall(app, authenticate, noticePageList, (input, context) =>
    content.page(context.language, input),
  );
  registerCall(app, authenticate, noticeDetail, (input, context) =>
    content.article(context.language, input.id),
  );
  registerCall(app, authenticate, activityList, (input, context) =>
    content.activities(context.language, input),
  );
  registerCall(app, authenticate, activityDetail, (input, context) =>
    content.activity(context.language, input.id),
  );
}

/**
 * The site desk's content calls (support and admins). Every change is audited on the target
 * `site_post:<id>` as `site_post.create`, `.update`, `.unpublish` or `.delete`, with the post
 * before and after, in the change's own transaction.
 */
export function registerSitePostAdminRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: { content: SiteContentService; audit: AuditService },
): void {
  const { content, audit } = deps;
  /** The audit entry of one change, on the post the change names (a new one's id comes last). */
  const auditPost =
    (context: CallContext, verb: string, reason: string): PostAudit =>
    (id) =>
      auditWithin(audit, context, `site_post.${verb}`, { type: 'site_post', id }, reason);

  registerCall(app, authenticate, sitePostList, (input) => content.list(input));

  registerCall(app, authenticate, sitePostSave, (input, context) => {
    const { operatorId } = auditActorOf(context);
    const verb = input.id === undefined ? 'create' : 'update';
    return content.save(input, operatorId, auditPost(context, verb, input.reason));
  });

  registerCall(app, authenticate, sitePostUnpublish, (input, context) =>
    content.unpublish(
      input.id,
      auditActorOf(context).operatorId,
      auditPost(context, 'unpublish', input.reason),
    ),
  );

  registerCall(app, authenticate, sitePostDelete, (input, context) =>
    content.delete(
      input.id,
      auditActorOf(context).operatorId,
      auditPost(context, 'delete', input.reason),
    ),
  );
}
