import { type MatchWire, matchLegList, optionStatus } from '@sb/contract';
import { callApi } from '../../../lib/api-client';
import type { SlipOptionNow, SlipSelection } from '../../../lib/slip/slip-store';

/** SPEC §9: the leg list is asked with a page of 1000 matches. */
const legListSize = 1000;

export type OptionNow = SlipOptionNow;

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
 * getlegList (SPEC §7) for these selections: their matches with every market, one call per
 * sport, priced for the caller (the session's viewer), so the slip can refresh what the match
 * list may not be showing.
 */
export async function fetchOptionsNow(selections: readonly SlipSelection[]): Promise<OptionNow[]> {
  const sportIds = [...new Set(selections.map((selection) => selection.sportId))];
  const answers = await Promise.all(
    sportIds.map((sportId) => {
      const ofSport = selections.filter((selection) => selection.sportId === sportId);
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

/** The live selections' options now (SPEC §4: live items are read again when the slip opens). */
export function fetchLiveOptions(selections: readonly SlipSelection[]): Promise<OptionNow[]> {
  return fetchOptionsNow(selections.filter((selection) => selection.isLive));
}
