import type { MatchStat, PlayEvent, PlayKind, StatKey } from '../messages';

type Side = 'home' | 'away';

/** The statistic each kind of play adds one to (a goal is also a shot on target). */
const countedAs: Partial<Record<PlayKind, readonly StatKey[]>> = {
  attack: ['attacks'],
  dangerous_attack: ['dangerous_attacks'],
  shot_on_target: ['shots_on_target'],
  shot_off_target: ['shots_off_target'],
  goal: ['shots_on_target'],
  corner: ['corners'],
  yellow_card: ['yellow_cards'],
  red_card: ['red_cards'],
  point: ['points_won'],
  ace: ['aces', 'points_won'],
  free_throw: ['free_throws'],
  two_pointer: ['two_pointers'],
  three_pointer: ['three_pointers'],
  service_error: ['service_errors'],
  round_won: ['rounds_won'],
  pistol_round: ['pistol_rounds', 'rounds_won'],
};

/**
 * A match's live data: the latest play and the statistics it reports (in the order given).
 * Engines record plays as they happen; the status carries what this holds.
 */
export class PlayLog {
  private count = 0;
  private last: PlayEvent | undefined;
  private readonly counts = new Map<StatKey, { home: number; away: number }>();
  /** Seconds of possession per side, for football's possession share. */
  private readonly held = { home: 0, away: 0 };

  constructor(private readonly keys: readonly StatKey[]) {
    for (const key of keys) this.counts.set(key, { home: 0, away: 0 });
  }

  record(kind: PlayKind, side: Side, at: number) {
    this.count += 1;
    this.last = { n: this.count, kind, side, at };
    for (const key of countedAs[kind] ?? []) {
      const count = this.counts.get(key);
      if (count) count[side] += 1;
    }
  }

  /** Adds to a statistic no play kind counts by itself (points won on serve, for one). */
  add(key: StatKey, side: Side, by = 1) {
    const count = this.counts.get(key);
    if (count) count[side] += by;
  }

  /** Raises a statistic that is a record (the longest run) to `value` if it is below. */
  atLeast(key: StatKey, side: Side, value: number) {
    const count = this.counts.get(key);
    if (count) count[side] = Math.max(count[side], value);
  }

  /** A statistic as it stands (zeros for one this sport does not keep). */
  statistic(key: StatKey): { home: number; away: number } {
    const count = this.counts.get(key);
    return count ? { ...count } : { home: 0, away: 0 };
  }

  hold(side: Side, seconds: number) {
    this.held[side] += seconds;
  }

  stats(): MatchStat[] {
    return this.keys.map((key) => {
      if (key === 'possession') {
        const total = this.held.home + this.held.away;
        const home = total === 0 ? 50 : Math.round((100 * this.held.home) / total);
        return { key, home, away: 100 - home };
      }
      const count = this.counts.get(key) ?? { home: 0, away: 0 };
      return { key, home: count.home, away: count.away };
    });
  }

  /** The status's share: nothing before the first play. */
  board(): { play?: PlayEvent; stats?: MatchStat[] } {
    return this.last ? { play: { ...this.last }, stats: this.stats() } : {};
  }
}
