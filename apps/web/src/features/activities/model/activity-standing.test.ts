import { type MemberActivity, memberActivitySchema, orderBetSchema } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import {
  activityOfPost,
  progressPercentOf,
  progressStateOf,
  qualifyTermsOf,
  rewardTermsOf,
  specialBetOf,
  specialBlockOf,
  specialStakeProblemOf,
} from './activity-standing';

const progress = {
  counted: 3,
  target: 5,
  reached: false,
  rewarded: false,
  rewardAmount: 0,
  bonusId: null,
  freeBetId: null,
  rewardedAt: null,
};

/** A qualifying activity of 5 football bets at 1.50 or more, paying 18.00 CNY in cash. */
const qualifying: MemberActivity = memberActivitySchema.parse({
  id: 7,
  postId: 41,
  title: 'Five bets, one reward',
  status: 'running',
  currencyId: 1,
  scale: 2,
  money: 'cash',
  rolloverMultiple: 0,
  bonusDays: 0,
  maxStake: 0,
  freeBetMinOdds: 0,
  startsAt: 1_000,
  endsAt: 2_000,
  eligibility: { minDeposit: 0, minTurnover: 0, days: 0, riskLevels: [] },
  rule: {
    type: 'qualify',
    sportIds: [1],
    playIds: [],
    minOdds: 15_000,
    minStake: 1_000,
    measure: 'count',
    target: 5,
    reward: 1_800,
  },
  eligible: true,
  ineligibleReason: null,
  progress,
  special: null,
});

const special: MemberActivity = {
  ...qualifying,
  id: 8,
  postId: 42,
  rule: { type: 'special', optId: 'o-1', gameId: 9001, boostedOdds: 30_000, stakeCap: 10_000 },
  progress: null,
  special: {
    staked: 2_500,
    stakeLeft: 7_500,
    liabilityLeft: 50_000,
    selection: {
      optId: 'o-1',
      gameId: 9001,
      sportId: 1,
      playId: 186,
      home: 'Home FC',
      away: 'Away United',
      optName: 'Home FC',
      odds: 21_500,
      onOffer: true,
    },
  },
};

describe('a qualifying standing', () => {
  it('runs, reaches and is rewarded, as the progress says', () => {
    expect(progressStateOf(progress)).toBe('running');
    expect(progressStateOf({ ...progress, counted: 5, reached: true })).toBe('reached');
    expect(
      progressStateOf({ ...progress, reached: true, rewarded: true, rewardAmount: 1_800 }),
    ).toBe('rewarded');
  });

  it('fills its bar by the share counted, full only once reached', () => {
    expect(progressPercentOf(progress)).toBe(60);
    expect(progressPercentOf({ ...progress, counted: 0 })).toBe(0);
    expect(progressPercentOf({ ...progress, counted: 4_999, target: 5_000 })).toBe(99);
    expect(progressPercentOf({ ...progress, counted: 9, reached: true })).toBe(100);
    expect(progressPercentOf({ ...progress, target: 0 })).toBe(0);
  });

  it('says its rule line by line: sports, markets, least odds and stake, target', () => {
    if (qualifying.rule.type !== 'qualify') throw new Error('not a qualifying rule');
    expect(qualifyTermsOf(qualifying.rule)).toEqual([
      { key: 'sports', sportIds: [1] },
      { key: 'anyMarket' },
      { key: 'minOdds', odds: '1.50' },
      { key: 'minStake', amountMinor: 1_000 },
      { key: 'targetCount', target: 5 },
    ]);
    const stakeRule = {
      type: 'qualify' as const,
      sportIds: [],
      playIds: [1, 18],
      minOdds: 0,
      minStake: 0,
      measure: 'stake' as const,
      target: 50_000,
      reward: 1_000,
    };
    expect(qualifyTermsOf(stakeRule)).toEqual([
      { key: 'anySport' },
      { key: 'plays', sportIds: [], playIds: [1, 18] },
      { key: 'targetStake', amountMinor: 50_000 },
    ]);
  });

  it('is found by its post among the member’s activities', () => {
    expect(activityOfPost([qualifying, special], 42)?.id).toBe(8);
    expect(activityOfPost([qualifying], 99)).toBeNull();
  });
});

