import type { SeededPast } from '@sb/feed-sim';
import type { ModuleContext } from '../../module-context';
import type { AuditService } from '../operators/audit.service';
import { createFavouritesService } from './favourites.service';
import { createMatchRepository } from './match.repository';
import { registerMatchRoutes } from './match.routes';
import { createMatchService } from './match.service';
import { createMatchInfoService } from './match-info.service';
import { createMatchWireBuilder, type MatchWireBuilder } from './match-wire';
import { createSettingsBus, type SettingsBus } from './settings-bus';
import { registerSiteDeskRoutes } from './site-desk.routes';
import { createSiteSettings, type SiteSettings } from './site-settings';
import { renderedBroadcasts, type StreamProvider } from './stream-provider';
import { createViewerResolver, type ViewerResolver } from './viewer';

/**
 * What the match socket needs to send matches exactly as the match calls do: the same builder
 * (and its caches of wire forms), the same viewers, the same settings.
 */
export interface MatchWireSource {
  wire: MatchWireBuilder;
  viewers: ViewerResolver;
  settings: SiteSettings;
}

const defaultRedisPrefix = 'sb:';

/**
 * With Redis, a change of the site settings on one process is announced to every other, which
 * reads the settings at once (docs/matches.md, Control switches); alone, a process has no one to
 * tell. The bus is closed with the app.
 */
function settingsBusOf(
  context: SiteSettingsContext,
  onAnnounced: () => void,
): SettingsBus | undefined {
  const redisUrl = context.config.REDIS_URL;
  if (!redisUrl) return undefined;
  const bus = createSettingsBus({
    redisUrl,
    prefix: context.config.REDIS_PREFIX ?? defaultRedisPrefix,
    onAnnounced,
    log: context.app.log.child({ module: 'match' }),
  });
  context.app.addHook('onClose', () => bus.close());
  return bus;
}

type SiteSettingsContext = Pick<ModuleContext, 'app' | 'config' | 'database' | 'now'>;

/**
 * The site settings (control switches, the static files' host): read by the match calls, the
 * match socket, placement and the security headers, which go in before any route, so they exist
 * before the module registers. With Redis every process reads a change at once.
 */
export function createMatchSiteSettings(context: SiteSettingsContext): SiteSettings {
  const bus = settingsBusOf(context, () => {
    settings.refresh().catch((error: unknown) => {
      context.app.log.error({ err: error }, 'site settings could not be read after a change');
    });
  });
  const settings = createSiteSettings({
    repository: createMatchRepository(context.database.db),
    now: context.now,
    ...(bus ? { announceChange: bus.announce } : {}),
  });
  return settings;
}

/**
 * Registers the match calls under /match/api, the match-side calls SPEC §7 lists and the site
 * desk's control switches, which the site settings keep.
 */
export function registerMatchModule(
  context: ModuleContext,
  deps: {
    settings: SiteSettings;
    /** Records the site desk's changes. */
    audit: AuditService;
    /** Live video and animation; the book's rendered broadcasts unless given. */
    streams?: StreamProvider | undefined;
    /** The sides' past for head-to-head; none unless given. */
    records?: SeededPast | undefined;
  },
): MatchWireSource {
  const { readModel, now } = context;
  const { settings } = deps;
  const repository = createMatchRepository(context.database.db);
  const viewers = createViewerResolver({ identity: context.identity, settings, now });
  const wire = createMatchWireBuilder(readModel);
  const favourites = createFavouritesService({ repository, readModel });
  const matches = createMatchService({
    readModel,
    catalogue: context.catalogue,
    wire,
    viewers,
    favourites,
    now,
  });
  const info = createMatchInfoService({
    readModel,
    wire,
    viewers,
    matches,
    streams: deps.streams ?? renderedBroadcasts,
    records: deps.records,
    now,
  });
  registerMatchRoutes(
    context.app,
    context.authenticate,
    { matches, info, favourites },
    { sealPayloads: context.config.SEAL_PAYLOADS },
  );
  registerSiteDeskRoutes(context.app, context.authenticate, { settings, audit: deps.audit });
  return { wire, viewers, settings };
}
