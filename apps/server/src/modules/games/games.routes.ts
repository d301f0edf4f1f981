import {
  deskGameFigures,
  deskGameList,
  deskGameProviderSet,
  deskGameRoundList,
  deskGameSet,
  gameBalanceList,
  gameBalanceWithdraw,
  gameBalanceWithdrawAll,
  gameItem,
  gameLaunchList,
  gameList,
  gameMemberOnline,
  gameOrderDetail,
  gameOrderList,
  gamePlay,
  houseDicePlay,
  houseLimboPlay,
  houseMinesCashOut,
  houseMinesReveal,
  houseMinesStart,
  housePlinkoPlay,
  houseSeed,
  houseSeedRotate,
} from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator, CallContext } from '../../http/request-context';
import { type AuditService, auditWithin } from '../operators/audit.service';
import type { GamesService, HouseBet } from './games.service';

type StakeInput = { stake: number; currencyId?: number | undefined };

const userIdOf = (context: CallContext): number => {
  if (!context.user) throw new Error('a member call without a member');
  return context.user.userId;
};

/** The members' calls: the catalogue, the game wallet, rounds and the house's games. */
export function registerGameRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  games: GamesService,
): void {
  registerCall(app, authenticate, gameList, (input, context) =>
    games.list(context.user?.userId ?? null, input, context.language),
  );
  registerCall(app, authenticate, gameItem, (input, context) =>
    games.item(context.user?.userId ?? null, input.gameId, context.language),
  );
  registerCall(app, authenticate, gameMemberOnline, (input) => games.online(input.gameId));
  registerCall(app, authenticate, gamePlay, (input, context) =>
    games.play(userIdOf(context), input, context.idempotencyKey, context.language),
  );
  registerCall(app, authenticate, gameLaunchList, (_input, context) =>
    games.launches(userIdOf(context), context.language),
  );
  registerCall(app, authenticate, gameBalanceList, (_input, context) =>
    games.balances(userIdOf(context), context.language),
  );
  registerCall(app, authenticate, gameBalanceWithdraw, (input, context) =>
    games.withdraw(userIdOf(context), input, context.idempotencyKey),
  );
  registerCall(app, authenticate, gameBalanceWithdrawAll, (input, context) =>
    games.withdrawAll(userIdOf(context), input, context.idempotencyKey),
  );
  registerCall(app, authenticate, gameOrderList, (input, context) =>
    games.rounds(userIdOf(context), input, context.language),
  );
  registerCall(app, authenticate, gameOrderDetail, (input, context) =>
    games.round(userIdOf(context), input.roundNo, context.language),
  );
  registerCall(app, authenticate, houseSeed, (_input, context) => games.seed(userIdOf(context)));
  registerCall(app, authenticate, houseSeedRotate, (input, context) =>
    games.rotateSeed(userIdOf(context), input.clientSeed),
  );
  const round = (context: CallContext, stake: StakeInput, bet: HouseBet) =>
    games.playHouseRound(userIdOf(context), stake, bet, context.idempotencyKey, context.language);
  registerCall(app, authenticate, houseDicePlay, ({ target, direction, ...stake }, context) =>
    round(context, stake, { game: 'dice', target, direction }),
  );
  registerCall(app, authenticate, houseLimboPlay, ({ target, ...stake }, context) =>
    round(context, stake, { game: 'limbo', target }),
  );
  registerCall(app, authenticate, housePlinkoPlay, ({ rows, risk, ...stake }, context) =>
    round(context, stake, { game: 'plinko', rows, risk }),
  );
  registerCall(app, authenticate, houseMinesStart, ({ mines, ...stake }, context) =>
    round(context, stake, { game: 'mines', mines }),
  );
  registerCall(app, authenticate, houseMinesReveal, (input, context) =>
    games.minesReveal(userIdOf(context), input, context.language),
  );
  registerCall(app, authenticate, houseMinesCashOut, (input, context) =>
    games.minesCashOut(userIdOf(context), input.roundNo, context.language),
  );
}

/**
 * The games desk: games and providers on or off and their settings, each change audited in its
 * own transaction (`game.set` on `game:<id>`, `game_provider.set` on `game_provider:<id>`);
 * round search and per-game figures.
 */
export function registerGameDeskRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  deps: { games: GamesService; audit: AuditService },
): void {
  const { games, audit } = deps;
  registerCall(app, authenticate, deskGameList, (_input, context) =>
    games.deskList(context.language),
  );
  registerCall(app, authenticate, deskGameSet, (input, context) =>
    games.deskSetGame(
      input,
      auditWithin(audit, context, 'game.set', { type: 'game', id: input.gameId }, input.reason),
      context.language,
    ),
  );
  registerCall(app, authenticate, deskGameProviderSet, (input, context) =>
    games.deskSetProvider(
      input,
      auditWithin(
        audit,
        context,
        'game_provider.set',
        { type: 'game_provider', id: input.provider },
        input.reason,
      ),
    ),
  );
  registerCall(app, authenticate, deskGameRoundList, (input, context) =>
    games.deskRounds(input, context.language),
  );
  registerCall(app, authenticate, deskGameFigures, (input, context) =>
    games.deskFigures(input, context.language),
  );
}
