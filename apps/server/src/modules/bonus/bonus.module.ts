import { orderStatus } from '@sb/contract';
import type { ModuleContext } from '../../module-context';
import { type PeriodicJob, startPeriodicJob } from '../../platform/periodic-job';
import type { AuditService } from '../operators/audit.service';
import type { OrdersService } from '../orders/orders.service';
import { createBonusRepository } from './bonus.repository';
import { registerBonusDeskRoutes, registerBonusRoutes } from './bonus.routes';
import { type BonusService, createBonusService } from './bonus.service';
import { createFreeBetsRepository } from './free-bets.repository';
import { createFreeBets } from './free-bets.service';

/** How often the rollover pass reads the wagers decided since the last one. */
export const rolloverEveryMs = 5_000;
/** How often bonuses past their expiry are ended. */
export const expiryEveryMs = 60_000;

/**
 * Bonus money: grants (made by the promotions that pay bonus money, through the service), the
 * rollover counted from the wagering record by a periodic pass, expiries by another, the
 * member's list and the desk's list and forfeit. Sports bets' status and odds are read through
 * the orders service.
 */
export function registerBonusModule(
  context: ModuleContext,
  deps: {
    audit: AuditService;
    orders: Pick<OrdersService, 'wagerTermsOf' | 'useBonusStakeCap' | 'useFreeBets'>;
    notifyBalanceChanged: (userId: number) => Promise<void>;
  },
): BonusService {
  const freeBets = createFreeBets({
    db: context.database.db,
    repository: createFreeBetsRepository(context.database.db),
    ledger: context.ledger,
    now: context.now,
  });
  // Placement, release and settlement reach the free bets through the orders module.
  deps.orders.useFreeBets(freeBets.stakes);
  const bonus = createBonusService({
    repository: createBonusRepository(context.database.db),
    freeBets,
    ledger: context.ledger,
    wagerTerms: {
      sports: async (orderNos) => {
        const terms = await deps.orders.wagerTermsOf(orderNos);
        return new Map(
          [...terms].map(([orderNo, entry]) => [
            orderNo,
            {
              // Settled by result and not void; a rolled back bet is accepted again until its
              // next settlement, which is read then.
              standsSettled: entry.status === orderStatus.settled,
              oddsUnits: entry.totalOddsUnits,
            },
          ]),
        );
      },
    },
    notifyBalanceChanged: deps.notifyBalanceChanged,
    now: context.now,
  });
  // A stake above an active grant's maximum may not spend bonus money (placement asks here).
  deps.orders.useBonusStakeCap(bonus.bonusStakeCapOf);
  registerBonusRoutes(context.app, context.authenticate, bonus);
  registerBonusDeskRoutes(context.app, context.authenticate, { bonus, audit: deps.audit });
  const jobs: PeriodicJob[] = [];
  context.app.addHook('onReady', async () => {
    const log = context.app.log;
    jobs.push(
      startPeriodicJob({
        run: () => bonus.countRollover(),
        everyMs: rolloverEveryMs,
        onError: (error) => log.error({ err: error }, 'counting bonus rollover failed'),
        runAtStart: true,
      }),
      startPeriodicJob({
        run: async () => {
          await bonus.expireDue();
          await bonus.expireDueFreeBets();
        },
        everyMs: expiryEveryMs,
        onError: (error) => log.error({ err: error }, 'expiring bonuses failed'),
        runAtStart: true,
      }),
    );
  });
  context.app.addHook('preClose', async () => {
    await Promise.all(jobs.map((job) => job.stop()));
  });
  return bonus;
}
