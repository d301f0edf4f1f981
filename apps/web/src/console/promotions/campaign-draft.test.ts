import { envelopeCampaignCreate, promotionLimits } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import {
  type CampaignDraft,
  campaignActions,
  campaignInputOf,
  epochMsOfLocalInput,
  isActionAllowed,
  localInputOf,
  newCampaignDraft,
  totalRange,
} from './campaign-draft';

const nowMs = new Date(2031, 2, 1, 9, 30, 45, 500).getTime();
const cnyId = 1;
const usdtId = 10;
const btcId = 11;

/** A cash campaign of 100 CNY in 10 envelopes of 5 to 20, tomorrow morning for a week. */
const draft: CampaignDraft = {
  ...newCampaignDraft(nowMs, cnyId),
  titleEn: ' Spring envelopes ',
  titleZh: '春季红包',
  titleZht: '春季紅包',
  total: '100',
  count: '10',
  minAmount: '5',
  maxAmount: '20',
  startsAt: '2031-03-02T10:00',
  endsAt: '2031-03-09T10:00',
};

function inputOf(changes: Partial<CampaignDraft>) {
  const answer = campaignInputOf({ ...draft, ...changes });
  if (!('input' in answer)) throw new Error(`refused: ${JSON.stringify(answer.problem)}`);
  // Whatever the form sends, the contract takes as it is.
  expect(envelopeCampaignCreate.input.safeParse(answer.input).success).toBe(true);
  return answer.input;
}

function problemOf(changes: Partial<CampaignDraft>) {
  const answer = campaignInputOf({ ...draft, ...changes });
  if (!('problem' in answer)) throw new Error('accepted');
  return answer.problem.key;
}

describe('times in the operator’s time zone', () => {
  it('write and read datetime-local values to the minute, in local time', () => {
    expect(localInputOf(nowMs)).toBe('2031-03-01T09:30');
    expect(epochMsOfLocalInput('2031-03-01T09:30')).toBe(new Date(2031, 2, 1, 9, 30).getTime());
    for (const text of ['', '2031-03-01', '01/03/2031 09:30', '2031-13-01T09:30x'])
      expect(epochMsOfLocalInput(text), text).toBeNull();
  });

  it('start a new campaign at the next whole hour, for a day, as cash', () => {
    const fresh = newCampaignDraft(nowMs, cnyId);
    expect(fresh).toMatchObject({
      money: 'cash',
      currencyId: cnyId,
      startsAt: '2031-03-01T10:00',
      endsAt: '2031-03-02T10:00',
      riskLevels: [],
    });
  });
});

