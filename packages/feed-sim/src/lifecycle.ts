import type { MarketRef } from './messages';
import { EventCore, type EventPlan, type World } from './runtime';

/** A pause before a corrected result, as an operator would take to review it. */
const CORRECTION_DELAY = [5 * 60_000, 15 * 60_000] as const;
const ROLLBACK_CANCEL_DELAY = 10 * 60_000;

/**
 * One event from the moment it is listed until its last result: pre-match prices and drift,
 * kick-off, the sport engine's play, settlement, and the rare incidents its scenario holds.
 */
export class EventRuntime extends EventCore {
  /** Set once every bet on the event has been voided (cancelled or abandoned). */
  private voided = false;

  constructor(world: World, plan: EventPlan) {
    super(world, plan);
    world.schedule(plan.openAt, () => this.open());
  }

  private open() {
    this.phase = 'scheduled';
    this.fixtureChange('new');
    this.publish();
    for (const time of this.plan.drifts) this.world.schedule(time, () => this.drift());
    this.world.schedule(this.kickoffAt, () => this.kickoff(this.kickoffAt));
    this.scheduleIncidents();
  }

  private drift() {
    if (this.phase !== 'scheduled') return;
    this.engine.drift();
    this.publish();
  }

  private kickoff(plannedFor: number) {
    // A postponement leaves the old kick-off in the queue; only the current one counts.
    if (this.phase !== 'scheduled' || plannedFor !== this.kickoffAt) return;
    this.phase = 'live';
    // Without live odds betting stops at the off; an outright simply closes with its result.
    if (!this.plan.fixture.liveOdds && this.plan.fixture.kind !== 'outright') {
      this.book.suspendAll();
      // Sent before the engine starts so no bet slips in; the board still reads "not started".
      const status = { ...this.status(), description: 'Starting' };
      this.world.emit({ type: 'bet_stop', ...this.head(), reason: 'event_started', status });
    }
    this.engine.start();
    if (this.phase === 'live') this.publish();
  }

  protected finish() {
    if (this.phase !== 'live') return;
    this.phase = 'ended';
    this.stops = 0;
    this.swapPlay = undefined;
    const correction = this.plan.scenario.correction;
    if (correction && this.engine.setPhantomGoal) this.engine.setPhantomGoal(correction);
    const markets = this.book.deactivateAll();
    this.world.emit({ type: 'odds_change', ...this.head(), status: this.status(), markets });
    this.world.schedule(this.world.feedTime() + this.plan.settleDelay, () => this.settleAll());
  }

  private settleAll() {
    this.settle(this.book.unresolved());
    const correction = this.plan.scenario.correction;
    if (!correction || !this.engine.setPhantomGoal) {
      this.close();
      return;
    }
    const [min, max] = CORRECTION_DELAY;
    this.world.schedule(this.world.feedTime() + this.plan.rng.between(min, max), () =>
      this.correct(),
    );
  }

  /** The goal recorded at the end is ruled out: roll back full-time markets and settle again. */
  private correct() {
    this.engine.setPhantomGoal?.(null);
    const fullTime = (playId: number) => this.engine.settleAfterPeriod(playId) === undefined;
    const refs = this.book.settled(fullTime);
    this.world.emit({ type: 'odds_change', ...this.head(), status: this.status(), markets: [] });
    this.world.emit({ type: 'rollback_bet_settlement', ...this.head(), markets: refs });
    this.book.mark(refs, 'deactivated');
    this.settle(refs);
    this.close();
  }

  private close() {
    const ended = this.snapshot();
    this.phase = 'closed';
    this.world.closed(this, ended);
  }

  private scheduleIncidents() {
    const s = this.plan.scenario;
    if (s.cancelAt !== undefined) this.world.schedule(s.cancelAt, () => this.cancelBeforeStart());
    if (s.postponeAt !== undefined && s.postponeBy !== undefined) {
      const by = s.postponeBy;
      this.world.schedule(s.postponeAt, () => this.postpone(by));
    }
    if (s.abandonAfter !== undefined) {
      this.world.schedule(this.kickoffAt + s.abandonAfter, () => this.abandon());
    }
    if (s.oddsErrorAfter !== undefined && s.oddsErrorFor !== undefined) {
      const lasting = s.oddsErrorFor;
      this.world.schedule(this.kickoffAt + s.oddsErrorAfter, () => this.oddsError(lasting));
    }
  }

  private cancelBeforeStart() {
    if (this.phase !== 'scheduled') return;
    this.phase = 'cancelled';
    this.voided = true;
    this.fixtureChange('cancelled');
    this.cancelMarkets('match_cancelled', this.book.unresolved());
    this.close();
  }

  private postpone(by: number) {
    if (this.phase !== 'scheduled') return;
    const previous = this.fixture().startTime;
    this.kickoffAt += by;
    const planned = this.kickoffAt;
    this.fixtureChange('start_time', previous);
    this.world.schedule(planned, () => this.kickoff(planned));
  }

  private abandon() {
    if (this.phase !== 'live') return;
    this.phase = 'abandoned';
    this.voided = true;
    const markets = this.book.deactivateAll();
    this.world.emit({ type: 'odds_change', ...this.head(), status: this.status(), markets });
    this.cancelMarkets('match_abandoned', this.book.unresolved());
    this.close();
  }

  /** A trader's error: one play shows wrong prices for a while; bets taken then are void. */
  private oddsError(lasting: number) {
    if (this.phase !== 'live' || !this.plan.fixture.liveOdds) return;
    const playId = 3;
    const startTime = this.world.wall(this.world.feedTime());
    this.swapPlay = playId;
    this.publish();
    this.world.schedule(this.world.feedTime() + lasting, () => {
      if (this.voided) return;
      this.swapPlay = undefined;
      if (this.phase === 'live') this.publish();
      const window = { startTime, endTime: this.world.wall(this.world.feedTime()) };
      const markets: MarketRef[] = this.book.refsOfPlay(playId);
      if (markets.length === 0) return;
      this.world.emit({
        type: 'bet_cancel',
        ...this.head(),
        reason: 'odds_error',
        markets,
        ...window,
      });
      if (!this.plan.scenario.rollbackCancel) return;
      this.world.schedule(this.world.feedTime() + ROLLBACK_CANCEL_DELAY, () =>
        this.world.emit({ type: 'rollback_bet_cancel', ...this.head(), markets, ...window }),
      );
    });
  }
}
