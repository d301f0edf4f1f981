import {
  type CollectionOrder,
  collectionCancel,
  collectionCreate,
  collectionOrder,
  collectionOrderSchema,
} from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/app-error';
import {
  type CollectionService,
  createCollectionService,
} from '../../src/modules/deposits/collection.service';
import { createLedger } from '../../src/modules/ledger/ledger.service';
import { expectOk, expectRefused } from '../identity/helpers';
import {
  balanceOf,
  countDepositRows,
  createDepositsTestApp,
  type DepositsTestApp,
  depositRecords,
  expectLedgerBalanced,
  newMember,
} from './helpers';

let testApp: DepositsTestApp;
/** The operators' side, over the same database and clock as the server. */
let operator: CollectionService;
beforeAll(async () => {
  testApp = await createDepositsTestApp();
  operator = createCollectionService({
    db: testApp.database.db,
    ledger: createLedger(testApp.database.db),
    now: () => new Date(testApp.serverNow()),
  });
});
afterAll(() => testApp.close());

type Member = Awaited<ReturnType<typeof newMember>>;
const bankOrder = { scale: 2, payTypeId: 201, amount: 50_000 };

const create = (member: Member, fields: Record<string, unknown> = bankOrder) =>
  testApp.call<CollectionOrder>(collectionCreate.path, { ...member.auth, ...fields });
const pending = (member: Member) =>
  testApp.call<CollectionOrder | null>(collectionOrder.path, member.auth);
const cancel = (member: Member, orderNo: string) =>
  testApp.call(collectionCancel.path, { ...member.auth, orderNo, lang: 'en' });

async function statusOf(member: Member, orderNo: string) {
  return (await depositRecords(testApp, member.auth)).find((record) => record.orderNo === orderNo);
}

describe('/app/api/collection/create and /order', () => {
  it('creates a bank-card order with SPEC §3 fields and answers it as the pending order', async () => {
    const member = await newMember(testApp);
    expect(expectOk(await pending(member))).toBeNull();
    const before = testApp.serverNow();
    const order = collectionOrderSchema.strict().parse(expectOk(await create(member)));
    expect(order).toMatchObject({
      amount: 50_000,
      scale: 2,
      showType: 1,
      shop: null,
      receiptCode: null,
    });
    expect(order.cardholder).toBeTruthy();
    expect(order.bank).toBeTruthy();
    expect(order.bankNo).toMatch(/^\d+$/);
    expect(order.note).toMatch(/^\d{6}$/);
    expect(order.expireTime).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(order.expireTime).toBeLessThanOrEqual(testApp.serverNow() + 30 * 60_000);
    expect(expectOk(await pending(member))).toEqual(order);
    expect(await statusOf(member, order.orderNo)).toMatchObject({
      status: 1,
      type: 2,
      merchantCode: 2,
    });
  });

  it('names a shop and its receipt QR for shop pay types', async () => {
    const member = await newMember(testApp);
    const order = expectOk(await create(member, { scale: 2, payTypeId: 202, amount: 10_000 }));
    expect(order).toMatchObject({ showType: 2, cardholder: null, bank: null, bankNo: null });
    expect(order.shop).toBeTruthy();
    expect(order.receiptCode).toMatch(/^https:\/\//);
  });

  it('allows one unpaid order per member, even when creations race', async () => {
    const member = await newMember(testApp);
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(member)));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === 5103)).toHaveLength(7);
    const before = await countDepositRows(testApp);
    expectRefused(await create(member, { ...bankOrder, amount: 60_000 }), 5103);
    expect(await countDepositRows(testApp)).toEqual(before);
  });

  it('makes one order for one idempotency key and refuses the key for another request', async () => {
    const member = await newMember(testApp);
    const fields = { ...bankOrder, idempotencyKey: 'collection-key' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(member, fields)));
    const orderNos = new Set(answers.map((answer) => expectOk(answer).orderNo));
    expect(orderNos.size).toBe(1);
    expectRefused(await create(member, { ...fields, amount: 70_000 }), 1005);
    expectRefused(await create(member, { ...fields, payTypeId: 202 }), 1005);
  });

  it('applies the amount rules and refuses pay types that are not type 2, creating nothing', async () => {
    const member = await newMember(testApp);
    const before = await countDepositRows(testApp);
    const range = await create(member, { ...bankOrder, amount: 9_999, lang: 'en' });
    expectRefused(range, 5101);
    expect(range.msg).toBe('Deposit amount out of range: 100.00 ~ 50000.00 CNY');
    expectRefused(await create(member, { ...bankOrder, scale: 3 }), 1000);
    expectRefused(await create(member, { ...bankOrder, amount: '050000' }), 1000);
    expectRefused(await create(member, { ...bankOrder, amount: 500.5 }), 1000);
    expectRefused(await create(member, { ...bankOrder, payTypeId: 301 }), 5100);
    expect(await countDepositRows(testApp)).toEqual(before);
  });
});

