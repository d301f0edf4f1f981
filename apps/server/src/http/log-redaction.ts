import type { FastifyRequest } from 'fastify';

/**
 * Names of fields whose values are credentials: member and operator tokens, passwords (the
 * login's `pwd`, a withdrawal password, a partner passcode), TOTP codes, a partner's `authToken`,
 * the payment sandbox's pay page `key`, and signatures and secrets of callbacks.
 */
const secretFieldName =
  /^(?:token|authtoken|accesstoken|[a-z_]*pwd|[a-z_]*password|passcode|totp|key|sign|signature|secret|[a-z_]*secret)$/i;

export const redactedText = '[redacted]';

export function isSecretFieldName(name: string): boolean {
  return secretFieldName.test(name);
}

function decodedName(rawName: string): string {
  try {
    return decodeURIComponent(rawName.replace(/\+/g, ' '));
  } catch {
    return rawName;
  }
}

/**
 * A URL as a log line may show it: the value of every credential in its query replaced. A GET
 * call carries its token in the query, and the request log writes the URL of every request.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && isSecretFieldName(decodedName(name)) ? `${name}=${redactedText}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

/** Fastify's request serializer, with the URL's credentials redacted. */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Paths pino blanks in any line that logs request data by hand: the credentials a request can
 * carry in its headers, query or body.
 */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-payment-signature"]',
  ...['query', 'body'].flatMap((part) =>
    ['token', 'authToken', 'pwd', 'password', 'passcode', 'totp', 'key', 'sign', 'signature'].map(
      (name) => `req.${part}.${name}`,
    ),
  ),
];
