import type { EngineHost } from '../engine';
import type { Names } from '../markets/spec';
import { isSetOver, type RallyRule, rallySetFinishes } from '../models/rally';
import { cachedRest, expandSet, quantise, type Rest } from '../models/sets';
import { SetsEngine, type SetsSetup } from './sets';

export interface RallySetup extends SetsSetup {
  rule: RallyRule;
  /** The deciding set's rule when it differs (volleyball's fifth set to 15). */
  decidingRule?: RallyRule;
  /** Feed milliseconds per rally, and rallies played between two publications. */
  rallyMs: number;
  chunk: number;
}

/**
 * Volleyball, table tennis, badminton and esports maps (rounds as rallies): every rally is won
 * by home with a fixed chance. The score is published every few rallies.
 */
export class RallyEngine extends SetsEngine {
  constructor(
    host: EngineHost,
    private readonly rally: RallySetup,
    private p: number,
    names: Names,
  ) {
    super(host, rally, names);
  }

  drift() {
    this.p = Math.min(0.8, Math.max(0.2, this.p + this.host.rng.normal(0, 0.003)));
  }

  private ruleFor(setNumber: number): RallyRule {
    const deciding = setNumber === this.setup.labels.bestOf;
    return deciding && this.rally.decidingRule ? this.rally.decidingRule : this.rally.rule;
  }

  protected play() {
    const set = this.sets[this.sets.length - 1];
    if (!set) return;
    const rule = this.ruleFor(this.sets.length);
    let { home, away } = set;
    let rallies = 0;
    while (rallies < this.rally.chunk && !isSetOver(home, away, rule)) {
      if (this.host.rng.chance(this.p)) home++;
      else away++;
      rallies++;
    }
    this.host.at(this.host.now() + rallies * this.rally.rallyMs, () => {
      set.home = home;
      set.away = away;
      if (isSetOver(home, away, rule)) {
        this.endSet();
        return;
      }
      this.host.publish();
      this.play();
    });
  }

  protected current() {
    const set = this.currentSet();
    const number = this.inPlay ? this.sets.length : this.sets.length + 1;
    const finishes = rallySetFinishes(quantise(this.p), set.home, set.away, this.ruleFor(number));
    return { finishes, next: (h: number, a: number) => this.future(h, a) };
  }

  /** The rest of the match from the start of a set: depends only on sets won and strength. */
  private future(setsHome: number, setsAway: number): Rest {
    const p = quantise(this.p);
    const { rule, decidingRule } = this.rally;
    const rules = `${rule.target}/${rule.cap}/${decidingRule?.target}/${this.setup.labels.bestOf}`;
    return cachedRest(`rally|${p}|${rules}|${setsHome}:${setsAway}`, () => {
      const finishes = rallySetFinishes(p, 0, 0, this.ruleFor(setsHome + setsAway + 1));
      return expandSet(setsHome, setsAway, finishes, this.setup.labels.bestOf, (h, a) =>
        this.future(h, a),
      );
    });
  }
}
