/**
 * SPEC §4 control switches: numbers in the site setting `control_switch` that hide sports and
 * play types everywhere matches are shown. Each entry is one row of SPEC's table.
 */
interface SwitchEffect {
  /** Sports hidden outright: their matches, tabs and counts. */
  sports?: readonly number[];
  /** Plays hidden from one sport's matches. */
  plays?: { sportId: number; playIds: readonly number[] };
}

export const controlSwitchTable: ReadonlyMap<number, SwitchEffect> = new Map<number, SwitchEffect>([
  [1, { sports: [1], plays: { sportId: 1, playIds: [1, 2, 3, 6] } }],
  [2, { plays: { sportId: 1, playIds: [6] } }],
  [3, { plays: { sportId: 1, playIds: [7] } }],
  [10, { sports: [2], plays: { sportId: 2, playIds: [1, 2, 3, 6] } }],
  [11, { plays: { sportId: 2, playIds: [7] } }],
  [20, { sports: [3] }],
  [30, { sports: [4] }],
  [40, { sports: [5] }],
  [50, { sports: [20] }],
  [60, { sports: [23] }],
  [70, { sports: [31] }],
  [1000, { sports: [1000] }],
  [3010, { sports: [10000001] }],
  [3020, { sports: [10000002] }],
  [3030, { sports: [10000005] }],
]);

/** SPEC §4: the live-stream flavour (source 1) never shows play type 2. */
export const liveStreamHiddenPlay = 2;

const noPlays: ReadonlySet<number> = new Set();

/** What one viewer may see: hidden sports, and hidden plays per sport. */
export interface Visibility {
  /** Identifies what this viewer may see, for caches of whole answers. */
  readonly key: string;
  isSportVisible(sportId: number): boolean;
  hiddenPlays(sportId: number): ReadonlySet<number>;
  /** Identifies the hidden plays of a sport, for caches of wire forms. */
  playsKey(sportId: number): string;
}

function buildVisibility(
  key: string,
  switches: readonly number[],
  isLiveStream: boolean,
): Visibility {
  const hiddenSports = new Set<number>();
  const playsBySport = new Map<number, Set<number>>();
  for (const value of switches) {
    const effect = controlSwitchTable.get(value);
    for (const sportId of effect?.sports ?? []) hiddenSports.add(sportId);
    if (effect?.plays) {
      const plays = playsBySport.get(effect.plays.sportId) ?? new Set<number>();
      for (const playId of effect.plays.playIds) plays.add(playId);
      playsBySport.set(effect.plays.sportId, plays);
    }
  }
  const everySport: ReadonlySet<number> = isLiveStream ? new Set([liveStreamHiddenPlay]) : noPlays;
  const resolved = new Map<number, { plays: ReadonlySet<number>; key: string }>();
  const resolve = (sportId: number) => {
    let entry = resolved.get(sportId);
    if (!entry) {
      const plays = new Set([...(playsBySport.get(sportId) ?? []), ...everySport]);
      entry = { plays, key: [...plays].sort((a, b) => a - b).join(',') };
      resolved.set(sportId, entry);
    }
    return entry;
  };
  return {
    key,
    isSportVisible: (sportId) => !hiddenSports.has(sportId),
    hiddenPlays: (sportId) => resolve(sportId).plays,
    playsKey: (sportId) => resolve(sportId).key,
  };
}

/**
 * Visibility for a set of switches and a flavour. The few combinations in use are kept, so a
 * request reuses the sets its predecessors built.
 */
const visibilityCache = new Map<string, Visibility>();
const visibilityCacheLimit = 64;

export function visibilityFor(switches: readonly number[], isLiveStream: boolean): Visibility {
  const key = `${switches.join(',')}|${isLiveStream ? 1 : 0}`;
  let visibility = visibilityCache.get(key);
  if (!visibility) {
    if (visibilityCache.size >= visibilityCacheLimit) visibilityCache.clear();
    visibility = buildVisibility(key, switches, isLiveStream);
    visibilityCache.set(key, visibility);
  }
  return visibility;
}
