/**
 * SPEC §4 control switches: numbers in app init's `control_switch` that hide sports and play
 * types everywhere matches are shown. The server filters what it answers with this rule and the
 * member site applies the same rule to what it already holds, so both hide the same things.
 */
export interface SwitchEffect {
  /** Sports hidden outright: their matches, tabs and counts. */
  sports?: readonly number[];
  /** Plays hidden from one sport's matches. */
  plays?: { sportId: number; playIds: readonly number[] };
}

/** SPEC §4's table, one entry per row; numbers not in it hide nothing. */
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

/** The switches SPEC §4 defines, in ascending order. */
export const knownControlSwitches: readonly number[] = [...controlSwitchTable.keys()].sort(
  (a, b) => a - b,
);

/** SPEC §4: the live-stream flavour (source 1) never shows play type 2. */
export const liveStreamHiddenPlay = 2;

/** What one viewer may see: hidden sports, and hidden plays per sport. */
export interface Visibility {
  /** Identifies what this viewer may see, for caches of whole answers. */
  readonly key: string;
  isSportVisible(sportId: number): boolean;
  /** Whether a play of a sport shows: its sport shows and the play is not hidden. */
  isPlayVisible(sportId: number, playId: number): boolean;
  /** The plays hidden from a sport's matches; the same set object on every call. */
  hiddenPlays(sportId: number): ReadonlySet<number>;
  /** Identifies the hidden plays of a sport, for caches of wire forms. */
  playsKey(sportId: number): string;
}

const noPlays: ReadonlySet<number> = new Set();

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
    isPlayVisible: (sportId, playId) =>
      !hiddenSports.has(sportId) && !resolve(sportId).plays.has(playId),
    hiddenPlays: (sportId) => resolve(sportId).plays,
    playsKey: (sportId) => resolve(sportId).key,
  };
}

/**
 * The few combinations in use are kept, so a caller reuses the sets its predecessors built and
 * the same switches always answer the same object (a cheap equality for screens).
 */
const visibilityCache = new Map<string, Visibility>();
const visibilityCacheLimit = 64;

/** Visibility for a set of switches (in any order, repeats allowed) and a flavour. */
export function visibilityFor(switches: readonly number[], isLiveStream: boolean): Visibility {
  const flavour = isLiveStream ? 1 : 0;
  // Callers mostly pass the same sorted list again: found by it as given, without sorting.
  const givenKey = `${switches.join(',')}|${flavour}`;
  const found = visibilityCache.get(givenKey);
  if (found) return found;
  const ordered = [...new Set(switches)].sort((a, b) => a - b);
  const key = `${ordered.join(',')}|${flavour}`;
  if (visibilityCache.size >= visibilityCacheLimit) visibilityCache.clear();
  const visibility = visibilityCache.get(key) ?? buildVisibility(key, ordered, isLiveStream);
  visibilityCache.set(key, visibility);
  visibilityCache.set(givenKey, visibility);
  return visibility;
}
