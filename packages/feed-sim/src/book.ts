import { type Margins, marketMargin, marketWinners, priceOutcomes } from './markets/pricing';
import type { MarketSpec } from './markets/spec';
import type { Market, MarketRef, MarketStatus, Outcome, SportId } from './messages';

const TERMINAL: ReadonlySet<MarketStatus> = new Set(['settled', 'cancelled']);

function sameOutcomes(a: readonly Outcome[], b: readonly Outcome[]): boolean {
  return (
    a.length === b.length &&
    a.every((o, i) => o.odds === b[i]?.odds && o.active === b[i]?.active && o.id === b[i]?.id)
  );
}

/**
 * Options for one repricing. `swapPlay` simulates a trader's palpable error: the prices of that
 * play's first and last outcomes are exchanged (the market still sums right; bets taken on it
 * are later cancelled).
 */
export interface UpdateOptions {
  suspended: boolean;
  swapPlay?: number;
}

/**
 * Every market an event has offered, with its last published state. Repricing returns only the
 * markets that changed, which is what an odds_change carries; lines no longer offered are
 * deactivated but kept, because bets on them still have to be settled.
 */
interface Entry {
  market: Market;
  /** The repricing in which the market was last offered. */
  offeredIn: number;
}

export class MarketBook {
  /** By play, then by specifiers (specifier strings are shared, so lookups stay cheap). */
  private readonly plays = new Map<number, Map<string, Entry>>();
  private repricing = 0;

  constructor(
    private readonly sportId: SportId,
    private readonly margins: Margins,
  ) {}

  update(specs: readonly MarketSpec[], options: UpdateOptions): Market[] {
    const changed: Market[] = [];
    const repricing = ++this.repricing;
    for (const spec of specs) {
      let lines = this.plays.get(spec.playId);
      if (!lines) {
        lines = new Map();
        this.plays.set(spec.playId, lines);
      }
      const entry = lines.get(spec.specifiers);
      if (entry) entry.offeredIn = repricing;
      const next = this.price(spec, options, entry?.market);
      if (!next) continue;
      if (!entry) lines.set(spec.specifiers, { market: next, offeredIn: repricing });
      else if (!this.replace(entry, next)) continue;
      changed.push(next);
    }
    for (const entry of this.entries()) {
      if (entry.offeredIn === repricing || !isOpen(entry.market)) continue;
      const next: Market = { ...entry.market, status: 'deactivated' };
      if (this.replace(entry, next)) changed.push(next);
    }
    return changed;
  }

  private *entries(): Generator<Entry> {
    for (const lines of this.plays.values()) yield* lines.values();
  }

  private price(spec: MarketSpec, options: UpdateOptions, existing?: Market): Market | null {
    if (existing && TERMINAL.has(existing.status)) return null;
    const margin = marketMargin(this.margins, this.sportId, spec.playId, spec.outcomes.length);
    const priced = priceOutcomes(spec.outcomes, margin, marketWinners(this.sportId, spec.playId));
    if (priced.decided) {
      // Nothing left to price: keep the last prices, closed to bets.
      return existing ? { ...existing, status: 'suspended' } : null;
    }
    const outcomes = options.swapPlay === spec.playId ? swapEnds(priced.outcomes) : priced.outcomes;
    const status = options.suspended || priced.tooShort ? 'suspended' : 'active';
    const { playId, specifiers, name } = spec;
    return { playId, specifiers, name, status, outcomes };
  }

  /** Stores a new state of a market; false when nothing a consumer sees has changed. */
  private replace(entry: Entry, next: Market): boolean {
    const previous = entry.market;
    if (previous.status === next.status && sameOutcomes(previous.outcomes, next.outcomes))
      return false;
    entry.market = next;
    return true;
  }

  /** A bet stop: open markets are suspended; the bet_stop message itself says so. */
  suspendAll() {
    for (const entry of this.entries()) {
      if (entry.market.status === 'active') entry.market = { ...entry.market, status: 'suspended' };
    }
  }

  /** The event is over or stopped for good: open markets close and wait for their results. */
  deactivateAll(): Market[] {
    const changed: Market[] = [];
    for (const entry of this.entries()) {
      if (!isOpen(entry.market)) continue;
      entry.market = { ...entry.market, status: 'deactivated' };
      changed.push(entry.market);
    }
    return changed;
  }

  /** Markets not yet settled or cancelled, optionally only some (by play and specifiers). */
  unresolved(plays?: (playId: number, specifiers: string) => boolean): MarketRef[] {
    return this.refs((m) => !TERMINAL.has(m.status) && (!plays || plays(m.playId, m.specifiers)));
  }

  /** Settled markets, for a rollback. */
  settled(plays?: (playId: number) => boolean): MarketRef[] {
    return this.refs((m) => m.status === 'settled' && (!plays || plays(m.playId)));
  }

  refsOfPlay(playId: number): MarketRef[] {
    return this.refs((m) => m.playId === playId);
  }

  private refs(test: (market: Market) => boolean): MarketRef[] {
    const refs: MarketRef[] = [];
    for (const { market } of this.entries()) {
      if (test(market)) refs.push({ playId: market.playId, specifiers: market.specifiers });
    }
    return refs;
  }

  mark(refs: readonly MarketRef[], status: MarketStatus) {
    for (const ref of refs) {
      const entry = this.plays.get(ref.playId)?.get(ref.specifiers);
      if (entry) entry.market = { ...entry.market, status };
    }
  }

  all(): Market[] {
    return [...this.entries()].map((entry) => entry.market);
  }
}

function isOpen(market: Market): boolean {
  return market.status === 'active' || market.status === 'suspended';
}

function swapEnds(outcomes: Outcome[]): Outcome[] {
  const copy = [...outcomes];
  const first = copy[0];
  const last = copy[copy.length - 1];
  if (!first?.active || !last?.active || copy.length < 2) return copy;
  copy[0] = { ...first, odds: last.odds };
  copy[copy.length - 1] = { ...last, odds: first.odds };
  return copy;
}
