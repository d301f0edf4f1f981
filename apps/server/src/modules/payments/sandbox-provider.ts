import { randomBytes } from 'node:crypto';
import { verifyCallbackSignature } from './callback-signature';
import { deriveDepositAddress } from './chain-address';
import type { PaymentProvider } from './payment-provider';
import type { SandboxRepository } from './sandbox.repository';
import { parseSandboxCallback } from './sandbox-callbacks';
import { payPageKey } from './sandbox-pay-key';

export const sandboxProviderName = 'sandbox';
/** Where the sandbox's hosted pay pages live on this server. */
export const sandboxPayPagePath = '/sandbox/pay';

/** A payment's pay page address, with the key that opens it (sandbox-pay-key.ts). */
export function sandboxPayUrl(secret: string, paymentId: string): string {
  return `${sandboxPayPagePath}/${paymentId}?key=${payPageKey(secret, paymentId)}`;
}

/**
 * The sandbox as deposits see it: the same interface a real provider's adapter would have.
 * Hosted payments are rows the sandbox's pay page reads; addresses are derived from the secret;
 * callbacks are checked against the same secret the sandbox signs with.
 */
export function createSandboxProvider(deps: {
  repository: SandboxRepository;
  secret: string;
  now: () => Date;
}): PaymentProvider {
  return {
    name: sandboxProviderName,

    async createHostedPayment(request) {
      const payment = await deps.repository.insertPaymentOnce({
        id: `sp_${randomBytes(16).toString('hex')}`,
        orderNo: request.orderNo,
        amount: request.amountMinor,
        currencyCode: request.currencyCode,
        scale: request.scale,
        description: request.description,
        status: 'pending',
        expiresAt: request.expiresAt,
        createdAt: deps.now(),
      });
      return { providerReference: payment.id, payUrl: sandboxPayUrl(deps.secret, payment.id) };
    },

    async depositAddress(userId, network) {
      return deriveDepositAddress(deps.secret, userId, network);
    },

    verifyCallback({ headers, rawBody, now }) {
      const { nonce } = verifyCallbackSignature(deps.secret, headers, rawBody, now);
      return { notice: parseSandboxCallback(rawBody), nonce };
    },
  };
}
