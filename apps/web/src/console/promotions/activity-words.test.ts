import { describe, expect, it } from 'vitest';
import { activityRuleText } from './activity-words';

/** Shows the key and its values, so the test reads what the card would say. */
const t = (key: string, values?: Record<string, unknown>) =>
  values ? `${key.replace('promotions.', '')}(${Object.values(values).join('|')})` : key;
const words = { t, language: 'en' as const, money: (amount: number) => `${amount / 100} CNY` };

describe('an activity in the desk’s words', () => {
  it('says what counts towards a qualifying target and what it pays', () => {
    const text = activityRuleText(
      {
        type: 'qualify',
        sportIds: [1, 2],
        playIds: [],
        minOdds: 15_000,
        minStake: 0,
        measure: 'stake',
        target: 50_000,
        reward: 1_800,
      },
      words,
    );
    expect(text).toBe(
      [
        'activity.sports(Football, Basketball)',
        'promotions.activity.anyPlay',
        'activity.minOdds(1.50)',
        'activity.targetStake(500 CNY)',
        'activity.reward(18 CNY)',
      ].join('promotions.separator'),
    );
  });

  it('names a special bet’s selection, boosted odds and stake cap', () => {
    expect(
      activityRuleText(
        { type: 'special', optId: 'o-1', gameId: 9001, boostedOdds: 30_000, stakeCap: 10_000 },
        words,
      ),
    ).toBe('activity.special(9001|o-1|3.00|100 CNY)');
  });
});
