import { tradingMarginSet, tradingMargins } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import type { AuditService } from '../operators/audit.service';
import { auditActorOf, auditWithin } from '../operators/audit.service';
import type { BookMargins, MarginRow } from './book-margins';

const answerOf = (row: MarginRow) => ({
  sportId: row.sportId,
  playId: row.playId,
  margin: row.margin,
  operatorId: row.operatorId,
  updatedAt: row.updatedAt.getTime(),
});

/**
 * The trading desk's margins per sport and play (book-margins.ts). A change is audited as
 * `margin.set` or `margin.clear` on the target `sportId:playId`, with the row before and after.
 */
export function registerMarginRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: { margins: BookMargins; audit: AuditService },
): void {
  const { margins, audit } = deps;

  registerCall(app, authenticate, tradingMargins, async (input) => ({
    records: margins.list(input.sportId).map(answerOf),
  }));

  registerCall(app, authenticate, tradingMarginSet, async (input, context) => {
    const target = { sportId: input.sportId, playId: input.playId ?? 0 };
    const { row, applied } = await margins.set(
      target,
      { margin: input.margin, clear: input.clear, operatorId: auditActorOf(context).operatorId },
      auditWithin(
        audit,
        context,
        input.clear ? 'margin.clear' : 'margin.set',
        { type: 'margin', id: `${target.sportId}:${target.playId}` },
        input.reason,
      ),
    );
    return { ...target, margin: row?.margin ?? null, applied };
  });
}
