import { errorCatalogue, orderStatus } from '@sb/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPicker } from '../bonus/helpers';
import { operatorToken } from '../operators/helpers';
import {
  createSettlementTestApp,
  expectLedgerBalanced,
  fundedMember,
  type Pick,
  placeBet,
  single,
} from '../settlement/helpers';
import type { TestApp } from '../test-app';
import {
  activityFields,
  activityPost,
  createActivity,
  placeSpecial,
  reservationsOf,
  specialRule,
} from './activity-helpers';
import { deskAction, ok } from './helpers';

/**
 * A special bet is placed as order-create places a bet: counted against the member's order
 * rate (a special bet is no way round it), and after it commits handled as order-create's
 * (the `H` events, the balance push, a live bet's delay), through the orders module's own hook.
 */
const burst = 3;
let results: Awaited<ReturnType<typeof createSettlementTestApp>>;
let testApp: TestApp;
let pickAt: (min: number, max?: number) => Pick;
let finance: string;
let nowMs: () => number;

beforeAll(async () => {
  results = await createSettlementTestApp({ orderRate: { burst, perMinute: 1 } });
  testApp = results.testApp;
  pickAt = createPicker(results.book);
  nowMs = () => results.feed.now().getTime();
  finance = await operatorToken(testApp, ['finance'], nowMs());
});
afterEach(() => expectLedgerBalanced(testApp));
afterAll(() => testApp.close());

describe('a special bet and the order rate', () => {
  it('counts against the same allowance as order-create, and a refused one reserves nothing', async () => {
    const pick = pickAt(1.5);
    const postId = await activityPost(testApp);
    const activity = ok(
      await createActivity(
        testApp,
        finance,
        activityFields(nowMs(), postId, specialRule(pick, 5_000, 10_000)),
      ),
    );
    ok(await deskAction(testApp, finance, 'fund', activity.id));
    const member = await fundedMember(testApp, 100_000);
    // The allowance spent on order-create but for one bet, which the special bet takes.
    for (let placed = 0; placed < burst - 1; placed += 1)
      expect((await placeBet(testApp, member, single(pick, 1_000))).code).toBe(0);
    const special = ok(await placeSpecial(testApp, member, activity.id, pick, 1_000));
    expect(special.order.status).toBe(orderStatus.accepted);
    expect(await reservationsOf(testApp, activity.id)).toHaveLength(1);
    // Both calls are refused now: the special bet spent the last of the allowance.
    const refused = await placeSpecial(testApp, member, activity.id, pick, 1_000);
    expect(refused.code).toBe(errorCatalogue.RATE_LIMITED.code);
    expect((await placeBet(testApp, member, single(pick, 1_000))).code).toBe(
      errorCatalogue.RATE_LIMITED.code,
    );
    expect(await reservationsOf(testApp, activity.id)).toHaveLength(1);
    // Another member's allowance is their own.
    const bystander = await fundedMember(testApp, 10_000);
    ok(await placeSpecial(testApp, bystander, activity.id, pick, 1_000));
  });
});
