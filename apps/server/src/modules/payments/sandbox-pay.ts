import type { CallbackDelivery } from './callback-delivery';
import type { SandboxPaymentRow, SandboxRepository } from './sandbox.repository';
import { paymentCallbackBody } from './sandbox-callbacks';

/** What happened when the payer pressed a button on the pay page. */
export type PayPageResult =
  | { kind: 'missing' }
  | { kind: 'expired'; payment: SandboxPaymentRow }
  | {
      kind: 'finished';
      payment: SandboxPaymentRow;
      /** The merchant's answer to the callback: code 0 means it took the result. */
      answer: { code: number; msg: string };
    };

/**
 * The sandbox's hosted payments: the payer completes or fails a payment on the pay page and the
 * sandbox tells the merchant with a signed callback. A payment's result is fixed once; pressing a
 * button again only sends the callback again, until the merchant acknowledges it.
 */
export function createSandboxPay(deps: {
  repository: SandboxRepository;
  deliver: CallbackDelivery;
  now: () => Date;
}) {
  return {
    findPayment: (paymentId: string) => deps.repository.findPayment(paymentId),

    async finish(paymentId: string, outcome: 'completed' | 'failed'): Promise<PayPageResult> {
      const finished = await deps.repository.finishPayment(paymentId, outcome, deps.now());
      const payment = finished ?? (await deps.repository.findPayment(paymentId));
      if (!payment) return { kind: 'missing' };
      // Only an expired payment stays pending when asked to finish.
      if (payment.status === 'pending') return { kind: 'expired', payment };
      if (payment.acknowledgedAt) {
        return { kind: 'finished', payment, answer: { code: 0, msg: 'already acknowledged' } };
      }
      const result = payment.status === 'completed' ? 'completed' : 'failed';
      const answer = await deps.deliver(paymentCallbackBody(payment, result));
      if (answer.code === 0) await deps.repository.markPaymentAcknowledged(payment.id, deps.now());
      const current = (await deps.repository.findPayment(payment.id)) ?? payment;
      return { kind: 'finished', payment: current, answer };
    },
  };
}

export type SandboxPay = ReturnType<typeof createSandboxPay>;
