import type { ModuleContext } from '../../module-context';
import { type PeriodicJob, startPeriodicJob } from '../../platform/periodic-job';
import type { AuditService } from '../operators/audit.service';
import type { Wallet } from '../wallet/wallet.module';
import { createGamesRepository } from './games.repository';
import { registerGameDeskRoutes, registerGameRoutes } from './games.routes';
import { createGamesService, type GameSwitches, type GamesService } from './games.service';

/** How often the sweep looks for open rounds left alone too long (docs/games.md). */
const sweepEveryMs = 10 * 60_000;

/**
 * Casino-style games (docs/games.md): the catalogue of the providers, the game wallet between a
 * member's main balance and each provider's, the house's provably fair games, and the games
 * desk. A sweep on every process ends open rounds left alone a day (each once, by whichever
 * process locks the row), and runs at start, so a round a stopped server left open is ended.
 */
export function registerGamesModule(
  context: ModuleContext,
  needs: {
    audit: AuditService;
    wallet: Pick<Wallet, 'findMember' | 'balanceEntryOf' | 'balances' | 'notifyBalanceChanged'>;
    /** The casino and lottery switches that apply to a member, or to a visitor (null). */
    gameSwitchesOf: (userId: number | null) => Promise<GameSwitches>;
  },
): GamesService {
  const { app } = context;
  const games = createGamesService({
    repository: createGamesRepository(context.database.db),
    ledger: context.ledger,
    findMember: needs.wallet.findMember,
    balanceEntryOf: needs.wallet.balanceEntryOf,
    balancesOf: needs.wallet.balances,
    notifyBalanceChanged: needs.wallet.notifyBalanceChanged,
    gameSwitchesOf: needs.gameSwitchesOf,
    accountNames: (userIds) => context.identity.accountNames(userIds),
    now: context.now,
  });
  registerGameRoutes(app, context.authenticate, games);
  registerGameDeskRoutes(app, context.authenticate, { games, audit: needs.audit });
  let sweep: PeriodicJob | undefined;
  app.addHook('onReady', async () => {
    sweep = startPeriodicJob({
      run: () => games.sweepOpenRounds(),
      everyMs: sweepEveryMs,
      onError: (error) => app.log.error({ err: error }, 'games: the open-round sweep failed'),
      runAtStart: true,
    });
  });
  app.addHook('preClose', async () => {
    await sweep?.stop();
  });
  return games;
}
