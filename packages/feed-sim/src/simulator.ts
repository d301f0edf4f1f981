import { type Model, SPORTS } from './catalogue';
import {
  allLeagues,
  buildUniverse,
  CALENDAR,
  DAY,
  dayOf,
  dayStart,
  EPOCH,
  outrightWeek,
  planDay,
  planOutrights,
  planVirtual,
  type Universe,
  virtualSlot,
} from './fixtures';
import { EventRuntime } from './lifecycle';
import type { Margins } from './markets/pricing';
import { resolveMargins } from './markets/pricing';
import {
  type EventFeedMessage,
  type EventSnapshot,
  type FeedMessage,
  type FeedSnapshot,
  type Fixture,
  type League,
  type SportId,
  SportIds,
} from './messages';
import {
  LONGEST_POSTPONEMENT,
  outrightEvent,
  type PlanContext,
  PREMATCH_WINDOW,
  regularEvent,
  VIRTUAL_LEAD,
  virtualEvent,
} from './plans';
import { EventQueue } from './queue';
import type { EventCore, World } from './runtime';
import { TYPICAL_DURATION } from './setups';

export interface SimulatorOptions {
  /** Fixes the world: leagues, teams, fixtures and every random event. */
  seed: number | string;
  /** Feed clock multiplier: at 60 a football match takes about two minutes. Default 1. */
  speed?: number;
  /** The caller's clock at creation, epoch ms; matches already under way are live then. */
  startTime: number;
  /**
   * The feed clock at `startTime`, epoch ms. Default `startTime`: a new world runs on the caller's
   * calendar. A world resumed from a saved position passes the feed time it had reached with the
   * caller time it was saved at, and carries on exactly where it stopped.
   */
  feedStartTime?: number;
  /** One overround for every market, or per kind of market. */
  margin?: number | Partial<Margins>;
  /** Caller milliseconds between alive messages. Default 5000. */
  aliveIntervalMs?: number;
  /** Multiplies the chance of incidents (cancellations, postponements, errors). Default 1. */
  incidentRate?: number;
  /**
   * Works out pre-match prices while replaying the time before the start, as a running world
   * does. Creating the world costs a little more, but every event then has the same `seq` and
   * the same withdrawn lines (which still settle) whenever the world was created, so a world
   * resumed from a saved position sends exactly what the world that kept running would have.
   * Default false.
   */
  exactReplay?: boolean;
  /**
   * Share of the calendar's matches a day and of virtual events, from a lighter world
   * (development, tests) to up to 4 times as many. Default 1: the calendar as written, about
   * 780 matches a day on calendar 3 (200 on calendar 2) plus virtual sports. Like the calendar,
   * a resumed world passes the density it began with: a day's matches and their ids depend on it.
   */
  density?: number;
  /**
   * The fixture calendar, 1 to `CALENDAR` (the default): which leagues play and when. A resumed
   * world passes the calendar it began with, or its events would take other matches' ids.
   */
  calendar?: number;
}

export interface Simulator {
  readonly seed: string;
  readonly calendar: number;
  readonly density: number;
  readonly speed: number;
  readonly startTime: number;
  /** The feed clock at `startTime`. */
  readonly feedStartTime: number;
  /** The caller time the feed has been advanced to. */
  now(): number;
  /** The feed clock at now(): with now(), the position a resumed world starts from. */
  feedTime(): number;
  /** Runs the world up to this caller time and returns the messages produced, oldest first. */
  advance(toTimeMs: number): FeedMessage[];
  /** Every listed event with its status and all its markets, as of now(). */
  snapshot(): FeedSnapshot;
  fixtures(): Fixture[];
  leagues(): League[];
  /** The sports of the world with their names, in display order. */
  sports(): SportInfo[];
}

export interface SportInfo {
  sportId: SportId;
  name: string;
  virtual: boolean;
}

/** Matches that started this long before creation are replayed so they are live at the start. */
const LOOKBACK = 4 * 3_600_000;
/**
 * A snapshot lists the matches that kicked off this long ago and are closed, as they ended, so a
 * server starting on a world has the day's results. A world being created replays, for their
 * results only, the matches of that window already over (see `EventPlan.resultsOnly`).
 */
const RESULTS_WINDOW = 24 * 3_600_000;

/** How long after its planned kick-off a match is certainly over, its results maybe still due. */
const certainlyOver = (model: Model) => 1.6 * TYPICAL_DURATION[model];

/**
 * How long after its planned kick-off a match is certainly closed, whatever befell it: the
 * longest postponement, three times its usual length, and an hour for its results and their
 * corrections. A running world no longer holds it, so even an exact replay passes it over.
 */
const certainlyClosed = (model: Model) =>
  LONGEST_POSTPONEMENT + 3 * TYPICAL_DURATION[model] + 3_600_000;

