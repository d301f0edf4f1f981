import type { MatchWire } from '@sb/contract';

/** One entry of the flattened list: a league's heading or one of its matches. */
export type ListEntry =
  | {
      kind: 'league';
      key: string;
      leagueId: number;
      sportId: number;
      name: string;
      match: MatchWire;
    }
  | { kind: 'match'; key: string; match: MatchWire };

/**
 * Groups matches under their league, keeping the server's order (live first, then kick-off):
 * a league heads the group where its first match falls, and its later matches join it.
 */
export function groupByLeague(matches: readonly MatchWire[]): ListEntry[] {
  const groups = new Map<number, MatchWire[]>();
  for (const match of matches) {
    const group = groups.get(match.l);
    if (group) group.push(match);
    else groups.set(match.l, [match]);
  }
  const entries: ListEntry[] = [];
  for (const [leagueId, group] of groups) {
    const first = group[0] as MatchWire;
    entries.push({
      kind: 'league',
      key: `l${leagueId}`,
      leagueId,
      sportId: first.a,
      name: first.ln,
      match: first,
    });
    for (const match of group) entries.push({ kind: 'match', key: `m${match.b}`, match });
  }
  return entries;
}
