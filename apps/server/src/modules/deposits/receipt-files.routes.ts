import { commonFieldsSchema, intField, receiptImageLimits, textField } from '@sb/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { authenticateRequest } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import { sendUploadedFile } from '../../http/uploaded-file';
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

function readFields(request: FastifyRequest) {
  const body = request.body;
  const fields = {
    ...(request.query as Record<string, unknown>),
    ...(body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {}),
  };
  const parsed = receiptFileFieldsSchema.safeParse(fields);
  return { fields, parsed };
}

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
        const { fields, parsed } = readFields(request);
        const common = commonFieldsSchema.safeParse(fields);
        const { user } = await authenticateRequest(
          app,
          authenticate,
          route.auth,
          request,
          common.success ? common.data : {},
        );
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new AppError(
            'INVALID_INPUT',
            issue?.code === 'unrecognized_keys'
              ? `unknown field ${issue.keys.map((key) => `"${key}"`).join(', ')}`
              : `${issue?.path.join('.') || 'body'}: ${issue?.message}`,
          );
        }
        const { orderNo, index } = parsed.data;
        const receipts = await collections.receipts(orderNo, user ? user.userId : undefined);
        const receipt = receipts[index - 1];
        if (!receipt) throw new AppError('DEPOSIT_ORDER_NOT_FOUND');
        return sendUploadedFile(reply, receipt.content, `receipt-${orderNo}-${index}`);
      },
    });
  }
}
