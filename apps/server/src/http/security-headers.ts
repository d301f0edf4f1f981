import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The two pages of the built web app, each with a policy of its own. */
export type WebPage = 'member' | 'console';

/** HSTS lifetime: one year, the value browsers' preload lists ask for. */
export const hstsMaxAgeSeconds = 365 * 24 * 3_600;

export interface SecurityHeaderOptions {
  /**
   * Origins (scheme://host[:port]) of partner sites allowed to frame the member app (SPEC §1:
   * partner-embedded players, the #/mini layout). The console is never framed.
   */
  embedOrigins: readonly string[];
  /**
   * The origin of the site's staticUrl when it lives on another host (banners, live stream and
   * animation pages), or null when it is served from this origin.
   */
  staticOrigin(): Promise<string | null>;
}

/** Pages the static handler served, marked as it sends them, for the policy on the way out. */
const pageOfReply = new WeakMap<FastifyReply, WebPage>();

/** Marks a reply as one of the web app's pages; the policy is written in `onSend`. */
export function markWebPage(reply: FastifyReply, page: WebPage): void {
  pageOfReply.set(reply, page);
}

/** The page a built file is, by its name, or null for scripts, styles and other assets. */
export function webPageOfFile(filePath: string): WebPage | null {
  if (/(^|[\\/])console\.html$/.test(filePath)) return 'console';
  if (filePath.endsWith('.html')) return 'member';
  return null;
}

/**
 * Who may frame the member app, as `frame-ancestors` sources: itself and the partner sites.
 * Pages shown in a frame inside it (the payment sandbox's pay page) allow the same, since a
 * browser checks every ancestor of a frame.
 */
export function memberFrameAncestors(embedOrigins: readonly string[]): string {
  return ["'self'", ...embedOrigins].join(' ');
}

/**
 * The content security policy of a page. Everything the built pages load is their own: module
 * scripts and one stylesheet from /assets, calls and both sockets on the same origin. Beyond
 * that the member app needs `data:` images (its icon), `blob:` images (the receipt preview
 * before upload), and frames of its own origin (the payment sandbox's pay page) or of the
 * staticUrl host (live stream and animation pages). React sets element styles through the DOM,
 * which `style-src 'self'` allows; no inline script or style is needed.
 */
export function contentSecurityPolicy(
  page: WebPage,
  options: { embedOrigins: readonly string[]; staticOrigin: string | null },
): string {
  const extra = options.staticOrigin ? ` ${options.staticOrigin}` : '';
  const directives =
    page === 'console'
      ? [
          "default-src 'self'",
          "script-src 'self'",
          "style-src 'self'",
          // Receipts are shown from the base64 the finance call answers.
          "img-src 'self' data:",
          "connect-src 'self'",
          "frame-src 'none'",
          "frame-ancestors 'none'",
        ]
      : [
          "default-src 'self'",
          "script-src 'self'",
          "style-src 'self'",
          `img-src 'self' data: blob:${extra}`,
          "connect-src 'self'",
          `frame-src 'self'${extra}`,
          `frame-ancestors ${memberFrameAncestors(options.embedOrigins)}`,
        ];
  return [
    ...directives,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ].join('; ');
}

/** JSON answers are data, never a document: nothing may run in, load into or frame them. */
const dataPolicy = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers every answer carries, and the policies of the web app's pages:
 * - `X-Content-Type-Options: nosniff` everywhere, so a browser never guesses a type;
 * - `Referrer-Policy: strict-origin-when-cross-origin`: other sites learn the origin, never a path;
 * - HSTS only on answers that went out over TLS (directly, or through a trusted proxy that says
 *   so in X-Forwarded-Proto): over plain HTTP it means nothing, and a site run without TLS must
 *   not tell browsers it has it;
 * - no `X-Powered-By`;
 * - the member app's and the console's content security policies, and `X-Frame-Options` for
 *   browsers that predate `frame-ancestors`;
 * - `Cache-Control: no-store` on every JSON answer (the envelope of every call, public ones too:
 *   which answers hold a token or a member's data is not worth deciding call by call).
 */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.removeHeader('x-powered-by');
    if (request.protocol === 'https')
      reply.header('strict-transport-security', `max-age=${hstsMaxAgeSeconds}`);
    const page = pageOfReply.get(reply);
    if (page) {
      const staticOrigin = page === 'member' ? await options.staticOrigin() : null;
      reply.header(
        'content-security-policy',
        contentSecurityPolicy(page, { embedOrigins: options.embedOrigins, staticOrigin }),
      );
      if (page === 'console') reply.header('x-frame-options', 'DENY');
      else if (options.embedOrigins.length === 0) reply.header('x-frame-options', 'SAMEORIGIN');
      return payload;
    }
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) {
      if (!reply.hasHeader('content-security-policy'))
        reply.header('content-security-policy', dataPolicy);
      // Answers carry tokens and members' data: no browser or proxy keeps a copy.
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

/** The origin of an absolute http(s) URL, or null for a path on this origin or anything else. */
export function originOfUrl(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
