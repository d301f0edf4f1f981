import type { ModuleContext } from '../../module-context';
import type { AuditService } from '../operators/audit.service';
import { createSiteContentRepository } from './site-content.repository';
import { registerSiteContentRoutes, registerSitePostAdminRoutes } from './site-content.routes';
import { createSiteContentService, type SiteContentService } from './site-content.service';

/** Notices, news, banners and activities: members read them, the site desk writes them. */
export function registerSiteContentModule(
  context: ModuleContext,
  deps: { audit: AuditService },
): Pick<SiteContentService, 'postHeading'> {
  const content = createSiteContentService({
    repository: createSiteContentRepository(context.database.db),
    now: context.now,
  });
  registerSiteContentRoutes(context.app, context.authenticate, content);
  registerSitePostAdminRoutes(context.app, context.authenticate, { content, audit: deps.audit });
  return content;
}