describe('/app/api/collection/cancel', () => {
  it("cancels the member's unpaid order; again is harmless; others' orders answer as missing", async () => {
    const member = await newMember(testApp);
    const other = await newMember(testApp);
    const { orderNo } = expectOk(await create(member));
    const foreign = await cancel(other, orderNo);
    const unknown = await cancel(other, 'D20250101000000000');
    expectRefused(foreign, 5102);
    expect(foreign).toEqual(unknown);
    expect(await statusOf(member, orderNo)).toMatchObject({ status: 1 });
    expectOk(await cancel(member, orderNo));
    expectOk(await cancel(member, orderNo));
    expect(await statusOf(member, orderNo)).toMatchObject({ status: 4 });
    expect(expectOk(await pending(member))).toBeNull();
    expectOk(await create(member));
  });
});

describe('expiry', () => {
  it('turns an unpaid order past its expiry into system-cancelled and frees the member', async () => {
    const member = await newMember(testApp);
    const { orderNo } = expectOk(await create(member));
    testApp.advanceClock(29 * 60_000);
    expect(expectOk(await pending(member))?.orderNo).toBe(orderNo);
    testApp.advanceClock(2 * 60_000);
    expect(expectOk(await pending(member))).toBeNull();
    expect(await statusOf(member, orderNo)).toMatchObject({
      status: 5,
      remark: 'Expired before payment',
    });
    const next = expectOk(await create(member));
    expect(next.orderNo).not.toBe(orderNo);
    expectOk(await cancel(member, orderNo));
  });
});

describe('operator review (service level)', () => {
  it('confirms an order by crediting the member once, however many confirms race', async () => {
    const member = await newMember(testApp);
    const { orderNo } = expectOk(await create(member, { ...bankOrder, amount: 88_800 }));
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => operator.confirmCollection({ orderNo, operator: 'op-1' })),
    );
    expect(outcomes.every(({ record }) => record.status === 2)).toBe(true);
    expect(await balanceOf(testApp, member.auth, 'CNY')).toBe(88_800);
    expect(await statusOf(member, orderNo)).toMatchObject({ status: 2, toAmount: 88_800 });
    await expect(
      operator.rejectCollection({ orderNo, operator: 'op-2', reason: 'late' }),
    ).rejects.toMatchObject({
      errorName: 'DEPOSIT_ORDER_CLOSED',
    });
    expectRefused(await cancel(member, orderNo), 5104);
    expect(await balanceOf(testApp, member.auth, 'CNY')).toBe(88_800);
  });

  it('turns an order down with a reason the member sees, and never credits it', async () => {
    const member = await newMember(testApp);
    const { orderNo } = expectOk(await create(member));
    await expect(
      operator.rejectCollection({ orderNo, operator: 'op-1', reason: '  ' }),
    ).rejects.toBeInstanceOf(AppError);
    const record = await operator.rejectCollection({
      orderNo,
      operator: 'op-1',
      reason: 'No transfer received',
    });
    expect(record).toMatchObject({ status: 6, remark: 'No transfer received' });
    expect(await statusOf(member, orderNo)).toMatchObject({
      status: 6,
      remark: 'No transfer received',
    });
    await expect(operator.confirmCollection({ orderNo, operator: 'op-1' })).rejects.toMatchObject({
      errorName: 'DEPOSIT_ORDER_CLOSED',
    });
    expect(await balanceOf(testApp, member.auth, 'CNY')).toBe(0);
  });

  it('credits a cancelled or lapsed order an operator finds paid', async () => {
    const member = await newMember(testApp);
    const { orderNo } = expectOk(await create(member, { ...bankOrder, amount: 12_300 }));
    expectOk(await cancel(member, orderNo));
    await operator.confirmCollection({ orderNo, operator: 'op-3' });
    expect(await balanceOf(testApp, member.auth, 'CNY')).toBe(12_300);
  });

  it('answers unknown and non-collection orders as missing', async () => {
    await expect(
      operator.confirmCollection({ orderNo: 'D0', operator: 'op' }),
    ).rejects.toMatchObject({
      errorName: 'DEPOSIT_ORDER_NOT_FOUND',
    });
    const member = await newMember(testApp);
    await testApp.call('/app/api/deposit/create', {
      ...member.auth,
      scale: 2,
      payTypeId: 301,
      amount: 5_000,
    });
    const [hosted] = await depositRecords(testApp, member.auth);
    await expect(
      operator.confirmCollection({ orderNo: hosted?.orderNo ?? '', operator: 'op' }),
    ).rejects.toMatchObject({ errorName: 'DEPOSIT_ORDER_NOT_FOUND' });
  });

  it('leaves the ledger balanced after every movement of this file', async () => {
    await expectLedgerBalanced(testApp);
  });
});
