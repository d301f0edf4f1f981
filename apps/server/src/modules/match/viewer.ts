import type { Language, UserInfo } from '@sb/contract';
import { parseOddsConfig, type Visibility, visibilityFor } from '@sb/domain';
import type { AuthenticatedUser, CallContext } from '../../http/request-context';
import type { IdentityService } from '../identity/identity.service';
import type { Pricing } from './market-options';
import type { SiteSettings, SiteSettingsValues } from './site-settings';

/** Who is looking, as far as the match calls care. */
export interface Viewer {
  /** The user row id; null for a call made without a token. */
  userId: number | null;
  /** 0 for visitors and anonymous callers. */
  memberId: number;
  /** A member's non-empty leagueIds (SPEC §6): only these leagues show. Null: every league. */
  leagueIds: ReadonlySet<number> | null;
  /** SPEC §6: whether live video and animation may be shown. */
  isShow: boolean;
  pricing: Pricing;
  visibility: Visibility;
  settings: SiteSettingsValues;
  /** The language names are shown in: the request's (`lang`), the socket handshake's. */
  language: Language;
}

/**
 * A profile changes only when an operator edits it, while a member may fetch lists many times a
 * second; the profile is kept this long so that lists cost no query for it.
 */
export const viewerProfileTtlMs = 2_000;
const profileCacheLimit = 10_000;

const pricingByKey = new Map<string, Pricing>();
function pricingOf(oddsConfig: readonly number[]): Pricing {
  const margins = parseOddsConfig(oddsConfig);
  const key = `${margins.nonHandicap},${margins.handicap},${margins.base}`;
  let pricing = pricingByKey.get(key);
  if (!pricing) {
    if (pricingByKey.size >= profileCacheLimit) pricingByKey.clear();
    pricing = { key, oddsConfig: [margins.nonHandicap, margins.handicap, margins.base], margins };
    pricingByKey.set(key, pricing);
  }
  return pricing;
}

const noMargin = pricingOf([0, 0, 0]);

export function createViewerResolver(options: {
  identity: Pick<IdentityService, 'profile'>;
  settings: SiteSettings;
  now: () => Date;
}) {
  const profiles = new Map<number, { info: UserInfo; readAt: number }>();

  async function profileOf(user: NonNullable<CallContext['user']>): Promise<UserInfo> {
    const at = options.now().getTime();
    const cached = profiles.get(user.userId);
    if (cached && at - cached.readAt < viewerProfileTtlMs) return cached.info;
    const info = await options.identity.profile(user);
    // Oldest first: Map keeps insertion order, so the first key is the one to drop.
    profiles.delete(user.userId);
    if (profiles.size >= profileCacheLimit) {
      const oldest = profiles.keys().next().value;
      if (oldest !== undefined) profiles.delete(oldest);
    }
    profiles.set(user.userId, { info, readAt: at });
    return info;
  }

  /** `isLiveStream`: SPEC §1's source 1, the live-stream flavour, which never shows play type 2. */
  async function resolveUser(
    user: AuthenticatedUser | null,
    isLiveStream: boolean,
    language: Language,
  ): Promise<Viewer> {
    const [settings, profile] = await Promise.all([
      options.settings.current(),
      user ? profileOf(user) : Promise.resolve(null),
    ]);
    const visibility = visibilityFor(settings.controlSwitches, isLiveStream);
    return {
      userId: user?.userId ?? null,
      memberId: user?.memberId ?? 0,
      leagueIds: profile && profile.leagueIds.length > 0 ? new Set(profile.leagueIds) : null,
      isShow: profile?.isShow ?? true,
      // Margins are a member's terms; a visitor sees the book's own prices.
      pricing: profile && profile.memberId > 0 ? pricingOf(profile.oddsConfig) : noMargin,
      visibility,
      settings,
      language,
    };
  }

  return {
    resolve: (context: CallContext): Promise<Viewer> =>
      resolveUser(context.user, context.client.source === '1', context.language),
    /** For callers without a call context: the match socket resolves its viewers this way. */
    resolveUser,
  };
}

export type ViewerResolver = ReturnType<typeof createViewerResolver>;
