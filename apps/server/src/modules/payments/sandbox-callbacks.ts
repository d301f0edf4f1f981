import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { chainNetworks } from './chain-address';
import type { PaymentNotice } from './payment-provider';
import type { SandboxPaymentRow, SandboxTransferRow } from './sandbox.repository';

/**
 * The sandbox's callback bodies, as a real provider documents its webhooks. Strict: a field the
 * format does not have means the sender is not the sandbox.
 */
const amountSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const paymentCallbackSchema = z.strictObject({
  event: z.enum(['payment.completed', 'payment.failed']),
  paymentId: z.string().min(1).max(64),
  orderNo: z.string().min(1).max(40),
  amount: amountSchema,
  currencyCode: z.string().min(1).max(16),
  scale: z.number().int().min(0).max(18),
  reason: z.string().max(200).nullable(),
});

const chainCallbackSchema = z.strictObject({
  event: z.literal('chain.transfer'),
  network: z.enum(chainNetworks),
  txHash: z.string().min(1).max(100),
  fromAddress: z.string().min(1).max(100),
  toAddress: z.string().min(1).max(100),
  currencyCode: z.string().min(1).max(16),
  amount: amountSchema,
  scale: z.number().int().min(0).max(18),
  blockHeight: z.number().int().min(1),
  confirmations: z.number().int().min(1),
});

const callbackSchema = z.union([paymentCallbackSchema, chainCallbackSchema]);

export function paymentCallbackBody(
  payment: SandboxPaymentRow,
  outcome: 'completed' | 'failed',
): string {
  return JSON.stringify({
    event: `payment.${outcome}`,
    paymentId: payment.id,
    orderNo: payment.orderNo,
    amount: payment.amount,
    currencyCode: payment.currencyCode,
    scale: payment.scale,
    reason: outcome === 'failed' ? 'The payer declined the payment' : null,
  } satisfies z.input<typeof paymentCallbackSchema>);
}

export function chainCallbackBody(transfer: SandboxTransferRow, height: number): string {
  const blockHeight = transfer.blockHeight ?? height;
  return JSON.stringify({
    event: 'chain.transfer',
    network: transfer.network as (typeof chainNetworks)[number],
    txHash: transfer.txHash,
    fromAddress: transfer.fromAddress,
    toAddress: transfer.toAddress,
    currencyCode: transfer.currencyCode,
    amount: transfer.amount,
    scale: transfer.scale,
    blockHeight,
    confirmations: height - blockHeight + 1,
  } satisfies z.input<typeof chainCallbackSchema>);
}

/** Reads a verified callback body; anything that is not one of the two events is refused. */
export function parseSandboxCallback(rawBody: string): PaymentNotice {
  let value: unknown;
  try {
    value = JSON.parse(rawBody);
  } catch {
    throw new AppError('INVALID_INPUT', 'body is not valid JSON');
  }
  const parsed = callbackSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      'INVALID_INPUT',
      `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'not a sandbox callback'}`,
    );
  }
  const body = parsed.data;
  if (body.event === 'chain.transfer') {
    return {
      kind: 'chain_transfer',
      network: body.network,
      txHash: body.txHash,
      fromAddress: body.fromAddress,
      toAddress: body.toAddress,
      currencyCode: body.currencyCode,
      amountMinor: body.amount,
      scale: body.scale,
      blockHeight: body.blockHeight,
      confirmations: body.confirmations,
    };
  }
  return {
    kind: 'hosted_payment',
    outcome: body.event === 'payment.completed' ? 'completed' : 'failed',
    providerReference: body.paymentId,
    orderNo: body.orderNo,
    amountMinor: body.amount,
    currencyCode: body.currencyCode,
    scale: body.scale,
    reason: body.reason,
  };
}
