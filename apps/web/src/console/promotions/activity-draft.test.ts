import { activityCampaignCreate } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { type ActivityDraft, activityInputOf, idListOf, newActivityDraft } from './activity-draft';
import { oddsUnitsOf } from './campaign-terms';

const nowMs = new Date(2031, 2, 1, 9, 30, 45, 500).getTime();
const cnyId = 1;
const btcId = 11;

/** Five football bets at 1.50 or more of 10 CNY or more pay 18 CNY in cash, from a budget of 1000. */
const qualifying: ActivityDraft = {
  ...newActivityDraft(nowMs, cnyId),
  titleEn: ' Five bets ',
  titleZh: '五注有奖',
  titleZht: '五注有獎',
  postId: 41,
  total: '1000',
  sportIds: [1],
  minOdds: '1.5',
  minStake: '10',
  target: '5',
  reward: '18',
  startsAt: '2031-03-02T10:00',
  endsAt: '2031-03-09T10:00',
};

/** Home FC at 3.00 instead of the book's price, up to 100 CNY a member, 5000 CNY in all. */
const special: ActivityDraft = {
  ...qualifying,
  ruleType: 'special',
  total: '5000',
  gameId: '9001',
  optId: ' sr:match:9001/1/1 ',
  boostedOdds: '3',
  stakeCap: '100',
};

function inputOf(draft: ActivityDraft) {
  const answer = activityInputOf(draft);
  if (!('input' in answer)) throw new Error(`refused: ${JSON.stringify(answer.problem)}`);
  // Whatever the form sends, the contract takes as it is.
  const parsed = activityCampaignCreate.input.safeParse(answer.input);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return answer.input;
}

function problemOf(draft: ActivityDraft, changes: Partial<ActivityDraft>) {
  const answer = activityInputOf({ ...draft, ...changes });
  if (!('problem' in answer)) throw new Error('accepted');
  return answer.problem.key;
}

describe('typed odds and ids', () => {
  it('read decimal odds as ten-thousandths on the digits', () => {
    expect(oddsUnitsOf('1.5')).toBe(15_000);
    expect(oddsUnitsOf('2.15')).toBe(21_500);
    expect(oddsUnitsOf(' 1.0101 ')).toBe(10_101);
    expect(oddsUnitsOf('1000')).toBe(10_000_000);
    for (const text of ['', '1.23456', '-2', '2,5', 'abc', '1.'])
      expect(oddsUnitsOf(text), text).toBeNull();
  });

  it('read a list of ids by commas or spaces, each once, in order', () => {
    expect(idListOf('')).toEqual([]);
    expect(idListOf('18, 1 186，1')).toEqual([1, 18, 186]);
    expect(idListOf('1, x')).toBeNull();
    expect(idListOf('0')).toBeNull();
    expect(idListOf('2147483648')).toBeNull();
  });
});

