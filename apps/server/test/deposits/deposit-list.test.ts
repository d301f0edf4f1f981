import { collectionCreate, depositCreate, depositList, depositRecordSchema } from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, expectRefused } from '../identity/helpers';
import { createDepositsTestApp, type DepositsTestApp, newMember } from './helpers';

let testApp: DepositsTestApp;
let member: Awaited<ReturnType<typeof newMember>>;
beforeAll(async () => {
  testApp = await createDepositsTestApp();
  member = await newMember(testApp);
  // Twelve hosted orders a minute apart on the server's clock, then one collection order.
  for (let index = 0; index < 12; index += 1) {
    expectOk(
      await testApp.call(depositCreate.path, {
        ...member.auth,
        scale: 2,
        payTypeId: 301,
        amount: 1_000 + index,
      }),
    );
    testApp.advanceClock(60_000);
  }
  expectOk(
    await testApp.call(collectionCreate.path, {
      ...member.auth,
      scale: 2,
      payTypeId: 201,
      amount: 30_000,
    }),
  );
});
afterAll(() => testApp.close());

type Page = { records: ReturnType<typeof depositRecordSchema.parse>[]; total: number };
const list = (fields: Record<string, unknown> = {}) =>
  testApp.call<Page>(depositList.path, { ...member.auth, ...fields });

describe('/app/api/deposit/list', () => {
  it('answers ten records by default, newest first, with the total and SPEC §3 fields', async () => {
    const page = expectOk(await list());
    expect(page.total).toBe(13);
    expect(page.records).toHaveLength(10);
    for (const record of page.records)
      expect(depositRecordSchema.strict().parse(record)).toEqual(record);
    expect(page.records[0]).toMatchObject({ type: 2, merchantCode: 2, status: 1, amount: 30_000 });
    expect(page.records[1]).toMatchObject({
      type: 3,
      status: 0,
      amount: 1_011,
      fromCurrency: 'CNY',
      toCurrency: 'CNY',
      payTypeName: 'E-wallet',
      txHash: null,
    });
    const times = page.records.map((record) => record.createTime);
    expect([...times].sort((left, right) => right - left)).toEqual(times);
  });

  it('pages through the rest', async () => {
    const second = expectOk(await list({ page: 2 }));
    expect(second.records.map((record) => record.amount)).toEqual([1_002, 1_001, 1_000]);
    expect(expectOk(await list({ page: 3 })).records).toEqual([]);
    expect(expectOk(await list({ size: 5, page: 2 })).records).toHaveLength(5);
  });

  it('filters by creation time, both ends included', async () => {
    const all = expectOk(await list({ size: 100 })).records;
    const timeOf = (amount: number) => all.find((record) => record.amount === amount)?.createTime;
    const first = timeOf(1_000);
    const third = timeOf(1_002);
    const range = expectOk(await list({ startTime: first, endTime: third }));
    expect(range.total).toBe(3);
    expect(range.records.map((record) => record.amount)).toEqual([1_002, 1_001, 1_000]);
    expect(expectOk(await list({ startTime: testApp.serverNow() + 60_000 })).total).toBe(0);
  });

  it("shows only the member's own deposits", async () => {
    const other = await newMember(testApp);
    expect(expectOk(await testApp.call<Page>(depositList.path, other.auth))).toEqual({
      records: [],
      total: 0,
    });
  });

  it('refuses bad paging and a reversed range by name', async () => {
    for (const [fields, field] of [
      [{ size: 0 }, 'size'],
      [{ size: 101 }, 'size'],
      [{ page: 0 }, 'page'],
      [{ startTime: -1 }, 'startTime'],
      [{ startTime: 2_000, endTime: 1_000 }, 'startTime'],
    ] as const) {
      const answer = await list(fields);
      expectRefused(answer, 1000);
      expect(answer.msg).toContain(field);
    }
  });
});