class FeedSimulator implements Simulator, World {
  readonly seed: string;
  readonly calendar: number;
  readonly density: number;
  readonly speed: number;
  readonly startTime: number;
  readonly feedStartTime: number;
  readonly margins: Margins;
  private readonly universe: Universe;
  private readonly context: PlanContext;
  private readonly queue = new EventQueue();
  private readonly events = new Map<number, EventRuntime>();
  private readonly outbox: FeedMessage[] = [];
  /**
   * Matches closed, in closing order, as they ended (without markets, seq 1), with the kick-off
   * they were planned for: the replay's window is the planned kick-off's too (RESULTS_WINDOW).
   */
  private recentlyClosed: { ended: EventSnapshot; plannedKickoff: number }[] = [];
  private readonly aliveEvery: number;
  private worldTime: number;
  private callerTime: number;
  private aliveSeq = 0;
  replaying = true;
  private readonly exactReplay: boolean;
  /** Set while the events left unpriced by the replay catch up, which is not news either. */
  private muted = false;

  constructor(options: SimulatorOptions) {
    const speed = options.speed ?? 1;
    if (!(speed > 0 && Number.isFinite(speed)))
      throw new RangeError('speed must be a positive number');
    const feedStartTime = options.feedStartTime ?? options.startTime;
    if (!(options.startTime >= EPOCH && feedStartTime >= EPOCH))
      throw new RangeError('startTime and feedStartTime must be epoch times after 2020');
    this.seed = String(options.seed);
    this.speed = speed;
    this.startTime = options.startTime;
    this.feedStartTime = feedStartTime;
    this.exactReplay = options.exactReplay ?? false;
    this.margins = resolveMargins(options.margin);
    this.aliveEvery = options.aliveIntervalMs ?? 5000;
    const density = options.density ?? 1;
    // Above 4 a league's day would run out of teams to pair and ids per day would crowd.
    if (!(density > 0 && density <= 4)) throw new RangeError('density must be in (0, 4]');
    const calendar = options.calendar ?? CALENDAR;
    if (!(Number.isInteger(calendar) && calendar >= 1 && calendar <= CALENDAR))
      throw new RangeError(`calendar must be an integer from 1 to ${CALENDAR}`);
    this.calendar = calendar;
    this.density = density;
    this.universe = buildUniverse(this.seed, density, calendar);
    this.context = { seed: this.seed, incidentRate: options.incidentRate ?? 1 };
    this.worldTime = this.feedStartTime - LOOKBACK;
    this.callerTime = this.startTime;
    this.scheduleCalendar();
    // Replay what happened before the start without publishing it: the state is what a feed
    // running all along would have (with exactReplay, down to sequence numbers and withdrawn
    // lines).
    this.runUntil(this.feedStartTime);
    this.replaying = false;
    this.muted = true;
    for (const event of this.events.values()) event.catchUp();
    this.muted = false;
    this.schedule(this.feedStartTime + this.aliveEvery * this.speed, () => this.alive());
  }

  now(): number {
    return this.callerTime;
  }

  advance(toTimeMs: number): FeedMessage[] {
    if (!(toTimeMs > this.callerTime)) return [];
    this.runUntil(this.feedStartTime + (toTimeMs - this.startTime) * this.speed);
    this.callerTime = toTimeMs;
    return this.outbox.splice(0);
  }

  snapshot(): FeedSnapshot {
    const from = this.worldTime - RESULTS_WINDOW;
    this.recentlyClosed = this.recentlyClosed.filter((entry) => entry.plannedKickoff >= from);
    const events = [
      ...this.recentlyClosed.map((entry) => entry.ended),
      ...this.listed().map((event) => event.snapshot()),
    ];
    return { timestamp: this.callerTime, speed: this.speed, events };
  }

  fixtures(): Fixture[] {
    return this.listed().map((event) => event.fixture());
  }

  leagues(): League[] {
    return allLeagues(this.universe);
  }

  sports(): SportInfo[] {
    const sports = SPORTS.map((s) => ({ sportId: s.sportId, name: s.name, virtual: !!s.virtual }));
    return [...sports, { sportId: SportIds.Outrights, name: 'Outrights', virtual: false }];
  }

  // World, for the events.

  feedTime(): number {
    return this.worldTime;
  }

  get defersPreMatchPricing(): boolean {
    return this.replaying && !this.exactReplay;
  }

  schedule(time: number, action: () => void) {
    this.queue.push(time, action);
  }

  emit(message: EventFeedMessage) {
    if (!this.replaying && !this.muted) this.outbox.push(message);
  }

  wall(time: number): number {
    return Math.round(this.startTime + (time - this.feedStartTime) / this.speed);
  }

