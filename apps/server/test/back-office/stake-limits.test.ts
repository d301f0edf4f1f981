import {
  type AuditEntry,
  type MemberLimits,
  memberLimits,
  orderAmountLimit,
  type StakeLimitPolicyView,
} from '@sb/contract';
import { openPayload, sealPayload } from '@sb/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, roleTokens } from '../operators/helpers';
import {
  type Answer,
  type Book,
  balanceOf,
  cny,
  createOrdersTestApp,
  expectOk,
  expectRefused,
  fundedMember,
  placeBet,
  single,
  type TestMember,
} from '../orders/helpers';
import type { TestApp } from '../test-app';

/**
 * Stake limits edited on the trading desk: the defaults a fresh site starts from, a change that
 * placement and the member's limit calls follow at once, its audit entry, and the refusals.
 */

let testApp: TestApp;
let book: Book;
let trader: string;
let finance: string;
let admin: string;
let member: TestMember;

beforeAll(async () => {
  const created = await createOrdersTestApp();
  ({ testApp, book } = created);
  const now = created.feed.now().getTime();
  ({ trader, finance, admin } = await roleTokens(testApp, now));
  member = await fundedMember(testApp, 1_000_000);
});
afterAll(() => testApp.close());

const read = async () => {
  const answer = await adminCall<StakeLimitPolicyView>(testApp, '/admin/api/trading/limits', {
    bearer: trader,
  });
  expect(answer, answer.msg).toMatchObject({ code: 0 });
  return answer.data;
};

const change = (fields: Record<string, unknown>, bearer = trader) =>
  adminCall<StakeLimitPolicyView>(testApp, '/admin/api/trading/limits/set', { bearer, fields });

const cnyOf = (view: StakeLimitPolicyView) =>
  view.currencies.find((entry) => entry.currencyCode === 'CNY');

async function amountLimit(optId: string, betType = 0, more: string[] = []) {
  const data = await sealPayload(member.auth.token, {
    betType,
    selections: [optId, ...more].map((id) => ({ optId: id })),
  });
  const answer = await testApp.call<string>(orderAmountLimit.path, { ...member.auth, data });
  expect(answer, answer.msg).toMatchObject({ code: 0 });
  return (await openPayload(member.auth.token, answer.data)) as {
    minStake: number;
    maxStake: number;
  };
}

async function memberLimitOf(sportId: number, playId: number) {
  const answer = await testApp.call<MemberLimits>(memberLimits.path, member.auth);
  expect(answer, answer.msg).toMatchObject({ code: 0 });
  return answer.data.limits.find((entry) => entry.sportId === sportId && entry.playId === playId);
}

