import { siteGameSwitches, siteGameSwitchesSet, siteSwitches, siteSwitchesSet } from '@sb/contract';
import { knownControlSwitches } from '@sb/domain';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import type { AuditService } from '../operators/audit.service';
import { auditWithin } from '../operators/audit.service';
import type { SiteSettings } from './site-settings';

/**
 * The site desk (admins): SPEC §4's control switches and the site default of SPEC §6's game
 * switches, kept in the match module's site settings and audited as `site.control_switches` and
 * `site.game_switches` with the values before and after.
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

  registerCall(app, authenticate, siteGameSwitches, async () => ({
    ...(await settings.current()).gameSwitches,
  }));

  registerCall(app, authenticate, siteGameSwitchesSet, async (input, context) =>
    settings.updateGameSwitches(
      { casinoSw: input.casinoSw, lotterySw: input.lotterySw },
      auditWithin(
        audit,
        context,
        'site.game_switches',
        { type: 'site', id: 'game_switches' },
        input.reason,
      ),
    ),
  );
}
