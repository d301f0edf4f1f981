import type { PartnerLinkKind } from './partner-link';

/**
 * What the site tells a partner page that embeds it in a frame (SPEC §8: a failed open-interface
 * login "tells the page"), sent with `window.parent.postMessage`. `via` says which kind of link
 * was used. The messages carry no secret (never a token), so they are posted to any origin: the
 * pages allowed to frame the site are already limited by EMBED_ORIGINS (frame-ancestors).
 */
export type PartnerPageMessage =
  | {
      type: 'sportsbook:login-success';
      via: PartnerLinkKind;
      memberId: number;
      principal: string | null;
    }
  | {
      type: 'sportsbook:login-error';
      via: PartnerLinkKind;
      /** The server's answer code, or -1 when the server could not be reached. */
      code: number;
      /** The server's message, in the link's language. */
      msg: string;
    };

/** Posts a message to the page embedding the site; a page opened on its own has none. */
export function notifyEmbeddingPage(message: PartnerPageMessage, current: Window = window): void {
  if (current.parent === current) return;
  current.parent.postMessage(message, '*');
}
