import { type ErrorName, errorCatalogue, type Language } from '@sb/contract';
import { parseLanguage } from '@sb/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { redactUrl } from './log-redaction';

/** Answers are written in the language of the request's `lang` field, wherever it was sent. */
export function requestLanguage(request: FastifyRequest): Language {
  const fromBody = (request.body as { lang?: unknown } | undefined)?.lang;
  const fromQuery = (request.query as { lang?: unknown } | undefined)?.lang;
  const lang = typeof fromBody === 'string' ? fromBody : fromQuery;
  return parseLanguage(typeof lang === 'string' ? lang : undefined);
}

function message(errorName: ErrorName, language: Language, detail?: string): string {
  const text = errorCatalogue[errorName][language];
  return detail ? `${text}: ${detail}` : text;
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  errorName: ErrorName,
  detail?: string,
  statusCode = 200,
) {
  return reply.status(statusCode).send({
    code: errorCatalogue[errorName].code,
    msg: message(errorName, requestLanguage(request), detail),
    data: null,
  });
}

/** Fastify's own refusals of malformed requests, mapped to the catalogue. */
function classifyFrameworkError(
  error: FastifyError,
): { errorName: ErrorName; detail?: string } | null {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { errorName: 'BODY_TOO_LARGE' };
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return { errorName: 'INVALID_INPUT', detail: 'body is not valid JSON' };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { errorName: 'INVALID_INPUT', detail: 'unsupported content type' };
  }
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return { errorName: 'INVALID_INPUT', detail: 'empty JSON body' };
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return { errorName: 'INVALID_INPUT', detail: error.message };
  }
  return null;
}

/**
 * Every answer, refusals included, is DESIGN §5's envelope with HTTP 200. Unknown faults are
 * logged with their stack and answered with a generic message, never their details.
 */
export function installErrorHandling(app: FastifyInstance, requestTimeoutMs: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(request, reply, error.errorName, error.detail);
    }
    const known = classifyFrameworkError(error);
    if (known) return sendError(request, reply, known.errorName, known.detail);
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 'INTERNAL');
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, 'NOT_FOUND', `${request.method} ${request.url.split('?')[0]}`, 404),
  );

  // A call that has not answered within the request timeout answers TIMEOUT instead of leaving
  // the client waiting; the client's own timeout (SPEC §7, 25 s) is the same.
  app.addHook('onRequest', async (request, reply) => {
    const timer = setTimeout(() => {
      if (!reply.sent) {
        request.log.warn({ url: redactUrl(request.url) }, 'request timed out');
        void sendError(request, reply, 'TIMEOUT');
      }
    }, requestTimeoutMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
  });
}
