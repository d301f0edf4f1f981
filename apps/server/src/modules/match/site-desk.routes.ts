import { siteSwitches, siteSwitchesSet } from '@sb/contract';
import { controlSwitchTable, knownControlSwitches } from '@sb/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
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
    input.controlSwitches.forEach((value, index) => {
      if (!controlSwitchTable.has(value))
        throw new AppError(
          'INVALID_INPUT',
          `controlSwitches.${index}: ${value} is not a control switch (${knownControlSwitches.join(', ')})`,
        );
    });
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
