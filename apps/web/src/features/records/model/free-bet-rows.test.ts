import { orderStatus, type SettlementRecord } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { openReturnOf, settledPartOf } from './free-bet-rows';

function record(overrides: Partial<SettlementRecord> = {}): SettlementRecord {
  return {
    orderNo: 'O1',
    betType: 0,
    status: orderStatus.settled,
    reason: 0,
    stake: 1_000,
    bonusStake: 0,
    freeBetId: null,
    scale: 2,
    currencyId: 1,
    currencyCode: 'CNY',
    odds: 25_000,
    potentialPayout: 2_500,
    maxPayout: 2_500,
    acceptOdds: 0,
    isLive: false,
    createTime: 1_000,
    legs: [],
    payout: 2_500,
    result: 1_500,
    settleTime: 2_000,
    ...overrides,
  };
}

describe("a records row's part of the member's money", () => {
  it("is the statistics' payout and result for a bet of the member's money", () => {
    expect(settledPartOf(record({ payout: 0, result: -1_000, maxPayout: 0 }))).toEqual({
      isFreeBet: false,
      payoutMinor: 0,
      resultMinor: -1_000,
      givenBack: false,
    });
  });

  it("is a won free bet's return without the stake, its win too", () => {
    // The wagering record leaves the free bet out: its payout and result are not read.
    const won = record({ freeBetId: 7, payout: 1_000, result: 0 });
    expect(settledPartOf(won)).toEqual({
      isFreeBet: true,
      payoutMinor: 1_500,
      resultMinor: 1_500,
      givenBack: false,
    });
  });

  it('is nothing for a lost free bet: none of the stake was the member’s', () => {
    const lost = record({ freeBetId: 7, maxPayout: 0, payout: 1_000, result: 0 });
    expect(settledPartOf(lost)).toMatchObject({ payoutMinor: 0, resultMinor: 0, givenBack: false });
  });

  it('gives a void free bet back, paying nothing', () => {
    const voided = record({ freeBetId: 7, status: orderStatus.void, maxPayout: 1_000 });
    expect(settledPartOf(voided)).toMatchObject({
      payoutMinor: 0,
      resultMinor: 0,
      givenBack: true,
    });
  });

  it('says what an open free bet can return without the stake', () => {
    expect(openReturnOf(record({ freeBetId: 7, status: orderStatus.accepted }))).toBe(1_500);
    expect(openReturnOf(record({ status: orderStatus.accepted }))).toBe(2_500);
    expect(openReturnOf(record({ maxPayout: null }))).toBeNull();
  });
});