  closed(event: EventCore, ended: EventSnapshot) {
    this.events.delete(event.eventId);
    // Matches of real sports only: virtual events come every few minutes and a new world's
    // replay starts them minutes before its start, so only a running world would know them.
    const { fixture } = ended;
    if (fixture.virtual || fixture.kind !== 'match') return;
    if (event.plannedKickoff < this.worldTime - RESULTS_WINDOW) return;
    // Nothing more is said of a closed event: its markets are settled and no message follows,
    // so the list keeps what a results page shows, the same however the world got there. Its
    // seq is 1, as if it were the event's first message: a store that heard the event's own
    // messages keeps what they said.
    this.recentlyClosed.push({
      ended: { ...ended, markets: [], seq: 1 },
      plannedKickoff: event.plannedKickoff,
    });
    if (this.recentlyClosed.length > 20_000) this.recentlyClosed.splice(0, 10_000);
  }

  private listed(): EventRuntime[] {
    return [...this.events.values()].filter((event) => event.visible);
  }

  private runUntil(target: number) {
    while (this.queue.peekTime() <= target) {
      const entry = this.queue.pop();
      if (!entry) break;
      this.worldTime = entry.at;
      entry.action();
    }
    this.worldTime = Math.max(this.worldTime, target);
  }

  private alive() {
    this.outbox.push({
      type: 'alive',
      timestamp: this.wall(this.worldTime),
      seq: ++this.aliveSeq,
      subscribed: true,
    });
    this.schedule(this.worldTime + this.aliveEvery * this.speed, () => this.alive());
  }

  private add(event: EventRuntime) {
    this.events.set(event.eventId, event);
  }

  private scheduleCalendar() {
    const start = this.feedStartTime;
    const from = start - LOOKBACK;
    const lastDay = dayOf(start + PREMATCH_WINDOW);
    // An exact replay keeps every event a running world could still hold: yesterday's and today's
    // matches not certainly closed by now, however long they ran, and last week's outrights until
    // their results are out. Replaying the matches long closed would change nothing but the
    // time it takes (each plays from its own random streams), most of it in a deep world.
    const firstDay = dayOf(start - RESULTS_WINDOW);
    const skipAfter = this.exactReplay ? certainlyClosed : certainlyOver;
    for (let day = firstDay; day <= lastDay; day++) this.addDay(day, start, skipAfter);
    this.schedule(dayStart(lastDay + 1) - PREMATCH_WINDOW - 1, () => this.nextDay(lastDay + 1));
    for (const world of this.universe.leagues.filter((w) => w.sport.virtual)) {
      const first = virtualSlot(this.universe, world, from + LOOKBACK - 10 * 60_000);
      const last = virtualSlot(this.universe, world, start + VIRTUAL_LEAD);
      for (let slot = first; slot <= last; slot++) this.addVirtual(world, slot);
      this.scheduleVirtual(world, last + 1);
    }
    const week = outrightWeek(start);
    for (let listed = this.exactReplay ? week - 1 : week; listed <= week; listed++) {
      for (const plan of planOutrights(this.universe, listed))
        this.add(new EventRuntime(this, outrightEvent(this.context, plan)));
    }
    this.scheduleOutrights(week + 1);
  }

  /**
   * Adds a day's matches. Those `skipAfter` their kick-off already at `liveAt` are played for
   * their results only when they kicked off within RESULTS_WINDOW of it, and left out before.
   */
  private addDay(
    day: number,
    liveAt = Number.NEGATIVE_INFINITY,
    skipAfter: (model: Model) => number = certainlyOver,
  ) {
    for (const plan of planDay(this.universe, day)) {
      const isOver = plan.kickoff + skipAfter(plan.world.sport.model) < liveAt;
      if (isOver && plan.kickoff < liveAt - RESULTS_WINDOW) continue;
      const event = regularEvent(this.context, plan);
      this.add(new EventRuntime(this, isOver ? { ...event, resultsOnly: true } : event));
    }
  }

  private nextDay(day: number) {
    this.addDay(day);
    this.schedule(dayStart(day + 1) - PREMATCH_WINDOW - 1, () => this.nextDay(day + 1));
  }

  private addVirtual(world: Universe['leagues'][number], slot: number) {
    this.add(
      new EventRuntime(this, virtualEvent(this.context, planVirtual(this.universe, world, slot))),
    );
  }

  private scheduleVirtual(world: Universe['leagues'][number], slot: number) {
    const plan = planVirtual(this.universe, world, slot);
    this.schedule(plan.kickoff - VIRTUAL_LEAD, () => {
      this.addVirtual(world, slot);
      this.scheduleVirtual(world, slot + 1);
    });
  }

  private scheduleOutrights(week: number) {
    const plans = planOutrights(this.universe, week);
    const openAt = plans[0]?.openAt ?? EPOCH + week * 7 * DAY;
    this.schedule(openAt - 1, () => {
      for (const plan of plans) this.add(new EventRuntime(this, outrightEvent(this.context, plan)));
      this.scheduleOutrights(week + 1);
    });
  }
}

export function createSimulator(options: SimulatorOptions): Simulator {
  return new FeedSimulator(options);
}
