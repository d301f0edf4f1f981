import { type Bonus, memberBonusList } from '@sb/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { betOn, createPicker, lost, moneyOf, rolloverPass } from '../bonus/helpers';
import { operatorToken } from '../operators/helpers';
import {
  createSettlementTestApp,
  expectLedgerBalanced,
  expectOk,
  fundedMember,
  type Pick,
} from '../settlement/helpers';
import type { TestApp } from '../test-app';
import {
  budgetBalance,
  campaignFields,
  createCampaign,
  deskAction,
  grab,
  ok,
  systemBalance,
} from './helpers';

/**
 * A bonus-money campaign end to end through the real modules: the desk creates and funds it, a
 * member grabs bonus money with its rollover, plays it through with settled bets and sees it
 * convert; the campaign's figures follow, and its close returns the rest.
 */
let results: Awaited<ReturnType<typeof createSettlementTestApp>>;
let testApp: TestApp;
let pickAt: (min: number, max?: number) => Pick;
let finance: string;

beforeAll(async () => {
  results = await createSettlementTestApp();
  testApp = results.testApp;
  pickAt = createPicker(results.book);
  finance = await operatorToken(testApp, ['finance'], results.feed.now().getTime());
});
afterEach(() => expectLedgerBalanced(testApp));
afterAll(() => testApp.close());

const bonusesOf = async (member: Awaited<ReturnType<typeof fundedMember>>) =>
  expectOk(
    await testApp.call<{ records: Bonus[]; total: number }>(memberBonusList.path, member.auth),
  ).records;

describe('a bonus-money campaign', () => {
  it('grants bonus money with its rollover, converts it once played through, and closes exactly', async () => {
    const now = results.feed.now().getTime();
    const created = ok(
      await createCampaign(
        testApp,
        finance,
        campaignFields({
          money: 'bonus',
          rolloverMultiple: 2,
          bonusDays: 7,
          maxStake: 0,
          total: 3_000,
          count: 3,
          minAmount: 1_000,
          maxAmount: 1_000,
          startsAt: now - 60_000,
          endsAt: now + 86_400_000,
        }),
      ),
    );
    const funded = ok(await deskAction(testApp, finance, 'fund', created.id));
    expect(funded.status).toBe('running');
    const houseBefore = await systemBalance(testApp, 'house');

    const member = await fundedMember(testApp, 10_000);
    const claim = ok(await grab(testApp, member, created.id, 'bonus-grab'));
    expect(claim).toMatchObject({ money: 'bonus', amount: 1_000 });
    expect(claim.bonusId).not.toBeNull();
    expect(await moneyOf(testApp, member)).toEqual({ main: 10_000, bonus: 1_000 });
    const [active] = await bonusesOf(member);
    expect(active).toMatchObject({
      id: claim.bonusId,
      campaignId: created.id,
      status: 'active',
      amount: 1_000,
      rolloverRequired: 2_000,
      rolloverCounted: 0,
    });
    expect(active?.expiresAt).toBe((active?.grantedAt ?? 0) + 7 * 86_400_000);

    // Played through: one lost bet of 2,000 at qualifying odds, settled and counted.
    const pick = pickAt(1.6);
    await betOn(testApp, member, pick, 2_000);
    await results.send([results.settlement(pick, lost)]);
    await rolloverPass(testApp);
    const [converted] = await bonusesOf(member);
    expect(converted).toMatchObject({ status: 'converted', rolloverCounted: 2_000 });
    expect(await moneyOf(testApp, member)).toEqual({ main: 10_000 - 2_000 + 1_000, bonus: 0 });

    const listed = ok(await deskAction(testApp, finance, 'pause', created.id));
    expect(listed.figures).toMatchObject({
      funded: 3_000,
      granted: 1_000,
      claimedCount: 1,
      converted: 1_000,
      forfeited: 0,
      active: 0,
      cost: 1_000,
      budgetLeft: 2_000,
    });
    const closed = ok(await deskAction(testApp, finance, 'close', created.id));
    expect(closed.status).toBe('closed');
    expect(closed.envelope?.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(await budgetBalance(testApp, created.id)).toBe(0);
    // The house got back what was not granted.
    expect((await systemBalance(testApp, 'house')) - houseBefore).toBeGreaterThanOrEqual(2_000);
  });

  it('closes with a bonus still active: its later forfeit goes to the house, never the closed budget', async () => {
    const now = results.feed.now().getTime();
    const created = ok(
      await createCampaign(
        testApp,
        finance,
        campaignFields({
          money: 'bonus',
          rolloverMultiple: 5,
          bonusDays: 3,
          total: 2_000,
          count: 2,
          minAmount: 1_000,
          maxAmount: 1_000,
          startsAt: now - 60_000,
          endsAt: now + 86_400_000,
        }),
      ),
    );
    ok(await deskAction(testApp, finance, 'fund', created.id));
    const member = await fundedMember(testApp, 0);
    const claim = ok(await grab(testApp, member, created.id));
    ok(await deskAction(testApp, finance, 'close', created.id));
    expect(await budgetBalance(testApp, created.id)).toBe(0);
    const houseBefore = await systemBalance(testApp, 'house');
    const forfeited = await testApp.modules.bonus.forfeit(
      claim.bonusId as number,
      'abuse found',
      async () => {},
    );
    expect(forfeited.status).toBe('forfeited');
    expect(await budgetBalance(testApp, created.id)).toBe(0);
    expect((await systemBalance(testApp, 'house')) - houseBefore).toBe(1_000);
    expect(await moneyOf(testApp, member)).toEqual({ main: 0, bonus: 0 });
  });
});
