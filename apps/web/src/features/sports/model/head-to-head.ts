import type { MatchWire, PastMatchWire } from '@sb/contract';

/** SPEC §9: the head-to-head window is 800 by 600 px and gets its title after 800 ms. */
export const headToHeadWindow = { width: 800, height: 600, titleDelayMs: 800 } as const;

/** The page of a match's head-to-head, an address of this site's own. */
export const headToHeadPath = (match: Pick<MatchWire, 'a' | 'b'>) => `/h2h/${match.a}/${match.b}`;

/**
 * Opens the head-to-head page of a match in a window of its own (SPEC §9); the page sets its
 * title once it has settled. Answers null when the browser refused the window.
 */
export function openHeadToHead(match: Pick<MatchWire, 'a' | 'b'>): Window | null {
  const { width, height } = headToHeadWindow;
  const address = new URL(window.location.href);
  address.hash = headToHeadPath(match);
  return window.open(address.href, `h2h-${match.b}`, `popup,width=${width},height=${height}`);
}

export type FormLetter = 'W' | 'D' | 'L';

/** A past match as one side saw it: won, drawn or lost. */
export function resultFor(teamId: number, match: PastMatchWire): FormLetter {
  const own = match.homeId === teamId ? match.homeScore : match.awayScore;
  const other = match.homeId === teamId ? match.awayScore : match.homeScore;
  if (own === other) return 'D';
  return own > other ? 'W' : 'L';
}

/** Wins of each side and draws over their meetings. */
export function meetingTally(homeId: number, meetings: readonly PastMatchWire[]) {
  const tally = { home: 0, draws: 0, away: 0 };
  for (const meeting of meetings) {
    const result = resultFor(homeId, meeting);
    if (result === 'W') tally.home += 1;
    else if (result === 'L') tally.away += 1;
    else tally.draws += 1;
  }
  return tally;
}
