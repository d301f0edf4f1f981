import type { ModuleContext } from '../../module-context';
import { createFavouritesService } from './favourites.service';
import { createMatchRepository } from './match.repository';
import { registerMatchRoutes } from './match.routes';
import { createMatchService } from './match.service';
import { createMatchInfoService } from './match-info.service';
import { createMatchWireBuilder } from './match-wire';
import { createSiteSettings } from './site-settings';
import { createViewerResolver } from './viewer';

/** Registers the match calls under /match/api and the match-side calls SPEC §7 lists. */
export function registerMatchModule(context: ModuleContext): void {
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
}
