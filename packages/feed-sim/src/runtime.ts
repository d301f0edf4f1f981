import { MarketBook } from './book';
import type { EngineHost, ScoreBoard, SportEngine } from './engine';
import type { Margins } from './markets/pricing';
import { toSettledOutcomes } from './markets/spec';
import type {
  BetCancelReason,
  BetStopReason,
  EventFeedMessage,
  EventSnapshot,
  EventStatus,
  Fixture,
  FixtureChangeType,
  MarketRef,
  MatchStatus,
} from './messages';
import type { Rng } from './prng';

/** What an event needs from the simulator around it. Times are feed (world) time. */
export interface World {
  readonly margins: Margins;
  /** True while the world before the start is replayed: nothing is published then. */
  readonly replaying: boolean;
  /**
   * True while replaying without working out pre-match prices (only the state at the start
   * counts); false for a world asked to replay exactly.
   */
  readonly defersPreMatchPricing: boolean;
  /** Current feed (world) time. */
  feedTime(): number;
  schedule(time: number, action: () => void): void;
  emit(message: EventFeedMessage): void;
  /** Feed time to the caller's clock. */
  wall(time: number): number;
  /** The event is done with; `ended` is how it stood before it closed. */
  closed(event: EventCore, ended: EventSnapshot): void;
}

/** Incidents decided when the event is created (each rare; most events have none). */
export interface Scenario {
  cancelAt?: number;
  postponeAt?: number;
  postponeBy?: number;
  abandonAfter?: number;
  oddsErrorAfter?: number;
  oddsErrorFor?: number;
  rollbackCancel?: boolean;
  correction?: 'home' | 'away';
}

export interface EventPlan {
  /** The fixture with feed-time start (and end) that the caller sees converted. */
  fixture: Fixture;
  openAt: number;
  /** When play starts; for outrights, when the winner is known. */
  kickoff: number;
  drifts: readonly number[];
  settleDelay: number;
  scenario: Scenario;
  rng: Rng;
  /** The live data's own stream (see `EngineHost.playRng`). */
  playRng: Rng;
  createEngine: (host: EngineHost) => SportEngine;
  /**
   * Played only for its result: an event long over when the world is created, replayed so that
   * the day's results are known, never priced or published (prices draw no random numbers, so
   * its result is the one a world running all along had).
   */
  resultsOnly?: boolean;
}

type Phase = 'pending' | 'scheduled' | 'live' | 'ended' | 'closed' | 'cancelled' | 'abandoned';

const PHASE_STATUS: Record<Phase, EventStatus> = {
  pending: 'not_started',
  scheduled: 'not_started',
  live: 'live',
  ended: 'ended',
  closed: 'closed',
  cancelled: 'cancelled',
  abandoned: 'abandoned',
};

/** The number of the latest live data a status carries: a play, or a race's running order. */
function liveDataNumber(status: MatchStatus): number | undefined {
  return status.play?.n ?? status.runningOrder?.n;
}

/** Everything in a status but the running clock: a tick alone is no news. */
function statusKey(status: MatchStatus): string {
  const scores = status.periodScores.map((p) => `${p.home}-${p.away}`).join(',');
  const corners = status.corners ? `${status.corners.home}-${status.corners.away}` : '';
  return [
    status.status,
    status.periodCode,
    status.description,
    status.homeScore,
    status.awayScore,
    scores,
    corners,
    status.server ?? '',
    status.ranking?.join(',') ?? '',
  ].join('|');
}

export abstract class EventCore {
  protected phase: Phase = 'pending';
  protected seq = 0;
  protected stops = 0;
  protected swapPlay: number | undefined;
  private lastStatusKey = '';
  /** The number of the last play a message carried. */
  private playSent = 0;
  /** Pre-match prices are not worked out while replaying; only the state at the start counts. */
  private stale = false;
  protected readonly book: MarketBook;
  protected readonly engine: SportEngine;
  protected kickoffAt: number;

  constructor(
    protected readonly world: World,
    protected readonly plan: EventPlan,
  ) {
    this.kickoffAt = plan.kickoff;
    this.book = new MarketBook(plan.fixture.sportId, world.margins);
    this.engine = plan.createEngine(this.host());
  }

  get eventId(): number {
    return this.plan.fixture.eventId;
  }

  get visible(): boolean {
    return this.phase !== 'pending' && this.phase !== 'closed';
  }

  /** The kick-off the calendar planned, before any postponement (feed time). */
  get plannedKickoff(): number {
    return this.plan.kickoff;
  }

  private host(): EngineHost {
    return {
      rng: this.plan.rng,
      playRng: this.plan.playRng,
      now: () => this.world.feedTime(),
      at: (time, action) => this.world.schedule(time, () => this.phase === 'live' && action()),
      publish: () => this.publish(),
      play: () => this.play(),
      betStop: (reason) => this.betStop(reason),
      release: () => this.release(),
      periodEnded: (period) => this.periodEnded(period),
      settleDecided: () => this.settleDecided(),
      finish: () => this.finish(),
    };
  }

