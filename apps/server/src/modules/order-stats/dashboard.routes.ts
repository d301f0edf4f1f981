import { dashboard } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import type { Dashboard } from './dashboard.service';

/** Binds the dashboard call (dashboard.service.ts). */
export function registerDashboardRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  service: Dashboard,
): void {
  registerCall(app, authenticate, dashboard, (input) =>
    service.daysOf(input.currencyId, input.days),
  );
}
