import type { MatchWire, RunnerPlace } from '@sb/contract';

export type BroadcastScene = 'pitch' | 'court' | 'track';

/** The virtual sports of DESIGN §6 (model/sports.ts), each drawn on a scene of its own. */
const scenes: Record<number, BroadcastScene> = {
  10000001: 'pitch',
  10000002: 'court',
  10000005: 'track',
};

/** The scene a virtual sport is drawn on, or null for a sport the book draws no broadcast of. */
export function broadcastSceneOf(sportId: number): BroadcastScene | null {
  return scenes[sportId] ?? null;
}

export type BroadcastPhase = 'before' | 'live' | 'finished';

/** Where the event stands: before the off, under way, or over (SPEC §3's `g` and `c`). */
export function broadcastPhaseOf(match: Pick<MatchWire, 'g' | 'ev'>): BroadcastPhase {
  if (match.g === 1) return 'live';
  if (match.g === 2 || match.ev.c >= 90) return 'finished';
  return 'before';
}

/** Which side just scored, comparing two readings of the score; null when neither did. */
export function scorerBetween(
  before: { hs: number; as: number } | undefined,
  after: { hs: number; as: number },
): 'home' | 'away' | null {
  if (!before) return null;
  if (after.hs > before.hs) return 'home';
  if (after.as > before.as) return 'away';
  return null;
}

/** The post, a race's distance in the running order's thousandths. */
export const raceDistance = 1000;

/**
 * Each runner's place in a running order (leader first): the position in the list, except that
 * runners level with the one ahead at the post share its place (a dead heat).
 */
export function placesOf(order: readonly Pick<RunnerPlace, 'd'>[]): number[] {
  const places: number[] = [];
  order.forEach((runner, i) => {
    const ahead = order[i - 1];
    const isLevelAtPost =
      ahead !== undefined && runner.d === raceDistance && ahead.d === raceDistance;
    places.push(isLevelAtPost ? (places[i - 1] ?? i + 1) : i + 1);
  });
  return places;
}
