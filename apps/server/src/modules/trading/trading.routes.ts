import {
  tradingHold,
  tradingMatch,
  tradingMatches,
  tradingSettle,
  tradingVoid,
} from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import { type AuditService, auditActorOf, auditWithin } from '../operators/audit.service';
import type { TradingDesk } from './trading.service';

/** Binds the trading desk's match calls (trading.service.ts): lists, holds, voids, settlements. */
export function registerTradingRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: { desk: TradingDesk; audit: AuditService },
): void {
  const { desk, audit } = deps;

  registerCall(app, authenticate, tradingMatches, (input) => desk.matches(input));

  registerCall(app, authenticate, tradingMatch, (input) => desk.match(input.eventId));

  registerCall(app, authenticate, tradingHold, (input, context) =>
    desk.hold(
      input,
      { reason: input.reason, operatorId: auditActorOf(context).operatorId },
      (target) =>
        auditWithin(
          audit,
          context,
          input.held ? 'market.suspend' : 'market.reopen',
          { type: 'market', id: desk.targetIdOf(target) },
          input.reason,
        ),
    ),
  );

  registerCall(app, authenticate, tradingVoid, (input, context) => {
    const target = { eventId: input.eventId, playId: input.playId, specifiers: input.specifiers };
    return desk.voidMarket(
      target,
      { reason: input.reason, operatorId: auditActorOf(context).operatorId },
      auditWithin(
        audit,
        context,
        'market.void',
        { type: 'market', id: desk.targetIdOf(target) },
        input.reason,
      ),
    );
  });

  registerCall(app, authenticate, tradingSettle, (input, context) =>
    desk.settle({
      market: { eventId: input.eventId, playId: input.playId, specifiers: input.specifiers },
      outcomes: input.outcomes,
      resettle: input.resettle,
      reason: input.reason,
      actor: auditActorOf(context),
    }),
  );
}