describe('a campaign’s fields from the form', () => {
  it('sends amounts in minor units by the currency’s scale, titles trimmed, cash without bonus terms', () => {
    expect(inputOf({})).toEqual({
      titleEn: 'Spring envelopes',
      titleZh: '春季红包',
      titleZht: '春季紅包',
      currencyId: cnyId,
      money: 'cash',
      rolloverMultiple: 0,
      bonusDays: 0,
      maxStake: 0,
      freeBetMinOdds: 0,
      total: 10_000,
      count: 10,
      minAmount: 500,
      maxAmount: 2_000,
      startsAt: new Date(2031, 2, 2, 10, 0).getTime(),
      endsAt: new Date(2031, 2, 9, 10, 0).getTime(),
      minDeposit: 0,
      minTurnover: 0,
      eligibilityDays: 0,
      riskLevels: [],
    });
  });

  it('converts on the digits, never in floating point, at each currency’s scale', () => {
    expect(
      inputOf({ total: '0.29', count: '1', minAmount: '0.29', maxAmount: '0.29' }),
    ).toMatchObject({ total: 29, minAmount: 29, maxAmount: 29 });
    expect(
      inputOf({ currencyId: usdtId, total: '1.5', count: '3', minAmount: '0.1', maxAmount: '1' }),
    ).toMatchObject({ total: 1_500_000, minAmount: 100_000, maxAmount: 1_000_000 });
    expect(
      inputOf({ currencyId: btcId, total: '0.00000003', count: '3', minAmount: '0.00000001' }),
    ).toMatchObject({ total: 3, minAmount: 1, maxAmount: 2_000_000_000 });
    // More decimals than the currency has is refused, not rounded.
    expect(problemOf({ total: '100.001' })).toBe('amount');
  });

  it('sends bonus terms only for bonus money', () => {
    const hidden = { rolloverMultiple: '5', bonusDays: '30', maxStake: '50' };
    expect(inputOf({ ...hidden })).toMatchObject({
      rolloverMultiple: 0,
      bonusDays: 0,
      maxStake: 0,
    });
    expect(inputOf({ ...hidden, money: 'bonus' })).toMatchObject({
      money: 'bonus',
      rolloverMultiple: 5,
      bonusDays: 30,
      maxStake: 5_000,
    });
    expect(inputOf({ money: 'bonus', maxStake: '' })).toMatchObject({ maxStake: 0 });
    expect(problemOf({ money: 'bonus', rolloverMultiple: '0' })).toBe('rolloverMultiple');
    expect(problemOf({ money: 'bonus', rolloverMultiple: '11' })).toBe('rolloverMultiple');
    expect(problemOf({ money: 'bonus', bonusDays: '' })).toBe('bonusDays');
    expect(problemOf({ money: 'bonus', bonusDays: '366' })).toBe('bonusDays');
  });

  it('sends a free bet’s days and least odds, never bonus terms', () => {
    const bonusTyped = { rolloverMultiple: '5', maxStake: '50' };
    expect(inputOf({ ...bonusTyped, money: 'free_bet', bonusDays: '14' })).toMatchObject({
      money: 'free_bet',
      rolloverMultiple: 0,
      bonusDays: 14,
      maxStake: 0,
      freeBetMinOdds: 0,
    });
    expect(inputOf({ money: 'free_bet', freeBetMinOdds: '1.5' })).toMatchObject({
      freeBetMinOdds: 15_000,
    });
    // Least odds typed for other money are not sent: the contract refuses them there.
    expect(inputOf({ money: 'bonus', freeBetMinOdds: '1.5' })).toMatchObject({
      freeBetMinOdds: 0,
    });
    expect(problemOf({ money: 'free_bet', bonusDays: '' })).toBe('freeBetDays');
    expect(problemOf({ money: 'free_bet', bonusDays: '366' })).toBe('freeBetDays');
    for (const odds of ['1', '1.001', '1000.01', 'x'])
      expect(problemOf({ money: 'free_bet', freeBetMinOdds: odds }), odds).toBe('freeBetMinOdds');
  });

  it('holds the total between count × minimum and count × maximum', () => {
    expect(inputOf({ total: '50' })).toMatchObject({ total: 5_000 });
    expect(inputOf({ total: '200' })).toMatchObject({ total: 20_000 });
    expect(problemOf({ total: '49.99' })).toBe('totalBelowMin');
    expect(problemOf({ total: '200.01' })).toBe('totalAboveMax');
    expect(problemOf({ minAmount: '21' })).toBe('maxBelowMin');
    expect(totalRange(draft, 2)).toEqual({ low: 5_000, high: 20_000 });
    expect(totalRange({ ...draft, count: '' }, 2)).toBeNull();
  });

  it('asks for the look-back with a minimum deposit or turnover, and for none without', () => {
    expect(problemOf({ minDeposit: '100' })).toBe('eligibilityDays');
    expect(problemOf({ minTurnover: '100', eligibilityDays: '0' })).toBe('eligibilityDays');
    expect(problemOf({ minTurnover: '100', eligibilityDays: '366' })).toBe('eligibilityDays');
    expect(inputOf({ minDeposit: '100', minTurnover: '0.5', eligibilityDays: '30' })).toMatchObject(
      { minDeposit: 10_000, minTurnover: 50, eligibilityDays: 30 },
    );
    expect(inputOf({ eligibilityDays: '' })).toMatchObject({ eligibilityDays: 0 });
    expect(inputOf({ riskLevels: [3, 0, 3, 1] })).toMatchObject({ riskLevels: [0, 1, 3] });
  });

  it('refuses what the contract refuses, naming the field', () => {
    expect(problemOf({ titleZh: '  ' })).toBe('title');
    expect(problemOf({ titleEn: 'x'.repeat(101) })).toBe('title');
    expect(problemOf({ titleZht: 'tab\there' })).toBe('title');
    expect(problemOf({ currencyId: 99 })).toBe('currency');
    expect(problemOf({ count: '0' })).toBe('count');
    expect(problemOf({ count: '100001' })).toBe('count');
    expect(problemOf({ count: '2.5' })).toBe('count');
    expect(problemOf({ minAmount: '0' })).toBe('amount');
    expect(problemOf({ total: '-1' })).toBe('amount');
    expect(problemOf({ total: '10000000001' })).toBe('amount');
    expect(problemOf({ startsAt: '' })).toBe('startsAt');
    expect(problemOf({ endsAt: draft.startsAt })).toBe('endsAt');
  });

  it('names the field and the decimals of a refused amount, and values only where a text names some', () => {
    expect(campaignInputOf({ ...draft, money: 'bonus', maxStake: '1.234' })).toEqual({
      problem: { key: 'amount', values: { field: 'maxStake', scale: 2 } },
    });
    expect(campaignInputOf({ ...draft, minTurnover: 'ten' })).toEqual({
      problem: { key: 'amount', values: { field: 'minTurnover', scale: 2 } },
    });
    expect(campaignInputOf({ ...draft, titleEn: '' })).toEqual({
      problem: { key: 'title', values: { max: promotionLimits.title } },
    });
    expect(campaignInputOf({ ...draft, endsAt: draft.startsAt })).toEqual({
      problem: { key: 'endsAt' },
    });
  });
});

describe('the actions a status allows', () => {
  it('funds a draft, pauses a scheduled or running one, resumes a paused one, closes all but a closed one', () => {
    const allowed = (status: Parameters<typeof isActionAllowed>[1]) =>
      campaignActions.filter((action) => isActionAllowed(action, status));
    expect(allowed('draft')).toEqual(['fund', 'close']);
    expect(allowed('scheduled')).toEqual(['pause', 'close']);
    expect(allowed('running')).toEqual(['pause', 'close']);
    expect(allowed('paused')).toEqual(['resume', 'close']);
    expect(allowed('ended')).toEqual(['close']);
    expect(allowed('closed')).toEqual([]);
  });
});
