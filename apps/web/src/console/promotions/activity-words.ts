import type { ActivityRule, Language } from '@sb/contract';
import { oddsUnitsText, sportNameOf } from '@sb/domain';

/** What the desk's cards say of an activity, apart from the screen. */

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** An activity's rule in words, its parts joined: what counts and what it pays, or the bet. */
export function activityRuleText(
  rule: ActivityRule,
  { t, language, money }: { t: Translate; language: Language; money(amount: number): string },
): string {
  if (rule.type === 'special')
    return t('promotions.activity.special', {
      gameId: rule.gameId,
      optId: rule.optId,
      odds: oddsUnitsText(rule.boostedOdds),
      cap: money(rule.stakeCap),
    });
  const parts = [
    rule.sportIds.length > 0
      ? t('promotions.activity.sports', {
          sports: rule.sportIds.map((sportId) => sportNameOf(sportId, language)).join(', '),
        })
      : t('promotions.activity.anySport'),
    rule.playIds.length > 0
      ? t('promotions.activity.plays', { ids: rule.playIds.join(', ') })
      : t('promotions.activity.anyPlay'),
    rule.minOdds > 0
      ? t('promotions.activity.minOdds', { odds: oddsUnitsText(rule.minOdds) })
      : null,
    rule.minStake > 0 ? t('promotions.activity.minStake', { amount: money(rule.minStake) }) : null,
    rule.measure === 'count'
      ? t('promotions.activity.targetCount', { target: rule.target })
      : t('promotions.activity.targetStake', { amount: money(rule.target) }),
    t('promotions.activity.reward', { amount: money(rule.reward) }),
  ];
  return parts.filter((part) => part !== null).join(t('promotions.separator'));
}
