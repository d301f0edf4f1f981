import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../module-context';
import { createFavouritesService } from './favourites.service';
import { createMatchRepository } from './match.repository';
import { registerMatchRoutes } from './match.routes';
import { createMatchService } from './match.service';
import { createMatchInfoService } from './match-info.service';
import { createMatchWireBuilder, type MatchWireBuilder } from './match-wire';
import { createSiteSettings, type SiteSettings } from './site-settings';
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

const wireSourceByApp = new WeakMap<FastifyInstance, MatchWireSource>();

/** The match module's wire source on an app, for code that holds only the app (as tests do). */
export function matchWireSourceOf(app: FastifyInstance): MatchWireSource | undefined {
  return wireSourceByApp.get(app);
}

/** Registers the match calls under /match/api and the match-side calls SPEC §7 lists. */
export function registerMatchModule(context: ModuleContext): MatchWireSource {
  const { readModel, now } = context;
  const repository = createMatchRepository(context.database.db);
  const settings = createSiteSettings({ repository, now });
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
  const info = createMatchInfoService({ readModel, wire, viewers, matches, now });
  registerMatchRoutes(
    context.app,
    context.authenticate,
    { matches, info, favourites },
    { sealPayloads: context.config.SEAL_PAYLOADS },
  );
  const source: MatchWireSource = { wire, viewers, settings };
  wireSourceByApp.set(context.app, source);
  return source;
}
