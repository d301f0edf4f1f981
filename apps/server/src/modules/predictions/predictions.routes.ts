import {
  predictList,
  predictMine,
  predictRank,
  predictSubmit,
  prospectFind,
  prospectInfo,
  prospectList,
} from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import type { Authenticator, CallContext } from '../../http/request-context';
import type { PredictionsService } from './predictions.service';

/** The member's user id; member calls always carry one (registerCall checked the level). */
function memberOf(context: CallContext): number {
  if (!context.user || context.user.memberId <= 0) throw new AppError('LOGIN_REQUIRED');
  return context.user.userId;
}

/** Previews and predictions: reads for any session, entries for members. */
export function registerPredictionsRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  predictions: PredictionsService,
): void {
  registerCall(app, authenticate, prospectList, (input, context) =>
    predictions.previewList(input, context),
  );
  registerCall(app, authenticate, prospectFind, (input, context) =>
    predictions.previewFind(input, context),
  );
  registerCall(app, authenticate, prospectInfo, (input, context) =>
    predictions.preview(input.matchId, context),
  );
  registerCall(app, authenticate, predictList, (input, context) =>
    predictions.predictList(input, context),
  );
  registerCall(app, authenticate, predictSubmit, (input, context) =>
    predictions.submit(input, memberOf(context), context),
  );
  registerCall(app, authenticate, predictMine, (input, context) =>
    predictions.mine(input, memberOf(context), context),
  );
  registerCall(app, authenticate, predictRank, (input, context) =>
    predictions.leaderboard(input, context),
  );
}
