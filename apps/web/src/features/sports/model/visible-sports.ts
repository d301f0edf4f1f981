import type { MatchWire } from '@sb/contract';
import type { Visibility } from '@sb/domain';
import { type SportKey, sportTabs } from './sports';

/** A sport tab: its id and its name, a translation key when the page knows the sport. */
export interface SportTab {
  sportId: number;
  /** The key of its name in `sportsBoard.sport`; none for a sport only the server names. */
  key?: SportKey;
  /** The server's name, in the page's language (sportsType). */
  name: string;
}

const keyOfSport = new Map<number, SportKey>(sportTabs.map((tab) => [tab.sportId, tab.key]));

/**
 * The sport tabs to show: the sports the server offers (sportsType), in its order, less those
 * the switches the page holds hide (the menu may be older than a pushed change). Before the
 * menu has arrived, or when it could not be read, the sports the page knows stand in.
 */
export function visibleSportTabs(
  offered: readonly { sportId: number; name: string }[] | undefined,
  visibility: Visibility,
): SportTab[] {
  const sports =
    offered && offered.length > 0
      ? offered
      : sportTabs.map((tab) => ({ sportId: tab.sportId, name: '' }));
  return sports
    .filter((sport) => visibility.isSportVisible(sport.sportId))
    .map((sport) => {
      const key = keyOfSport.get(sport.sportId);
      return key ? { sportId: sport.sportId, key, name: sport.name } : { ...sport };
    });
}

/**
 * The sport a board should list: the one chosen while it is a tab, otherwise the first tab (the
 * chosen sport's switch went on), or the chosen one when no tab is left at all.
 */
export function shownSportId(chosen: number, tabs: readonly SportTab[]): number {
  if (tabs.some((tab) => tab.sportId === chosen)) return chosen;
  return tabs[0]?.sportId ?? chosen;
}

/** A match without the plays in `hidden` (its own markets map, the rest shared). */
function withoutPlays(match: MatchWire, hidden: ReadonlySet<number>): MatchWire {
  const z: MatchWire['z'] = {};
  for (const [playId, lines] of Object.entries(match.z))
    if (!hidden.has(Number(playId))) z[playId] = lines;
  return { ...match, z };
}

/**
 * The matches of a list as the switches the page holds allow: hidden sports' matches dropped,
 * hidden plays taken out of the others. Answers the list itself when nothing is hidden in it,
 * so a list the switches do not touch keeps its identity (and its rows their renders).
 */
export function visibleMatches(
  matches: readonly MatchWire[],
  visibility: Visibility,
): readonly MatchWire[] {
  let isChanged = false;
  const kept: MatchWire[] = [];
  for (const match of matches) {
    if (!visibility.isSportVisible(match.a)) {
      isChanged = true;
      continue;
    }
    const hidden = visibility.hiddenPlays(match.a);
    if (hidden.size > 0 && Object.keys(match.z).some((playId) => hidden.has(Number(playId)))) {
      isChanged = true;
      kept.push(withoutPlays(match, hidden));
    } else kept.push(match);
  }
  return isChanged ? kept : matches;
}
