import { envelopeCampaignCreate } from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database';
import { promotionBudget } from '../../src/modules/ledger/ledger.service';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { createPromotionsRepository } from '../../src/modules/promotions/promotions.repository';
import {
  createPromotionsService,
  type PromotionBonuses,
  type PromotionsService,
} from '../../src/modules/promotions/promotions.service';
import { createTestApp, type TestApp } from '../test-app';
import { budgetBalance, campaignFields, cny, newMember } from './helpers';

/**
 * Bonus money through the bonus module's need, with a stand-in for it: the grant is booked in
 * the grab's transaction as the bonus module books it (`bonus_grant`, budget → the member's
 * bonus), and what the promotions module asks of it is recorded.
 */
let testApp: TestApp;
let promotions: PromotionsService;
const grants: Parameters<PromotionBonuses['grantWithin']>[1][] = [];
const closedCampaigns: number[] = [];
let nextBonusId = 1;

beforeAll(async () => {
  testApp = await createTestApp();
  const { ledger, identity, operators } = testApp.modules;
  const bonus: PromotionBonuses = {
    async grantWithin(tx: Database, request) {
      await ledger.transferWithin(tx, {
        idempotencyKey: `bonus_grant:${request.key}`,
        kind: 'bonus_grant',
        postings: [
          {
            account: {
              systemCode: promotionBudget(String(request.campaignId)),
              currencyId: request.currencyId,
            },
            amount: -request.amount,
          },
          {
            account: { userId: request.userId, bucket: 'bonus', currencyId: request.currencyId },
            amount: request.amount,
          },
        ],
      });
      grants.push(request);
      return { bonusId: nextBonusId++, replayed: false };
    },
    async campaignClosedWithin(_tx, campaignId) {
      closedCampaigns.push(campaignId);
    },
    async figuresOf(ids) {
      return new Map(ids.map((id) => [id, { converted: 700, forfeited: 0, active: 300 }]));
    },
  };
  promotions = createPromotionsService({
    repository: createPromotionsRepository(testApp.database.db),
    ledger,
    identity,
    bonus,
    audit: operators.audit,
    publish: () => {},
    notifyBalanceChanged: async () => {},
    now: () => new Date(),
    onError: (error) => {
      throw error;
    },
  });
});
afterAll(async () => {
  await testApp.close();
});

const noAudit = () => async () => {};

describe('a bonus-money campaign', () => {
  it('grants each envelope through the bonus module in the grab, and tells it of the close', async () => {
    const fields = campaignFields({
      money: 'bonus',
      rolloverMultiple: 5,
      bonusDays: 7,
      maxStake: 20_000,
      total: 3_000,
      count: 3,
      minAmount: 1_000,
      maxAmount: 1_000,
    });
    const input = envelopeCampaignCreate.input.parse(fields);
    const created = await promotions.create(input, 1, undefined, noAudit);
    expect(created).toMatchObject({ money: 'bonus', rolloverMultiple: 5, bonusDays: 7 });
    const funded = await promotions.fund(created.id, async () => {});
    expect(funded.status).toBe('running');
    const member = await newMember(testApp);
    const user = {
      userId: member.userId,
      uid: member.auth.uid,
      memberId: member.userId,
      type: 1,
      tokenId: 0,
    } as never;
    const before = Date.now();
    const claim = await promotions.grab(user, created.id, 'bonus-key');
    expect(claim).toMatchObject({ amount: 1_000, money: 'bonus', bonusId: 1 });
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({
      key: `envelope:${created.id}:${member.userId}`,
      userId: member.userId,
      currencyId: cny.currencyId,
      campaignId: created.id,
      amount: 1_000,
      rolloverMultiple: 5,
      maxStake: 20_000,
    });
    const expiresAt = grants[0]?.expiresAt ?? 0;
    expect(expiresAt - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 1_000);
    expect(expiresAt - before).toBeLessThanOrEqual(7 * 86_400_000 + 60_000);
    // A retry answers the same envelope and grants nothing more.
    expect(await promotions.grab(user, created.id, 'bonus-key')).toEqual(claim);
    expect(grants).toHaveLength(1);
    const [balance] = await testApp.modules.ledger.memberBalances(member.userId);
    expect(balance).toMatchObject({ amount: 0, bonus: 1_000 });

    const closed = await promotions.close(created.id, async () => {});
    expect(closed.figures).toMatchObject({
      granted: 1_000,
      claimedCount: 1,
      converted: 700,
      active: 300,
      // Bonus money costs the house what converts, not what is granted.
      cost: 700,
      budgetLeft: 0,
    });
    expect(closedCampaigns).toEqual([created.id]);
    expect(await budgetBalance(testApp, created.id)).toBe(0);
    const result = await checkLedger(testApp.database.db);
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
  });
});
