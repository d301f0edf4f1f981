import type { Session } from '@sb/contract';
import { ApiError, localErrorCodes } from '../../../lib/api-client';
import { appEvents, dispatchAppEvent } from '../../../lib/app-events';
import { appConfig } from '../../../lib/app-init/app-config';
import { applyLanguage, currentLanguage, i18n } from '../../../lib/i18n/i18n';
import { signInPartnerPlayer } from '../api/open-member-login';
import { redeemPartnerPasscode } from '../api/open-passcode-login';
import { rewriteAddressAfterLogin } from './address';
import { completeLogin } from './login-flow';
import { type PartnerLink, readPartnerLink } from './partner-link';
import { notifyEmbeddingPage } from './partner-messages';

function signInWith(link: PartnerLink): Promise<Session> {
  // The link's language is the one the server answers in, its message on failure included; its
  // site number replaces the site's own only when the link names one.
  const common = { lang: currentLanguage(), ...(link.siteNo ? { siteNo: link.siteNo } : {}) };
  if (link.kind === 'passcode')
    return redeemPartnerPasscode({ passcode: link.passcode, ...common });
  const { authToken, principal, channel, currencyCode } = link;
  return signInPartnerPlayer({ authToken, principal, channel, currencyCode, ...common });
}

function failureOf(error: unknown): { code: number; msg: string } {
  if (error instanceof ApiError) return { code: error.code, msg: error.message };
  return { code: localErrorCodes.unexpectedAnswer, msg: i18n.t('common.unexpectedAnswer') };
}

/**
 * Signs the partner's player of a link in (SPEC §4 login success, then the index route) and
 * tells the embedding page. A failure has shown the server's message as a toast already (the
 * API client does); the embedding page is told, and a failed passcode also raises
 * `pass-login-error` (SPEC §8). Answers whether the player is signed in.
 */
export async function signInFromPartnerLink(link: PartnerLink): Promise<boolean> {
  // The link's language is in place before the player is: the partner badge and the first
  // screen signed in speak it. Texts that cannot load leave the page in the language it shows.
  if (link.language) await applyLanguage(link.language).catch(() => undefined);
  try {
    const session = await signInWith(link);
    completeLogin(session);
    notifyEmbeddingPage({
      type: 'sportsbook:login-success',
      via: link.kind,
      memberId: session.memberId,
      principal: session.principal,
    });
    return true;
  } catch (error) {
    const failure = failureOf(error);
    notifyEmbeddingPage({ type: 'sportsbook:login-error', via: link.kind, ...failure });
    if (link.kind === 'passcode') dispatchAppEvent(appEvents.passLoginError, failure);
    return false;
  }
}

/**
 * At start: a page opened with a partner link signs its player in. The address is rewritten to
 * the index route (or stays in #/mini) before the call is made, so the authToken or passcode
 * leaves the address bar and history whatever the answer. Answers whether a player was signed
 * in; false also for an ordinary visit.
 */
export async function signInFromAddressOnStart(): Promise<boolean> {
  const link = readPartnerLink(window.location.search, window.location.hash, appConfig().utk);
  if (!link) return false;
  rewriteAddressAfterLogin();
  return signInFromPartnerLink(link);
}
