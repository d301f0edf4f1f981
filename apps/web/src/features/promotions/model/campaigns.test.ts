import type { MemberEnvelope } from '@sb/contract';
import { envelopeCommitment, splitEnvelopes } from '@sb/domain';
import { describe, expect, it } from 'vitest';
import {
  conditionsOf,
  drawCheckOf,
  grabStateOf,
  orderedCampaigns,
  shortCommitment,
} from './campaigns';

const seed = 'a1'.repeat(32);
const terms = { seed, total: 10_000, count: 20, minAmount: 100, maxAmount: 1_500 };
const amounts = splitEnvelopes(terms);

function campaign(overrides: Partial<MemberEnvelope> = {}): MemberEnvelope {
  return {
    id: 1,
    title: 'Weekend envelopes',
    status: 'running',
    currencyId: 1,
    scale: 2,
    money: 'cash',
    rolloverMultiple: 0,
    bonusDays: 0,
    maxStake: 0,
    freeBetMinOdds: 0,
    total: terms.total,
    count: terms.count,
    claimedCount: 0,
    minAmount: terms.minAmount,
    maxAmount: terms.maxAmount,
    startsAt: 1_000,
    endsAt: 2_000,
    eligibility: { minDeposit: 0, minTurnover: 0, days: 0, riskLevels: [] },
    eligible: true,
    ineligibleReason: null,
    commitment: envelopeCommitment(seed, amounts),
    seed: null,
    amounts: null,
    claim: null,
    ...overrides,
  };
}

const claimOf = (amount: number) => ({
  campaignId: 1,
  amount,
  currencyId: 1,
  scale: 2,
  money: 'cash' as const,
  bonusId: null,
  freeBetId: null,
  claimedAt: 1_500,
});

describe('the order of the campaign list', () => {
  it('puts running first, then paused, coming up by start, ended, closed', () => {
    const list = orderedCampaigns([
      campaign({ id: 1, status: 'closed' }),
      campaign({ id: 2, status: 'scheduled', startsAt: 9_000 }),
      campaign({ id: 3, status: 'ended' }),
      campaign({ id: 4, status: 'running' }),
      campaign({ id: 5, status: 'scheduled', startsAt: 5_000 }),
      campaign({ id: 6, status: 'paused' }),
      campaign({ id: 7, status: 'running' }),
    ]);
    expect(list.map((entry) => entry.id)).toEqual([4, 7, 6, 5, 2, 3, 1]);
  });
});

describe('what the member can do with a campaign', () => {
  it('grabs a running campaign they may grab, with envelopes left', () => {
    expect(grabStateOf(campaign())).toBe('grabbable');
  });

  it('says why not otherwise', () => {
    expect(grabStateOf(campaign({ claim: claimOf(500) }))).toBe('claimed');
    expect(grabStateOf(campaign({ eligible: false }))).toBe('ineligible');
    expect(grabStateOf(campaign({ claimedCount: 20 }))).toBe('gone');
    expect(grabStateOf(campaign({ status: 'paused' }))).toBe('paused');
    expect(grabStateOf(campaign({ status: 'scheduled' }))).toBe('upcoming');
    expect(grabStateOf(campaign({ status: 'ended' }))).toBe('over');
    expect(grabStateOf(campaign({ status: 'closed' }))).toBe('over');
  });
});

describe("the member's own check of a closed campaign's draw", () => {
  const closed = (overrides: Partial<MemberEnvelope> = {}) =>
    campaign({ status: 'closed', seed, amounts, ...overrides });

  it('is not made before the campaign closes', () => {
    expect(drawCheckOf(campaign({ status: 'ended', seed, amounts }))).toBeNull();
  });

  it('verifies the published seed and amounts against the commitment and the terms', () => {
    expect(drawCheckOf(closed())).toBe('verified');
    expect(drawCheckOf(closed({ claim: claimOf(amounts[3] as number) }))).toBe('verified');
  });

  it('does not match when an amount, the seed, the commitment or the terms differ', () => {
    const changed = [...amounts];
    changed[0] = (changed[0] as number) + 1;
    changed[1] = (changed[1] as number) - 1;
    expect(drawCheckOf(closed({ amounts: changed }))).toBe('mismatch');
    expect(drawCheckOf(closed({ seed: 'b2'.repeat(32) }))).toBe('mismatch');
    expect(drawCheckOf(closed({ commitment: '0'.repeat(64) }))).toBe('mismatch');
    expect(drawCheckOf(closed({ minAmount: 200 }))).toBe('mismatch');
  });

  it("does not match when the member's envelope is not among the published amounts", () => {
    expect(drawCheckOf(closed({ claim: claimOf(99_999) }))).toBe('mismatch');
  });

  it('has nothing to check when the seed is not published', () => {
    expect(drawCheckOf(closed({ seed: null, amounts: null }))).toBe('unpublished');
  });
});

describe('the words of a campaign', () => {
  it('shortens the commitment to its ends', () => {
    expect(shortCommitment('0123456789abcdef'.repeat(4))).toBe('01234567…89abcdef');
  });

  it('lists only the conditions a campaign sets, risk levels in order', () => {
    expect(conditionsOf({ minDeposit: 0, minTurnover: 0, days: 0, riskLevels: [] })).toEqual([]);
    expect(
      conditionsOf({ minDeposit: 10_000, minTurnover: 50_000, days: 7, riskLevels: [3, 0] }),
    ).toEqual([
      { key: 'minDeposit', amountMinor: 10_000, days: 7 },
      { key: 'minTurnover', amountMinor: 50_000, days: 7 },
      { key: 'riskLevels', levels: [0, 3] },
    ]);
  });
});
