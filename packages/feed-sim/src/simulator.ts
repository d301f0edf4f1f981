import { SPORTS } from './catalogue';
import {
  allLeagues,
  buildUniverse,
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
  type FeedMessage,
  type FeedSnapshot,
  type Fixture,
  type League,
  type SportId,
  SportIds,
} from './messages';
import {
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
  /** One overround for every market, or per kind of market. */
  margin?: number | Partial<Margins>;
  /** Caller milliseconds between alive messages. Default 5000. */
  aliveIntervalMs?: number;
  /** Multiplies the chance of incidents (cancellations, postponements, errors). Default 1. */
  incidentRate?: number;
  /**
   * Share of the usual number of matches a day and of virtual events, for a lighter world
   * (development, tests). Default 1: about a hundred matches a day plus virtual sports.
   */
  density?: number;
}

export interface Simulator {
  readonly seed: string;
  readonly speed: number;
  readonly startTime: number;
  /** The caller time the feed has been advanced to. */
  now(): number;
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

class FeedSimulator implements Simulator, World {
  readonly seed: string;
  readonly speed: number;
  readonly startTime: number;
  readonly margins: Margins;
  private readonly universe: Universe;
  private readonly context: PlanContext;
  private readonly queue = new EventQueue();
  private readonly events = new Map<number, EventRuntime>();
  private readonly outbox: FeedMessage[] = [];
  private readonly aliveEvery: number;
  private worldTime: number;
  private callerTime: number;
  private aliveSeq = 0;
  replaying = true;
  /** Set while the events left unpriced by the replay catch up, which is not news either. */
  private muted = false;

  constructor(options: SimulatorOptions) {
    const speed = options.speed ?? 1;
    if (!(speed > 0 && Number.isFinite(speed)))
      throw new RangeError('speed must be a positive number');
    if (!(options.startTime >= EPOCH))
      throw new RangeError('startTime must be an epoch time after 2020');
    this.seed = String(options.seed);
    this.speed = speed;
    this.startTime = options.startTime;
    this.margins = resolveMargins(options.margin);
    this.aliveEvery = options.aliveIntervalMs ?? 5000;
    const density = options.density ?? 1;
    // Above 4 a league's day would run out of teams to pair and ids per day would crowd.
    if (!(density > 0 && density <= 4)) throw new RangeError('density must be in (0, 4]');
    this.universe = buildUniverse(this.seed, density);
    this.context = { seed: this.seed, incidentRate: options.incidentRate ?? 1 };
    this.worldTime = this.startTime - LOOKBACK;
    this.callerTime = this.startTime;
    this.scheduleCalendar();
    // Replay what happened before the start without publishing it: the state is what a feed
    // running all along would have, and sequence numbers match it.
    this.runUntil(this.startTime);
    this.replaying = false;
    this.muted = true;
    for (const event of this.events.values()) event.catchUp();
    this.muted = false;
    this.schedule(this.startTime + this.aliveEvery * this.speed, () => this.alive());
  }

  now(): number {
    return this.callerTime;
  }

  advance(toTimeMs: number): FeedMessage[] {
    if (!(toTimeMs > this.callerTime)) return [];
    this.runUntil(this.startTime + (toTimeMs - this.startTime) * this.speed);
    this.callerTime = toTimeMs;
    return this.outbox.splice(0);
  }

  snapshot(): FeedSnapshot {
    const events = this.listed().map((event) => event.snapshot());
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

  schedule(time: number, action: () => void) {
    this.queue.push(time, action);
  }

  emit(message: EventFeedMessage) {
    if (!this.replaying && !this.muted) this.outbox.push(message);
  }

  wall(time: number): number {
    return Math.round(this.startTime + (time - this.startTime) / this.speed);
  }

  closed(event: EventCore) {
    this.events.delete(event.eventId);
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
    const from = this.startTime - LOOKBACK;
    const lastDay = dayOf(this.startTime + PREMATCH_WINDOW);
    for (let day = dayOf(from); day <= lastDay; day++) this.addDay(day, this.startTime);
    this.schedule(dayStart(lastDay + 1) - PREMATCH_WINDOW - 1, () => this.nextDay(lastDay + 1));
    for (const world of this.universe.leagues.filter((w) => w.sport.virtual)) {
      const first = virtualSlot(this.universe, world, from + LOOKBACK - 10 * 60_000);
      const last = virtualSlot(this.universe, world, this.startTime + VIRTUAL_LEAD);
      for (let slot = first; slot <= last; slot++) this.addVirtual(world, slot);
      this.scheduleVirtual(world, last + 1);
    }
    const week = outrightWeek(this.startTime);
    for (const plan of planOutrights(this.universe, week))
      this.add(new EventRuntime(this, outrightEvent(this.context, plan)));
    this.scheduleOutrights(week + 1);
  }

  /** Adds a day's matches, leaving out those certainly over before `liveAt`. */
  private addDay(day: number, liveAt: number) {
    for (const plan of planDay(this.universe, day)) {
      const longest = 1.6 * TYPICAL_DURATION[plan.world.sport.model];
      if (plan.kickoff + longest < liveAt) continue;
      this.add(new EventRuntime(this, regularEvent(this.context, plan)));
    }
  }

  private nextDay(day: number) {
    this.addDay(day, Number.NEGATIVE_INFINITY);
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
