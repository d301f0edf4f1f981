import { commonFieldsSchema, intField, receiptImageLimits, textField } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authenticateRequest } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import { sendUploadedFile } from '../../http/uploaded-file';
import { coerceWireFields, readWireFields, validateWireFields } from '../../http/wire-fields';
import type { CollectionService } from './collection.service';

/** A member's own receipt image, as a file (token and uid in the fields, like every member call). */
export const memberReceiptFilePath = '/app/api/collection/receipt/file';
/** Any order's receipt image, as a file, for finance operators (their bearer token). */
export const operatorReceiptFilePath = '/admin/api/collection/receipt/file';

const receiptFileFieldsSchema = commonFieldsSchema
  .extend({
    orderNo: textField(64).min(1, 'is required'),
    /** Which receipt of the order, 1 for the first uploaded. */
    index: intField().pipe(z.number().min(1).max(receiptImageLimits.maxPerOrder)).default(1),
  })
  .strict();

/**
 * Receipt images as files, for an <img> or a download: to the member who uploaded them, and to
 * finance operators. Who asks is checked before what they ask for, with the codes of every
 * call; another member's order, and a receipt the order does not have, answer exactly as a
 * missing order.
 */
export function registerReceiptFileRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  collections: CollectionService,
): void {
  const routes = [
    { url: memberReceiptFilePath, auth: 'member' as const },
    { url: operatorReceiptFilePath, auth: { operator: ['finance'] as const } },
  ];
  for (const route of routes) {
    app.route({
      method: ['GET', 'POST'],
      url: route.url,
      handler: async (request, reply) => {
        const fields = coerceWireFields(receiptFileFieldsSchema, readWireFields(request));
        const common = commonFieldsSchema.safeParse(fields);
        const { user } = await authenticateRequest(
          app,
          authenticate,
          route.auth,
          request,
          common.success ? common.data : {},
        );
        const { orderNo, index } = validateWireFields(receiptFileFieldsSchema, fields);
        const receipt = await collections.receipt(orderNo, index, user ? user.userId : undefined);
        return sendUploadedFile(reply, receipt.content, `receipt-${orderNo}-${index}`);
      },
    });
  }
}