  fixture(): Fixture {
    const { fixture } = this.plan;
    const startTime = this.world.wall(fixture.startTime + (this.kickoffAt - this.plan.kickoff));
    const out: Fixture = { ...fixture, startTime };
    if (fixture.endTime !== undefined) out.endTime = this.world.wall(fixture.endTime);
    return out;
  }

  status(board: ScoreBoard = this.engine.board()): MatchStatus {
    return { status: PHASE_STATUS[this.phase], ...board };
  }

  snapshot(): EventSnapshot {
    return {
      fixture: this.fixture(),
      status: this.status(),
      markets: this.book.all(),
      seq: this.seq,
    };
  }

  protected head() {
    const { eventId, sportId } = this.plan.fixture;
    return { eventId, sportId, timestamp: this.world.wall(this.world.feedTime()), seq: ++this.seq };
  }

  /** Prices an event that was left unpriced while replaying. */
  catchUp() {
    if (!this.stale) return;
    this.stale = false;
    this.publish();
  }

  protected publish() {
    if (this.plan.resultsOnly) return;
    if (this.phase === 'closed' || this.phase === 'cancelled' || this.phase === 'abandoned') return;
    if (this.world.defersPreMatchPricing && this.phase === 'scheduled') {
      this.stale = true;
      return;
    }
    this.stale = false;
    const status = this.status();
    const pricing =
      this.phase === 'scheduled' || (this.phase === 'live' && this.plan.fixture.liveOdds);
    const markets = pricing
      ? this.book.update(this.engine.price(), {
          suspended: this.stops > 0,
          swapPlay: this.swapPlay,
        })
      : [];
    const key = statusKey(status);
    if (markets.length === 0 && key === this.lastStatusKey) return;
    const moved = key !== this.lastStatusKey;
    this.lastStatusKey = key;
    this.playSent = liveDataNumber(status) ?? this.playSent;
    this.world.emit({ type: 'odds_change', ...this.head(), status, markets });
    // A score that moved may have decided markets for good (an over line passed): settled now.
    if (moved) this.settleDecided();
  }

  /**
   * Sends the board's latest play (or running order), unless a message already carried it. A
   * play that moved the score (a basket, a rally) is sent with the prices it makes: the book is
   * never shown a score its prices do not follow.
   */
  protected play() {
    if (this.phase !== 'live' || this.plan.resultsOnly) return;
    const status = this.status();
    if (this.plan.fixture.liveOdds && statusKey(status) !== this.lastStatusKey) {
      this.publish();
      return;
    }
    const n = liveDataNumber(status);
    if (n === undefined || n === this.playSent) return;
    this.playSent = n;
    this.world.emit({ type: 'play', ...this.head(), status });
  }

  protected betStop(reason: BetStopReason) {
    // Without live odds the markets closed at the start: there is nothing left to stop, but the
    // play that would have stopped them is still news.
    if (this.phase !== 'live' || !this.plan.fixture.liveOdds) {
      this.play();
      return;
    }
    this.stops++;
    if (this.stops > 1) {
      this.play();
      return;
    }
    this.book.suspendAll();
    const status = this.status();
    this.playSent = liveDataNumber(status) ?? this.playSent;
    this.world.emit({ type: 'bet_stop', ...this.head(), reason, status });
  }

  protected release() {
    if (this.stops === 0) return;
    this.stops--;
    if (this.stops === 0) this.publish();
  }

  protected periodEnded(period: number) {
    const refs = this.book.unresolved(
      (playId, specifiers) => (this.engine.settleAfterPeriod(playId, specifiers) ?? 99) <= period,
    );
    this.settle(refs);
  }

  /** Settles the markets the engine holds decided before any period ends (a tennis game). */
  protected settleDecided() {
    const decided = this.engine.isDecided;
    if (this.phase !== 'live' || !decided) return;
    this.settle(
      this.book.unresolved((playId, specifiers) => decided.call(this.engine, playId, specifiers)),
    );
  }

  protected settle(refs: readonly MarketRef[]) {
    const results = this.engine.settle(refs);
    const markets = refs.flatMap((ref, i) => {
      const outcomes = results[i];
      return outcomes ? [{ ...ref, outcomes: toSettledOutcomes(outcomes) }] : [];
    });
    if (markets.length === 0) return;
    this.book.mark(markets, 'settled');
    this.world.emit({
      type: 'bet_settlement',
      ...this.head(),
      result: this.engine.result(),
      markets,
    });
  }

  protected cancelMarkets(reason: BetCancelReason, refs: readonly MarketRef[]) {
    if (refs.length === 0) return;
    this.book.mark(refs, 'cancelled');
    this.world.emit({ type: 'bet_cancel', ...this.head(), reason, markets: [...refs] });
  }

  protected fixtureChange(changeType: FixtureChangeType, previousStartTime?: number) {
    const message = {
      type: 'fixture_change' as const,
      ...this.head(),
      changeType,
      fixture: this.fixture(),
    };
    this.world.emit(previousStartTime === undefined ? message : { ...message, previousStartTime });
  }

  protected abstract finish(): void;
}
