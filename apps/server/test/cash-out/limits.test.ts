import {
  type AmountLimit,
  errorCatalogue,
  type MemberLimits,
  memberLimits,
  orderAmountLimit,
} from '@sb/contract';
import { openPayload, sealPayload } from '@sb/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  type Book,
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

let testApp: TestApp;
let book: Book;
let member: TestMember;
beforeAll(async () => {
  ({ testApp, book } = await createOrdersTestApp());
  member = await fundedMember(testApp, 123_456);
});
afterAll(() => testApp.close());

/** Asks amount/limit as the web client does: the slip sealed into `data`, the answer sealed. */
async function askLimit(slip: unknown): Promise<Answer<unknown>> {
  const data = await sealPayload(member.auth.token, slip);
  return testApp.call(orderAmountLimit.path, { ...member.auth, data });
}

describe('order/amount/limit', () => {
  it('answers the table’s range for a pre-match single, sealed with the token', async () => {
    const pick = book.pick(book.preMatchAt(0));
    const answer = await askLimit({ betType: 0, selections: [{ optId: pick.optId }] });
    expect(answer.code).toBe(0);
    // Sealed: a string on the wire that opens with the member's token only.
    expect(typeof answer.data).toBe('string');
    expect(await openPayload('not-the-token', answer.data as string)).toEqual({});
    const limit = (await openPayload(member.auth.token, answer.data as string)) as AmountLimit;
    expect(limit).toEqual({
      minStake: 100,
      maxStake: 5_000_000,
      balance: 123_456,
      scale: 2,
      currencyId: cny.currencyId,
      currencyCode: 'CNY',
    });
  });

  it('halves the maximum for a parlay and for a live bet, and counts held stakes out', async () => {
    const picks = [book.pick(book.preMatchAt(1)), book.pick(book.preMatchAt(2))];
    const parlayAnswer = await askLimit({
      betType: 1,
      selections: picks.map((pick) => ({ optId: pick.optId, odds: pick.odds })),
    });
    expect(await openPayload(member.auth.token, parlayAnswer.data as string)).toMatchObject({
      minStake: 100,
      maxStake: 2_500_000,
    });
    const live = book.pick(book.liveAt(0));
    const liveAnswer = await askLimit({ betType: 0, selections: [{ optId: live.optId }] });
    expect(await openPayload(member.auth.token, liveAnswer.data as string)).toMatchObject({
      maxStake: 2_500_000,
    });
    expectOk(await placeBet(testApp, member, single(picks[0] ?? live, 3_456)));
    const after = await askLimit({ betType: 0, selections: [{ optId: live.optId }] });
    expect(await openPayload(member.auth.token, after.data as string)).toMatchObject({
      balance: 120_000,
    });
  });

  it('refuses a slip that breaks the rules or does not open, naming the field', async () => {
    const pick = book.pick(book.preMatchAt(3));
    const twoOnOne = await askLimit({
      betType: 0,
      selections: [{ optId: pick.optId }, { optId: pick.optId }],
    });
    expectRefused(twoOnOne, 1000);
    expect(twoOnOne.msg).toContain('data.selections');
    const unknown = await askLimit({ betType: 0, stakeX: 1, selections: [{ optId: pick.optId }] });
    expectRefused(unknown, 1000);
    expect(unknown.msg).toContain('data.stakeX');
    const unsealed = await testApp.call(orderAmountLimit.path, { ...member.auth, data: 'garbage' });
    expectRefused(unsealed, 1000);
    expect(unsealed.msg).toContain('did not open');
    book.suspend(pick.event);
    expectRefused(await askLimit({ betType: 0, selections: [{ optId: pick.optId }] }), 7004);
  });
});

describe('member/limits', () => {
  it('answers every sport and play of the book with the table’s ranges', async () => {
    const limits = expectOk(
      await testApp.call<MemberLimits>(memberLimits.path, { ...member.auth }),
    );
    expect(limits).toMatchObject({ scale: 2, currencyId: cny.currencyId, currencyCode: 'CNY' });
    const event = book.preMatchAt(0);
    const winner = limits.limits.find(
      (entry) => entry.sportId === event.fixture.sportId && entry.playId === 3,
    );
    expect(winner).toEqual({
      sportId: event.fixture.sportId,
      playId: 3,
      single: { min: 100, max: 5_000_000 },
      parlay: { min: 100, max: 2_500_000 },
      liveSingle: { min: 100, max: 2_500_000 },
      liveParlay: { min: 100, max: 1_250_000 },
    });
    const correctScore = limits.limits.find((entry) => entry.playId === 8);
    if (correctScore) expect(correctScore.single).toEqual({ min: 100, max: 2_500_000 });
    const keys = limits.limits.map((entry) => `${entry.sportId}|${entry.playId}`);
    expect(new Set(keys).size).toBe(keys.length);
    expectRefused(
      await testApp.call(memberLimits.path, { ...member.auth, currencyId: 99 }),
      errorCatalogue.CURRENCY_NOT_ALLOWED.code,
    );
  });
});