describe('a qualifying activity', () => {
  it('is sent in minor units and ten-thousandths, cash without bonus terms', () => {
    expect(inputOf(qualifying)).toEqual({
      titleEn: 'Five bets',
      titleZh: '五注有奖',
      titleZht: '五注有獎',
      postId: 41,
      currencyId: cnyId,
      money: 'cash',
      rolloverMultiple: 0,
      bonusDays: 0,
      maxStake: 0,
      freeBetMinOdds: 0,
      total: 100_000,
      startsAt: new Date(2031, 2, 2, 10, 0).getTime(),
      endsAt: new Date(2031, 2, 9, 10, 0).getTime(),
      minDeposit: 0,
      minTurnover: 0,
      eligibilityDays: 0,
      riskLevels: [],
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
    });
  });

  it('measures stakes in minor units, and pays bonus money with its terms', () => {
    const input = inputOf({
      ...qualifying,
      measure: 'stake',
      target: '500.50',
      money: 'bonus',
      rolloverMultiple: '3',
      bonusDays: '14',
      maxStake: '200',
      playIds: '186, 1',
      minOdds: '',
      minStake: '',
      minDeposit: '100',
      eligibilityDays: '30',
      riskLevels: [3, 1, 3],
    });
    expect(input).toMatchObject({
      money: 'bonus',
      rolloverMultiple: 3,
      bonusDays: 14,
      maxStake: 20_000,
      minDeposit: 10_000,
      eligibilityDays: 30,
      riskLevels: [1, 3],
      rule: { measure: 'stake', target: 50_050, playIds: [1, 186], minOdds: 0, minStake: 0 },
    });
  });

  it('refuses what the contract refuses, naming the first problem', () => {
    expect(problemOf(qualifying, { titleZh: ' ' })).toBe('title');
    expect(problemOf(qualifying, { postId: 0 })).toBe('post');
    expect(problemOf(qualifying, { currencyId: 9999 })).toBe('currency');
    expect(problemOf(qualifying, { total: '0' })).toBe('amount');
    expect(problemOf(qualifying, { endsAt: '2031-03-02T10:00' })).toBe('endsAt');
    expect(problemOf(qualifying, { money: 'bonus', rolloverMultiple: '11' })).toBe(
      'rolloverMultiple',
    );
    expect(problemOf(qualifying, { money: 'bonus', bonusDays: '0' })).toBe('bonusDays');
    expect(problemOf(qualifying, { minTurnover: '50' })).toBe('eligibilityDays');
    expect(problemOf(qualifying, { playIds: '1, one' })).toBe('playIds');
    expect(problemOf(qualifying, { minOdds: '1' })).toBe('minOdds');
    expect(problemOf(qualifying, { minOdds: '1.23456' })).toBe('minOdds');
    expect(problemOf(qualifying, { minStake: '1.234' })).toBe('amount');
    expect(problemOf(qualifying, { target: '0' })).toBe('targetCount');
    expect(problemOf(qualifying, { target: '2.5' })).toBe('targetCount');
    expect(problemOf(qualifying, { reward: '' })).toBe('amount');
    expect(problemOf(qualifying, { reward: '1000.01' })).toBe('rewardAboveTotal');
  });

  it('takes amounts by the currency’s own scale', () => {
    const input = inputOf({
      ...qualifying,
      currencyId: btcId,
      total: '0.5',
      reward: '0.00012345',
      minStake: '',
    });
    expect(input.total).toBe(50_000_000);
    expect(input.rule).toMatchObject({ reward: 12_345 });
  });

  it('checks the terms it shares with a red-envelope campaign as that form does', () => {
    expect(problemOf(qualifying, { minDeposit: '100' })).toBe('eligibilityDays');
    expect(problemOf(qualifying, { minTurnover: '100', eligibilityDays: '366' })).toBe(
      'eligibilityDays',
    );
    expect(
      inputOf({
        ...qualifying,
        minDeposit: '100',
        minTurnover: '0.5',
        eligibilityDays: '30',
        riskLevels: [3, 0, 3, 1],
      }),
    ).toMatchObject({
      minDeposit: 10_000,
      minTurnover: 50,
      eligibilityDays: 30,
      riskLevels: [0, 1, 3],
    });
    expect(activityInputOf({ ...qualifying, money: 'bonus', maxStake: '1.234' })).toEqual({
      problem: { key: 'amount', values: { field: 'maxStake', scale: 2 } },
    });
    expect(activityInputOf({ ...qualifying, minDeposit: 'ten' })).toEqual({
      problem: { key: 'amount', values: { field: 'minDeposit', scale: 2 } },
    });
    expect(activityInputOf({ ...qualifying, startsAt: '' })).toEqual({
      problem: { key: 'startsAt' },
    });
  });
});

describe('a special bet', () => {
  it('is sent with its selection, boosted odds and stake cap, always as cash', () => {
    const input = inputOf({ ...special, money: 'bonus', rolloverMultiple: '5' });
    expect(input).toMatchObject({
      money: 'cash',
      rolloverMultiple: 0,
      bonusDays: 0,
      total: 500_000,
      rule: {
        type: 'special',
        gameId: 9001,
        optId: 'sr:match:9001/1/1',
        boostedOdds: 30_000,
        stakeCap: 10_000,
      },
    });
  });

  it('pays cash whatever money is chosen, its bonus terms never checked', () => {
    expect(inputOf({ ...special, money: 'bonus', rolloverMultiple: '99' })).toMatchObject({
      money: 'cash',
      rolloverMultiple: 0,
      bonusDays: 0,
      maxStake: 0,
    });
  });

  it('refuses a selection or price the contract refuses', () => {
    expect(problemOf(special, { gameId: '' })).toBe('gameId');
    expect(problemOf(special, { gameId: '0' })).toBe('gameId');
    expect(problemOf(special, { optId: '  ' })).toBe('optId');
    expect(problemOf(special, { boostedOdds: '1' })).toBe('boostedOdds');
    expect(problemOf(special, { boostedOdds: '1000.01' })).toBe('boostedOdds');
    expect(problemOf(special, { stakeCap: '0' })).toBe('amount');
  });
});
