import { type MatchWire, matchLegList, optionStatus } from '@sb/contract';
import { callApi } from '../../../lib/api-client';
import type { SlipSelection } from '../../../lib/slip/slip-store';

/** SPEC §9: the leg list is asked with a page of 1000 matches. */
const legListSize = 1000;

export interface OptionNow {
  oi: string;
  status: number;
  odds?: number;
}

/**
 * Where each selection's option stands in the matches the leg list answered: its status and
 * price, or deactivated when its match or line is no longer listed.
 */
export function optionsNow(
  selections: readonly SlipSelection[],
  matches: readonly MatchWire[],
): OptionNow[] {
  const byOi = new Map<string, { s: number; o: number }>();
  for (const match of matches)
    for (const lines of Object.values(match.z))
      for (const options of Object.values(lines))
        for (const option of options) byOi.set(option.oi, option);
  return selections.map((selection) => {
    const option = byOi.get(selection.oi);
    return option
      ? { oi: selection.oi, status: option.s, odds: option.o }
      : { oi: selection.oi, status: optionStatus.deactivated };
  });
}

/**
 * getlegList (SPEC §7) for the live selections: their matches with every market, one call per
 * sport, so the slip can refresh what the match list may not be showing.
 */
export async function fetchLiveOptions(selections: readonly SlipSelection[]): Promise<OptionNow[]> {
  const live = selections.filter((selection) => selection.isLive);
  const sportIds = [...new Set(live.map((selection) => selection.sportId))];
  const answers = await Promise.all(
    sportIds.map((sportId) => {
      const ofSport = live.filter((selection) => selection.sportId === sportId);
      const matchIds = [...new Set(ofSport.map((selection) => selection.matchId))];
      return callApi(
        matchLegList,
        { sportId, matchId: matchIds, size: legListSize },
        { isSilent: true },
      ).then((answer) => optionsNow(ofSport, answer.records));
    }),
  );
  return answers.flat();
}
