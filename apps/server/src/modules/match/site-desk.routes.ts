import { siteSwitches, siteSwitchesSet } from '@sb/contract';
import { knownControlSwitches } from '@sb/domain';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import type { AuditService } from '../operators/audit.service';
import { auditWithin } from '../operators/audit.service';
import type { SiteSettings } from './site-settings';

/**
 * The site desk (admins): SPEC §4's control switches, kept in the match module's site settings
 * and audited as `site.control_switches` with the switches before and after.
 */
export function registerSiteDeskRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: { settings: SiteSettings; audit: AuditService },
): void {
  const { settings, audit } = deps;

  registerCall(app, authenticate, siteSwitches, async () => ({
    controlSwitches: [...(await settings.current()).controlSwitches],
    known: [...knownControlSwitches],
  }));

  registerCall(app, authenticate, siteSwitchesSet, async (input, context) => {
    const answer = await settings.updateControlSwitches(
      input.controlSwitches,
      auditWithin(
        audit,
        context,
        'site.control_switches',
        { type: 'site', id: 'control_switches' },
        input.reason,
      ),
    );
    return { controlSwitches: [...answer.controlSwitches], applied: answer.applied };
  });
}
