import type { FastifyInstance } from 'fastify';
import { signedCallbackHeaders } from './callback-signature';

/** The envelope the merchant answers a callback with. */
export interface CallbackAnswer {
  code: number;
  msg: string;
  data: unknown;
}

/** Sends one signed callback body to the merchant and answers the merchant's reply. */
export type CallbackDelivery = (body: string) => Promise<CallbackAnswer>;

/**
 * Delivers the sandbox's callbacks to this server's callback route through Fastify's inject: the
 * request takes the same route, signature check and handler a provider's HTTP call would, without
 * the server needing to know its own public address.
 */
export function createInjectDelivery(deps: {
  app: FastifyInstance;
  path: string;
  secret: string;
  now: () => Date;
}): CallbackDelivery {
  return async (body) => {
    const response = await deps.app.inject({
      method: 'POST',
      url: deps.path,
      headers: {
        'content-type': 'application/json',
        ...signedCallbackHeaders(deps.secret, body, deps.now()),
      },
      payload: body,
    });
    try {
      const answer = response.json() as Partial<CallbackAnswer>;
      return {
        code: typeof answer.code === 'number' ? answer.code : -1,
        msg: typeof answer.msg === 'string' ? answer.msg : '',
        data: answer.data ?? null,
      };
    } catch {
      return { code: -1, msg: `HTTP ${response.statusCode} without an envelope`, data: null };
    }
  };
}
