import { type WithdrawRecord, withdrawList } from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContractOutput } from '../identity/helpers';
import { createTestApp, type TestApp } from '../test-app';
import {
  createWithdrawal,
  expectOk,
  expectRefused,
  orderNoOf,
  readyMember,
  reviewServiceOf,
} from './helpers';

const minuteMs = 60_000;
const startMs = Date.now();
let clockMs = startMs;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ now: () => new Date(clockMs) });
});
afterAll(() => testApp.close());

type Page = { records: WithdrawRecord[]; total: number };

describe('/app/api/withdraw/list (getWithdrawList)', () => {
  it('pages newest first, 10 by default, filters by time and refuses bad ranges', async () => {
    const member = await readyMember(testApp, 10_000_000);
    const orderNos: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      clockMs = startMs + index * minuteMs;
      const answer = await createWithdrawal(testApp, member, { amount: 10_000 + index });
      orderNos.push(orderNoOf(expectOk(answer)));
    }
    const call = async (fields: Record<string, unknown>) =>
      expectContractOutput(
        withdrawList,
        expectOk(await testApp.call<Page>(withdrawList.path, { ...member.auth, ...fields })),
      );

    const first = await call({});
    expect(first.total).toBe(12);
    expect(first.records.map((record) => record.orderNo)).toEqual(orderNos.slice(2).reverse());
    expect(first.records[0]).toMatchObject({ amount: 10_011, createTime: startMs + 11 * minuteMs });
    const second = await call({ page: 2 });
    expect(second.records.map((record) => record.orderNo)).toEqual(orderNos.slice(0, 2).reverse());
    expect((await call({ page: 3 })).records).toEqual([]);
    expect((await call({ size: 5, page: 2 })).records.map((record) => record.amount)).toEqual([
      10_006, 10_005, 10_004, 10_003, 10_002,
    ]);

    const window = await call({
      startTime: startMs + 3 * minuteMs,
      endTime: startMs + 5 * minuteMs,
    });
    expect(window.total).toBe(3);
    expect(window.records.map((record) => record.amount)).toEqual([10_005, 10_004, 10_003]);
    expect((await call({ startTime: startMs + 11 * minuteMs })).total).toBe(1);
    expect((await call({ endTime: startMs - 1 })).total).toBe(0);

    const reversed = await testApp.call(withdrawList.path, {
      ...member.auth,
      startTime: startMs + minuteMs,
      endTime: startMs,
    });
    expectRefused(reversed, 1000);
    expect(reversed.msg).toContain('startTime: must not be after endTime');
    for (const [field, value] of [
      ['size', 0],
      ['size', 101],
      ['page', 0],
      ['startTime', -1],
      ['endTime', 9e15],
    ] as const) {
      const answer = await testApp.call(withdrawList.path, { ...member.auth, [field]: value });
      expectRefused(answer, 1000);
      expect(answer.msg).toContain(field);
    }
  });

  it("shows only the member's own withdrawals, with the operator's reason when turned down", async () => {
    clockMs = startMs;
    const member = await readyMember(testApp, 100_000);
    const other = await readyMember(testApp, 100_000);
    const orderNo = orderNoOf(expectOk(await createWithdrawal(testApp, member)));
    expectOk(await createWithdrawal(testApp, other));
    await reviewServiceOf(testApp).review({
      target: { orderNo },
      decision: 'reject',
      reason: 'card is closed',
      operatorId: 1,
    });
    const page = expectOk(await testApp.call<Page>(withdrawList.path, member.auth));
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ orderNo, status: 4, remark: 'card is closed' });
  });
});
