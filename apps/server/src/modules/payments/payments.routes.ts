import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import type { PaymentNoticeHandler, PaymentProvider } from './payment-provider';

/** Callback bodies are small; anything larger is not a provider's notice. */
const callbackBodyLimitBytes = 64 * 1024;

export const callbackPath = (providerName: string) => `/payments/${providerName}/callback`;

/**
 * The provider's callback route. It lives in a scope of its own whose JSON parser keeps the body
 * as text, because the signature covers the bytes as sent; the rest of the server keeps parsing
 * JSON as usual. Answers are the usual envelope: code 0 tells the provider to stop retrying.
 */
export async function registerPaymentCallbackRoute(
  app: FastifyInstance,
  deps: { provider: PaymentProvider; handleNotice: PaymentNoticeHandler; now: () => Date },
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: callbackBodyLimitBytes },
      (_request, body, done) => done(null, body),
    );
    scope.post(callbackPath(deps.provider.name), async (request) => {
      if (typeof request.body !== 'string') {
        throw new AppError('INVALID_INPUT', 'a callback is a JSON body');
      }
      const receivedAt = deps.now();
      const verified = deps.provider.verifyCallback({
        headers: request.headers,
        rawBody: request.body,
        now: receivedAt,
      });
      const outcome = await deps.handleNotice(deps.provider.name, verified, receivedAt);
      return { code: 0, msg: 'success', data: outcome };
    });
  });
}
