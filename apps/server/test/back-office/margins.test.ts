import { type AuditEntry, matchMarketOptions } from '@sb/contract';
import { fromOddsUnits, memberOdds } from '@sb/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMatch } from '../match/helpers';
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
  type Pick,
  placeBet,
  single,
  type TestMember,
} from '../orders/helpers';
import type { TestApp } from '../test-app';

/**
 * The book's margins per sport and play: a trader's margin lowers the prices members are shown
 * and bet at, a bet at the old price is a price change, a play's own margin outranks its
 * sport's, and each change is audited.
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
  member = await fundedMember(testApp, 100_000);
});
afterAll(() => testApp.close());

interface SetAnswer {
  sportId: number;
  playId: number;
  margin: number | null;
  applied: boolean;
}

const setMargin = (fields: Record<string, unknown>, bearer = trader) =>
  adminCall<SetAnswer>(testApp, '/admin/api/trading/margins/set', { bearer, fields });

/** The decimal price the member is shown for the pick's outcome now. */
async function shownOdds(pick: Pick): Promise<number> {
  const answer = await callMatch(testApp, matchMarketOptions, member.auth, {
    matchId: pick.event.fixture.eventId,
    playId: pick.market.playId,
  });
  const option = answer.z[pick.market.playId]?.[pick.market.specifiers]?.find(
    (entry) => entry.oi === pick.optId,
  );
  if (!option) throw new Error(`no option ${pick.optId} in the market options`);
  return option.o;
}

const feedOddsOf = (pick: Pick) => {
  const outcome = pick.market.outcomes.find((entry) => entry.id === pick.outcomeId);
  if (!outcome) throw new Error('no outcome');
  return fromOddsUnits(outcome.odds);
};

describe('book margins', () => {
  it('lowers the shown odds, and a bet at the old price is a price change', async () => {
    const pick = book.pick(book.preMatchAt(0));
    const sportId = pick.event.fixture.sportId;
    const before = await shownOdds(pick);
    expect(before).toBe(pick.odds);

    const set = await setMargin({ sportId, margin: 40, reason: 'cup weekend' });
    expect(set, set.msg).toMatchObject({
      code: 0,
      data: { sportId, playId: 0, margin: 40, applied: true },
    });
    const expected = memberOdds(feedOddsOf(pick), pick.market.playId, [0, 0, 0], 40);
    expect(expected).toBeLessThan(before);
    expect(await shownOdds(pick)).toBe(expected);

    // The old price is no longer on offer: only-better and exact refuse it, nothing is held.
    const balance = await balanceOf(testApp, member.userId, cny.currencyId);
    expectRefused(await placeBet(testApp, member, single(pick, 1_000)), 7005);
    expectRefused(await placeBet(testApp, member, single(pick, 1_000, { acceptOdds: 2 })), 7005);
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual(balance);
    // At the shown price the bet is struck at it.
    const placed = expectOk(
      await placeBet(testApp, member, {
        ...single(pick, 1_000),
        selections: [{ optId: pick.optId, odds: expected }],
      }),
    );
    expect(placed.legs[0]?.odds).toBe(Math.round(expected * 10_000));

    // A margin of the play's own outranks the sport's; clearing it gives the sport's back.
    expectOk(await setMargin({ sportId, playId: pick.market.playId, margin: 0, reason: 'x' }));
    expect(await shownOdds(pick)).toBe(before);
    expectOk(await setMargin({ sportId, playId: pick.market.playId, clear: true, reason: 'y' }));
    expect(await shownOdds(pick)).toBe(expected);
    const again = await setMargin({ sportId, margin: 40, reason: 'same' });
    expect(again).toMatchObject({ code: 0, data: { applied: false } });

    const list = await adminCall<{
      records: { sportId: number; playId: number; margin: number }[];
    }>(testApp, '/admin/api/trading/margins', { bearer: trader, fields: { sportId } });
    expect(list.data.records).toEqual([
      expect.objectContaining({ sportId, playId: 0, margin: 40 }),
    ]);

    expectOk(await setMargin({ sportId, clear: true, reason: 'cup over' }));
    expect(await shownOdds(pick)).toBe(before);

    const audit = await adminCall<{ entries: AuditEntry[] }>(testApp, '/admin/api/audit/list', {
      bearer: admin,
      fields: { targetType: 'margin', targetId: `${sportId}:0` },
    });
    expect(audit.data.entries.map((entry) => entry.action)).toEqual(['margin.clear', 'margin.set']);
    expect(audit.data.entries[1]).toMatchObject({
      reason: 'cup weekend',
      before: null,
      after: { sportId, playId: 0, margin: 40 },
    });
    expect(audit.data.entries[0]).toMatchObject({ before: { margin: 40 }, after: null });
  });

  it('refuses bad margins and callers without the trader role', async () => {
    const sportId = book.preMatchAt(1).fixture.sportId;
    for (const fields of [
      { sportId, margin: 201 },
      { sportId, margin: -51 },
      { sportId },
      { sportId, margin: 10, clear: true },
    ]) {
      const answer = await setMargin({ ...fields, reason: 'x' });
      expectRefused(answer, 1000);
      expect(answer.msg).toContain('margin');
    }
    expectRefused(await setMargin({ sportId, margin: 10, reason: 'x' }, finance), 6005);
    const asMember: Answer = await testApp.call('/admin/api/trading/margins/set', {
      ...member.auth,
      sportId,
      margin: 10,
      reason: 'x',
    });
    expectRefused(asMember, 6004);
    const list = await adminCall<{ records: unknown[] }>(testApp, '/admin/api/trading/margins', {
      bearer: trader,
    });
    expect(list.data.records).toEqual([]);
  });
});
