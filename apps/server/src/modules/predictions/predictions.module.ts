import type { SeededPast } from '@sb/feed-sim';
import type { ModuleContext } from '../../module-context';
import type { ViewerResolver } from '../match/match.types';
import { createPredictionsRepository } from './predictions.repository';
import { registerPredictionsRoutes } from './predictions.routes';
import { createPredictionsService } from './predictions.service';
import { createPreviews } from './previews.service';

/**
 * Match previews and members' score predictions with a weekly leaderboard (docs/predictions.md).
 * Reads the read model for upcoming matches, the catalogue for results and the seeded past for
 * previews; no money moves.
 */
export function registerPredictionsModule(
  context: ModuleContext,
  deps: {
    /** Who sees which sports and leagues (the match module's viewers). */
    viewers: ViewerResolver;
    /** The sides' past, which the simulated feed keeps; previews without it list no form. */
    records?: SeededPast | undefined;
  },
): void {
  const predictions = createPredictionsService({
    repository: createPredictionsRepository(context.database.db),
    readModel: context.readModel,
    catalogue: context.catalogue,
    viewers: deps.viewers,
    identity: context.identity,
    previews: createPreviews({ records: deps.records }),
    now: context.now,
  });
  registerPredictionsRoutes(context.app, context.authenticate, predictions);
}