describe('a special bet', () => {
  it('may be placed only while running, eligible, on offer and with something left', () => {
    expect(specialBlockOf(special)).toBeNull();
    expect(specialBlockOf({ ...special, status: 'paused' })).toBe('notRunning');
    expect(specialBlockOf({ ...special, status: 'scheduled' })).toBe('notRunning');
    expect(
      specialBlockOf({ ...special, eligible: false, ineligibleReason: 'error.activityIneligible' }),
    ).toBe('ineligible');
    const standing = special.special;
    if (!standing) throw new Error('no standing');
    const off = { ...standing.selection, onOffer: false, odds: null };
    expect(specialBlockOf({ ...special, special: { ...standing, selection: off } })).toBe(
      'offOffer',
    );
    expect(specialBlockOf({ ...special, special: null })).toBe('offOffer');
    expect(specialBlockOf({ ...special, special: { ...standing, stakeLeft: 0 } })).toBe(
      'nothingLeft',
    );
    expect(specialBlockOf({ ...special, special: { ...standing, liabilityLeft: 0 } })).toBe(
      'nothingLeft',
    );
  });

  it('takes a stake above 0 within what is left of the member’s cap', () => {
    expect(specialStakeProblemOf(null, 7_500)).toBe('invalid');
    expect(specialStakeProblemOf(0, 7_500)).toBe('invalid');
    expect(specialStakeProblemOf(7_501, 7_500)).toBe('aboveStakeLeft');
    expect(specialStakeProblemOf(7_500, 7_500)).toBeNull();
  });

  it('seals a single on exactly its selection at the book’s price, in its currency', () => {
    const bet = specialBetOf(special, 5_000);
    expect(bet).toEqual({
      betType: 0,
      stake: 5_000,
      scale: 2,
      currencyId: 1,
      acceptOdds: 1,
      selections: [{ optId: 'o-1', odds: 21_500, gameId: 9001, sportId: 1, playId: 186 }],
    });
    expect(orderBetSchema.safeParse(bet).success).toBe(true);
    const standing = special.special;
    if (!standing) throw new Error('no standing');
    const bare = { ...standing.selection, sportId: null, playId: null };
    expect(
      specialBetOf({ ...special, special: { ...standing, selection: bare } }, 100)?.selections,
    ).toEqual([{ optId: 'o-1', odds: 21_500, gameId: 9001 }]);
    const gone = { ...standing.selection, odds: null };
    expect(specialBetOf({ ...special, special: { ...standing, selection: gone } }, 100)).toBeNull();
  });
});

describe('the words of a qualifying reward', () => {
  it('say cash for cash', () => {
    expect(rewardTermsOf(qualifying)).toEqual([{ key: 'cash' }]);
  });

  it('give bonus money its rollover, days and largest stake', () => {
    expect(
      rewardTermsOf({ ...qualifying, money: 'bonus', rolloverMultiple: 3, bonusDays: 7 }),
    ).toEqual([{ key: 'bonus', multiple: 3, days: 7 }]);
    expect(
      rewardTermsOf({
        ...qualifying,
        money: 'bonus',
        rolloverMultiple: 3,
        bonusDays: 7,
        maxStake: 5_000,
      }),
    ).toEqual([
      { key: 'bonus', multiple: 3, days: 7 },
      { key: 'maxStake', amountMinor: 5_000 },
    ]);
  });

  it('give a free bet its validity and, when it has them, its least odds', () => {
    expect(rewardTermsOf({ ...qualifying, money: 'free_bet', bonusDays: 14 })).toEqual([
      { key: 'freeBet', days: 14, odds: null },
    ]);
    expect(
      rewardTermsOf({ ...qualifying, money: 'free_bet', bonusDays: 14, freeBetMinOdds: 18_000 }),
    ).toEqual([{ key: 'freeBet', days: 14, odds: '1.80' }]);
  });
});
