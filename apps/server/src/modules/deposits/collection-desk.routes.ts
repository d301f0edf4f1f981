import {
  collectionConfirm,
  collectionReceipts,
  collectionReject,
  collectionReviewList,
} from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import { type AuditService, auditActorOf, auditWithin } from '../operators/audit.service';
import type { CollectionService } from './collection.service';

/**
 * The finance desk's collection orders: checked against their receipts, then confirmed (the
 * member is credited) or turned down, each audited in the collection's own transaction.
 */
export function registerCollectionDeskRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: {
    collections: CollectionService;
    audit: AuditService;
    /** Pushes a member's balances after a committed movement (never rejects). */
    notifyBalanceChanged: (userId: number) => void;
  },
): void {
  const { collections, audit, notifyBalanceChanged } = deps;

  registerCall(app, authenticate, collectionReviewList, async (input) => ({
    records: await collections.listAwaitingReview(input),
  }));

  registerCall(app, authenticate, collectionReceipts, async (input) =>
    (await collections.receipts(input.orderNo)).map(({ content, ...receipt }) => ({
      ...receipt,
      contentBase64: Buffer.from(content).toString('base64'),
    })),
  );

  registerCall(app, authenticate, collectionConfirm, async (input, context) => {
    const { record, userId } = await collections.confirmCollection({
      orderNo: input.orderNo,
      operator: String(auditActorOf(context).operatorId),
      audit: auditWithin(audit, context, 'collection.confirm', {
        type: 'deposit',
        id: input.orderNo,
      }),
    });
    notifyBalanceChanged(userId);
    return record;
  });

  registerCall(app, authenticate, collectionReject, (input, context) =>
    collections.rejectCollection({
      orderNo: input.orderNo,
      operator: String(auditActorOf(context).operatorId),
      reason: input.reason,
      audit: auditWithin(
        audit,
        context,
        'collection.reject',
        { type: 'deposit', id: input.orderNo },
        input.reason,
      ),
    }),
  );
}