describe('stake limits', () => {
  it('starts from the built-in policy', async () => {
    const view = await read();
    expect(cnyOf(view)).toMatchObject({ minStake: 100, maxStake: 5_000_000, scale: 2 });
    expect(view.currencies.find((entry) => entry.currencyCode === 'BTC')).toMatchObject({
      minStake: 10_000,
      maxStake: 50_000_000,
    });
    expect(view).toMatchObject({
      playShares: [
        { playId: 8, share: 5_000 },
        { playId: 9, share: 5_000 },
        { playId: 10, share: 5_000 },
        { playId: 25, share: 5_000 },
      ],
      outrightShare: 2_000,
      liveShare: 5_000,
      parlayShare: 5_000,
      updatedAt: null,
      updatedBy: null,
    });
  });

  it('changes what placement accepts and what the limit calls answer, with an audit entry', async () => {
    const pick = book.pick(book.preMatchAt(0));
    const other = book.pick(book.preMatchAt(1));
    const sportId = pick.event.fixture.sportId;
    expectOk(await placeBet(testApp, member, single(pick, 300)));

    const changed = await change({
      currencies: [{ currencyId: cny.currencyId, minStake: 500, maxStake: 20_000 }],
      parlayShare: 2_500,
      reason: 'tighter limits for the cup',
    });
    expect(changed, changed.msg).toMatchObject({ code: 0, data: { parlayShare: 2_500 } });
    expect(cnyOf(changed.data)).toMatchObject({ minStake: 500, maxStake: 20_000 });
    expect(changed.data.updatedAt).toEqual(expect.any(Number));
    // Other currencies keep their range.
    expect(changed.data.currencies.find((entry) => entry.currencyCode === 'USD')).toMatchObject({
      minStake: 100,
      maxStake: 1_000_000,
    });

    const balance = await balanceOf(testApp, member.userId, cny.currencyId);
    expectRefused(await placeBet(testApp, member, single(pick, 300)), 7006);
    const tooMuch = await placeBet(testApp, member, single(pick, 20_001));
    expectRefused(tooMuch, 7006);
    expect(tooMuch.msg).toContain('5.00 ~ 200.00');
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual(balance);
    expectOk(await placeBet(testApp, member, single(pick, 20_000)));

    expect(await amountLimit(pick.optId)).toMatchObject({ minStake: 500, maxStake: 20_000 });
    expect(await amountLimit(pick.optId, 1, [other.optId])).toMatchObject({
      minStake: 500,
      maxStake: 5_000,
    });
    expect(await memberLimitOf(sportId, 3)).toMatchObject({
      single: { min: 500, max: 20_000 },
      parlay: { min: 500, max: 5_000 },
      liveParlay: { min: 500, max: 2_500 },
    });

    const entries = await adminCall<{ entries: AuditEntry[] }>(testApp, '/admin/api/audit/list', {
      bearer: admin,
      fields: { action: 'stake_limits.update' },
    });
    expect(entries.data.entries).toHaveLength(1);
    expect(entries.data.entries[0]).toMatchObject({
      reason: 'tighter limits for the cup',
      targetType: 'stake_limits',
      targetId: 'book',
      before: { currencies: { CNY: { minMinor: 100, maxMinor: 5_000_000 } }, parlayShare: 5_000 },
      after: { currencies: { CNY: { minMinor: 500, maxMinor: 20_000 } }, parlayShare: 2_500 },
    });
  });

  it('replaces the play shares when sent', async () => {
    const changed = await change({
      playShares: [{ playId: 3, share: 1_000 }],
      reason: '1X2 exposure',
    });
    expect(changed, changed.msg).toMatchObject({
      code: 0,
      data: { playShares: [{ playId: 3, share: 1_000 }] },
    });
    const pick = book.pick(book.preMatchAt(2));
    expect(await amountLimit(pick.optId)).toMatchObject({ maxStake: 2_000 });
    expectRefused(await placeBet(testApp, member, single(pick, 2_001)), 7006);
  });

  it('refuses bad values and callers without the trader role, changing nothing', async () => {
    const before = await read();
    const cases: [Record<string, unknown>, string][] = [
      [{ currencies: [{ currencyId: cny.currencyId, minStake: 500, maxStake: 400 }] }, 'maxStake'],
      [{ currencies: [{ currencyId: 999, minStake: 1, maxStake: 2 }] }, 'currencyId'],
      [
        {
          currencies: [
            { currencyId: cny.currencyId, minStake: 1, maxStake: 2 },
            { currencyId: cny.currencyId, minStake: 1, maxStake: 3 },
          ],
        },
        'twice',
      ],
      [{ playShares: [{ playId: 21_000, share: 100 }] }, 'playId'],
      [{ liveShare: 0 }, 'liveShare'],
      [{ parlayShare: 10_001 }, 'parlayShare'],
      [{ currencies: [{ currencyId: cny.currencyId, minStake: 1, maxStake: 2, x: 1 }] }, 'x'],
    ];
    for (const [fields, field] of cases) {
      const answer = await change({ ...fields, reason: 'x' });
      expectRefused(answer, 1000);
      expect(answer.msg).toContain(field);
    }
    expectRefused(await change({ liveShare: 100 }), 1000);
    expectRefused(await change({ liveShare: 100, reason: 'x' }, finance), 6005);
    const asMember: Answer = await testApp.call('/admin/api/trading/limits/set', {
      ...member.auth,
      liveShare: 100,
      reason: 'x',
    });
    expectRefused(asMember, 6004);
    expect(await read()).toEqual(before);
  });
});
