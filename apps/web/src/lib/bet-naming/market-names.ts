import type { MarketOption } from '@sb/contract';
import {
  decodeOptionId,
  goalNumberOf,
  type MarketGroup,
  type OutcomeName,
  outcomeNameOf,
  playNameOf,
} from '@sb/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Outcome ids by option id: an option id never changes meaning, and a live detail redraws its
 * options many times a minute. Bounded so a long session's ids do not pile up.
 */
const outcomeIds = new Map<string, string>();
const maxRememberedIds = 5_000;

function outcomeIdOf(oi: string): string {
  let outcomeId = outcomeIds.get(oi);
  if (outcomeId === undefined) {
    outcomeId = decodeOptionId(oi)?.outcomeId ?? '';
    if (outcomeIds.size >= maxRememberedIds) outcomeIds.clear();
    outcomeIds.set(oi, outcomeId);
  }
  return outcomeId;
}

/** What an option is, as domain names it (undecodable ids are shown by the feed's name). */
export function outcomeOf(sportId: number, option: Pick<MarketOption, 'oi' | 'md'>): OutcomeName {
  const outcomeId = outcomeIdOf(option.oi);
  return outcomeId === ''
    ? { kind: 'runner', value: '' }
    : outcomeNameOf(sportId, option.md, outcomeId);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Market, group and outcome names in a language, through its `t`. `outcome` is the full name
 * ("Home -0.25", "Over 2.5", "Home by 2", a runner's full name), or with `isShort` the board's
 * ("H -0.25", "O 2.5", "1"); a runner keeps its full name in both.
 */
export function marketNamesWith(t: Translate) {
  return {
    /**
     * A play's name; a play offered per quarter, map or game is named with the market's, and the
     * specifiers name the market where they say which one it is ("Next Goal (2)").
     */
    play(sportId: number, playId: number, specifiers = ''): string {
      const name = playNameOf(sportId, playId, specifiers);
      return t(`sportsMarkets.play.${name.key}`, {
        playId,
        nth: name.nth ? t(`sportsMarkets.nth.${name.nth.period}.${name.nth.number}`) : '',
        game: name.game ?? '',
        goal: goalNumberOf(specifiers),
        first: name.period ? t(`sportsMarkets.first.${name.period}`) : '',
        one: name.period ? t(`sportsMarkets.one.${name.period}`) : '',
        many: name.period ? t(`sportsMarkets.many.${name.period}`) : '',
        unit: name.unit ? t(`sportsMarkets.unit.${name.unit}`) : '',
        unitShort: name.unit ? t(`sportsMarkets.unitShort.${name.unit}`) : '',
      });
    },
    /**
     * A group's name; the periods group is named after the periods its plays cover, in play
     * order ("Sets"; basketball's "Halves / Quarters").
     */
    group(sportId: number, group: MarketGroup, playIds: readonly number[]): string {
      if (group !== 'periods') return t(`sportsMarkets.group.${group}`);
      const periods = new Set(playIds.map((playId) => playNameOf(sportId, playId).period));
      const words = [...periods].map((period) =>
        t(`sportsMarkets.periodGroup.${period ?? 'half'}`),
      );
      return words.join(t('sportsMarkets.periodGroupJoin'));
    },
    outcome(
      sportId: number,
      option: Pick<MarketOption, 'oi' | 'md' | 'h' | 'n'>,
      isShort = false,
    ): string {
      const { kind, value } = outcomeOf(sportId, option);
      const words = isShort ? 'short' : 'outcome';
      switch (kind) {
        case 'runner':
          return option.h;
        case 'score':
        case 'count':
          return value;
        case 'homeBy':
        case 'awayBy':
        case 'otherScore':
          return t(`sportsMarkets.${words}.${kind}`, { value });
        case 'halfTimeFullTime': {
          const [half = '', full = ''] = value.split('/');
          const part = (side: string) =>
            t(isShort ? `sportsMarkets.short.${side}` : `sportsMarkets.resultSide.${side}`);
          return t(`sportsMarkets.${words}.${kind}`, { half: part(half), full: part(full) });
        }
      }
      const line = option.n;
      // The board says H and A beside a line and 1 and 2 without one.
      const word = isShort && line && (kind === 'home' || kind === 'away') ? `${kind}Line` : kind;
      const text = t(`sportsMarkets.${words}.${word}`);
      return line ? `${text} ${line}` : text;
    },
  };
}

/** The names in the member's language, following its changes. */
export function useMarketNames() {
  const { t } = useTranslation();
  return useMemo(() => marketNamesWith(t as Translate), [t]);
}
