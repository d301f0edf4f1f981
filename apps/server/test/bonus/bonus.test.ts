import {
  type Bonus,
  deskBonusForfeit,
  deskBonusList,
  errorCatalogue,
  memberBonusList,
} from '@sb/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bonusGrants } from '../../src/modules/bonus/bonus.schema';
import { ledgerTransactions } from '../../src/modules/ledger/ledger.schema';
import { EntityFundsShortError } from '../../src/modules/ledger/ledger.service';
import { operatorAuditLog } from '../../src/modules/operators/operators.schema';
import { adminCall, expectRefused, operatorToken } from '../operators/helpers';
import { cny, expectOk, fundedMember } from '../settlement/helpers';
import {
  betOn,
  bonusSuite,
  budgetOf,
  cashOutNow,
  closeCampaign,
  countedWagers,
  fundedCampaign,
  grant,
  grantRow,
  lost,
  moneyOf,
  rolloverPass,
  won,
} from './helpers';

const suite = bonusSuite();
let finance: string;

beforeAll(async () => {
  finance = await operatorToken(suite.testApp, ['finance'], suite.results.feed.now().getTime());
});

/** A pick the rollover counts (odds of 1.50 or more). */
const qualifying = () => suite.pickAt(1.6);

describe('a grant', () => {
  it('moves the amount from the budget to the bonus bucket once per key', async () => {
    const member = await fundedMember(suite.testApp, 0);
    const campaignId = await fundedCampaign(suite.testApp, 5_000);
    const key = `replayed-grant:${member.userId}`;
    const first = await grant(suite.testApp, member, campaignId, { key, amount: 2_000 });
    const again = await grant(suite.testApp, member, campaignId, { key, amount: 2_000 });
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ bonusId: first.bonusId, replayed: true });
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 0, bonus: 2_000 });
    expect(await budgetOf(suite.testApp, campaignId)).toBe(3_000);
    const row = await grantRow(suite.testApp, first.bonusId);
    expect(row).toMatchObject({ status: 'active', amount: 2_000, required: 2_000, counted: 0 });
    const booked = await suite.testApp.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `bonus:${first.bonusId}`));
    expect(booked.map((entry) => entry.kind)).toEqual(['bonus_grant']);
    // The same key for another bonus is a conflict, not a second grant.
    await expect(
      grant(suite.testApp, member, campaignId, { key, amount: 1_000 }),
    ).rejects.toMatchObject({
      errorName: 'IDEMPOTENCY_CONFLICT',
    });
  });

  it('beyond what the budget holds is refused and writes nothing', async () => {
    const member = await fundedMember(suite.testApp, 0);
    const campaignId = await fundedCampaign(suite.testApp, 1_000);
    const key = `short-grant:${member.userId}`;
    await expect(
      grant(suite.testApp, member, campaignId, { key, amount: 1_001 }),
    ).rejects.toBeInstanceOf(EntityFundsShortError);
    expect(
      await suite.testApp.database.db
        .select()
        .from(bonusGrants)
        .where(eq(bonusGrants.grantKey, key)),
    ).toEqual([]);
    expect(await budgetOf(suite.testApp, campaignId)).toBe(1_000);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 0, bonus: 0 });
  });
});

describe('the rollover', () => {
  it('counts a settled qualifying bet once, however many passes run, racing or not', async () => {
    const member = await fundedMember(suite.testApp, 10_000);
    const campaignId = await fundedCampaign(suite.testApp, 5_000);
    const { bonusId } = await grant(suite.testApp, member, campaignId, {
      amount: 1_000,
      rolloverMultiple: 5,
    });
    const first = qualifying();
    await betOn(suite.testApp, member, first, 1_000);
    await suite.results.send([suite.results.settlement(first, won)]);
    await rolloverPass(suite.testApp);
    await rolloverPass(suite.testApp);
    expect((await grantRow(suite.testApp, bonusId)).counted).toBe(1_000);

    const second = qualifying();
    await betOn(suite.testApp, member, second, 700);
    await suite.results.send([suite.results.settlement(second, lost)]);
    await Promise.all([
      rolloverPass(suite.testApp),
      rolloverPass(suite.testApp),
      rolloverPass(suite.testApp),
    ]);
    const row = await grantRow(suite.testApp, bonusId);
    expect(row).toMatchObject({ counted: 1_700, status: 'active' });
    expect(await countedWagers(suite.testApp, bonusId)).toHaveLength(2);
  });

  it('never counts a cash out, a void, odds below 1.50, a stake above the maximum or a bet placed before the grant', async () => {
    const member = await fundedMember(suite.testApp, 20_000);
    const campaignId = await fundedCampaign(suite.testApp, 5_000);
    const early = qualifying();
    const earlyBet = await betOn(suite.testApp, member, early, 1_000);
    const { bonusId } = await grant(suite.testApp, member, campaignId, {
      amount: 1_000,
      rolloverMultiple: 10,
      maxStake: 2_000,
    });
    await suite.results.send([suite.results.settlement(early, won)]);

    const cashed = qualifying();
    const cashedBet = await betOn(suite.testApp, member, cashed, 1_000);
    await cashOutNow(suite.testApp, member, cashedBet.orderNo);

    const voided = qualifying();
    await betOn(suite.testApp, member, voided, 1_000);
    await suite.results.send([suite.results.cancel(voided)]);

    const short = suite.pickAt(1.01, 1.5);
    await betOn(suite.testApp, member, short, 1_000);
    await suite.results.send([suite.results.settlement(short, won)]);

    const big = qualifying();
    await betOn(suite.testApp, member, big, 2_001);
    await suite.results.send([suite.results.settlement(big, lost)]);

    await rolloverPass(suite.testApp);
    expect((await grantRow(suite.testApp, bonusId)).counted).toBe(0);
    expect(await countedWagers(suite.testApp, bonusId)).toEqual([]);
    expect(earlyBet.orderNo).toBeTruthy();

    // A stake at the maximum, at odds of 1.50 or more, placed after the grant, counts.
    const fits = qualifying();
    await betOn(suite.testApp, member, fits, 2_000);
    await suite.results.send([suite.results.settlement(fits, lost)]);
    await rolloverPass(suite.testApp);
    expect((await grantRow(suite.testApp, bonusId)).counted).toBe(2_000);
  });

  it('counts a bet rolled back and settled again once', async () => {
    const member = await fundedMember(suite.testApp, 10_000);
    const campaignId = await fundedCampaign(suite.testApp, 5_000);
    const { bonusId } = await grant(suite.testApp, member, campaignId, {
      amount: 1_000,
      rolloverMultiple: 10,
    });
    const pick = qualifying();
    await betOn(suite.testApp, member, pick, 1_000);
    await suite.results.send([suite.results.settlement(pick, won)]);
    await rolloverPass(suite.testApp);
    await suite.results.send([suite.results.rollback(pick)]);
    await rolloverPass(suite.testApp);
    await suite.results.send([suite.results.settlement(pick, lost)]);
    await rolloverPass(suite.testApp);
    expect((await grantRow(suite.testApp, bonusId)).counted).toBe(1_000);

    // Rolled back and settled again before any pass read it: once too.
    const other = qualifying();
    await betOn(suite.testApp, member, other, 500);
    await suite.results.send([suite.results.settlement(other, won)]);
    await suite.results.send([suite.results.rollback(other)]);
    await suite.results.send([suite.results.settlement(other, won)]);
    await rolloverPass(suite.testApp);
    expect((await grantRow(suite.testApp, bonusId)).counted).toBe(1_500);
    expect(await countedWagers(suite.testApp, bonusId)).toHaveLength(2);
  });
});

describe('a bonus played through', () => {
  it('converts to cash once, its amount from bonus to main', async () => {
    const member = await fundedMember(suite.testApp, 5_000);
    const campaignId = await fundedCampaign(suite.testApp, 5_000);
    const { bonusId } = await grant(suite.testApp, member, campaignId, {
      amount: 600,
      rolloverMultiple: 2,
    });
    const pick = qualifying();
    await betOn(suite.testApp, member, pick, 1_200);
    await suite.results.send([suite.results.settlement(pick, lost)]);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 3_800, bonus: 600 });
    await Promise.all([rolloverPass(suite.testApp), rolloverPass(suite.testApp)]);
    await rolloverPass(suite.testApp);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 4_400, bonus: 0 });
    expect(await grantRow(suite.testApp, bonusId)).toMatchObject({
      status: 'converted',
      endedAmount: 600,
    });
    const converts = await suite.testApp.database.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.kind, 'bonus_convert'),
          eq(ledgerTransactions.reference, `bonus:${bonusId}`),
        ),
      );
    expect(converts).toHaveLength(1);
    expect(await budgetOf(suite.testApp, campaignId)).toBe(4_400);
    expect((await suite.testApp.modules.bonus.figuresOf([campaignId])).get(campaignId)).toEqual({
      converted: 600,
      forfeited: 0,
      active: 0,
    });
  });

  it('racing a forfeit ends exactly one way', async () => {
    for (let round = 0; round < 3; round += 1) {
      const member = await fundedMember(suite.testApp, 5_000);
      const campaignId = await fundedCampaign(suite.testApp, 1_000);
      const { bonusId } = await grant(suite.testApp, member, campaignId, { amount: 1_000 });
      const pick = qualifying();
      await betOn(suite.testApp, member, pick, 1_000);
      await suite.results.send([suite.results.settlement(pick, lost)]);
      const [, forfeit] = await Promise.all([
        rolloverPass(suite.testApp),
        adminCall<Bonus>(suite.testApp, deskBonusForfeit.path, {
          bearer: finance,
          fields: { id: bonusId, reason: 'racing the rollover' },
        }),
      ]);
      const row = await grantRow(suite.testApp, bonusId);
      const money = await moneyOf(suite.testApp, member);
      expect(money.bonus).toBe(0);
      if (row.status === 'converted') {
        expectRefused(forfeit, errorCatalogue.BONUS_NOT_ACTIVE.code);
        expect(money.main).toBe(5_000);
        expect(await budgetOf(suite.testApp, campaignId)).toBe(0);
      } else {
        expect(row.status).toBe('forfeited');
        expect(forfeit.code).toBe(0);
        expect(money.main).toBe(4_000);
        expect(await budgetOf(suite.testApp, campaignId)).toBe(1_000);
      }
    }
  });
});

describe('a bonus not played through', () => {
  it('expires back to its budget, exactly its amount', async () => {
    const member = await fundedMember(suite.testApp, 0);
    const campaignId = await fundedCampaign(suite.testApp, 5_000);
    const expiresAt = suite.results.feed.now().getTime() - 1;
    const { bonusId } = await grant(suite.testApp, member, campaignId, {
      amount: 1_500,
      expiresAt,
    });
    const kept = await grant(suite.testApp, member, campaignId, { amount: 500 });
    expect(await budgetOf(suite.testApp, campaignId)).toBe(3_000);
    await Promise.all([
      suite.testApp.modules.bonus.expireDue(),
      suite.testApp.modules.bonus.expireDue(),
    ]);
    expect(await grantRow(suite.testApp, bonusId)).toMatchObject({
      status: 'expired',
      endedAmount: 1_500,
    });
    expect((await grantRow(suite.testApp, kept.bonusId)).status).toBe('active');
    expect(await budgetOf(suite.testApp, campaignId)).toBe(4_500);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 0, bonus: 500 });
    expect((await suite.testApp.modules.bonus.figuresOf([campaignId])).get(campaignId)).toEqual({
      converted: 0,
      forfeited: 1_500,
      active: 500,
    });
  });

  it('takes no count once past its expiry, and returns its whole amount', async () => {
    const member = await fundedMember(suite.testApp, 5_000);
    const campaignId = await fundedCampaign(suite.testApp, 1_000);
    const { bonusId } = await grant(suite.testApp, member, campaignId, {
      amount: 1_000,
      expiresAt: suite.results.feed.now().getTime() - 1,
    });
    const pick = qualifying();
    await betOn(suite.testApp, member, pick, 1_000);
    await suite.results.send([suite.results.settlement(pick, lost)]);
    await rolloverPass(suite.testApp);
    expect(await countedWagers(suite.testApp, bonusId)).toEqual([]);
    await suite.testApp.modules.bonus.expireDue();
    expect(await grantRow(suite.testApp, bonusId)).toMatchObject({ status: 'expired', counted: 0 });
    expect(await budgetOf(suite.testApp, campaignId)).toBe(1_000);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 4_000, bonus: 0 });
  });

  it('expires to the house once its campaign closed, the closed budget left unmoved', async () => {
    const member = await fundedMember(suite.testApp, 0);
    const campaignId = await fundedCampaign(suite.testApp, 2_000);
    const expiresAt = suite.results.feed.now().getTime() + 60_000;
    const { bonusId } = await grant(suite.testApp, member, campaignId, {
      amount: 1_200,
      expiresAt,
    });
    await closeCampaign(suite.testApp, campaignId);
    expect(await budgetOf(suite.testApp, campaignId)).toBe(0);
    await suite.testApp.database.db
      .update(bonusGrants)
      .set({ expiresAt: new Date(suite.results.feed.now().getTime() - 1) })
      .where(eq(bonusGrants.id, bonusId));
    await suite.testApp.modules.bonus.expireDue();
    expect(await grantRow(suite.testApp, bonusId)).toMatchObject({
      status: 'expired',
      budgetOpen: false,
    });
    expect(await budgetOf(suite.testApp, campaignId)).toBe(0);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 0, bonus: 0 });
    const [expiry] = await suite.testApp.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `bonus-expire:${bonusId}`));
    expect(expiry?.kind).toBe('bonus_expire');
  });

  it('is forfeited by the desk with a reason, audited, once', async () => {
    const member = await fundedMember(suite.testApp, 0);
    const campaignId = await fundedCampaign(suite.testApp, 2_000);
    const { bonusId } = await grant(suite.testApp, member, campaignId, { amount: 800 });
    const forfeit = (id: number) =>
      adminCall<Bonus>(suite.testApp, deskBonusForfeit.path, {
        bearer: finance,
        fields: { id, reason: 'abuse of the promotion' },
      });
    const ended = expectOk(await forfeit(bonusId));
    expect(ended).toMatchObject({
      id: bonusId,
      status: 'forfeited',
      reason: 'abuse of the promotion',
      amount: 800,
    });
    expect(await budgetOf(suite.testApp, campaignId)).toBe(2_000);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 0, bonus: 0 });
    const forfeitAudits = () =>
      suite.testApp.database.db
        .select()
        .from(operatorAuditLog)
        .where(
          and(
            eq(operatorAuditLog.action, 'bonus.forfeit'),
            eq(operatorAuditLog.targetId, String(bonusId)),
          ),
        );
    const audits = await forfeitAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]?.reason).toBe('abuse of the promotion');
    expectRefused(await forfeit(bonusId), errorCatalogue.BONUS_NOT_ACTIVE.code);
    expectRefused(await forfeit(987_654_321), errorCatalogue.NOT_FOUND.code);
    expect(await forfeitAudits()).toHaveLength(1);
  });
});

describe('the lists', () => {
  it('show the member their own bonuses, active first, and the desk anyone’s', async () => {
    const member = await fundedMember(suite.testApp, 0);
    const other = await fundedMember(suite.testApp, 0);
    const campaignId = await fundedCampaign(suite.testApp, 5_000);
    const older = await grant(suite.testApp, member, campaignId, {
      amount: 100,
      rolloverMultiple: 3,
    });
    const ended = await grant(suite.testApp, member, campaignId, {
      amount: 200,
      expiresAt: suite.results.feed.now().getTime() - 1,
    });
    await suite.testApp.modules.bonus.expireDue();
    const newer = await grant(suite.testApp, member, campaignId, { amount: 300 });
    await grant(suite.testApp, other, campaignId, { amount: 400 });

    const mine = expectOk(
      await suite.testApp.call<{ records: Bonus[]; total: number }>(
        memberBonusList.path,
        member.auth,
      ),
    );
    expect(mine.total).toBe(3);
    expect(mine.records.map((entry) => entry.id)).toEqual([
      newer.bonusId,
      older.bonusId,
      ended.bonusId,
    ]);
    expect(mine.records[1]).toMatchObject({
      userId: member.userId,
      campaignId,
      currencyId: cny.currencyId,
      scale: 2,
      amount: 100,
      rolloverMultiple: 3,
      rolloverRequired: 300,
      rolloverCounted: 0,
      status: 'active',
      endedAt: null,
    });
    const expired = expectOk(
      await suite.testApp.call<{ records: Bonus[] }>(memberBonusList.path, {
        ...member.auth,
        status: 'expired',
      }),
    );
    expect(expired.records.map((entry) => entry.id)).toEqual([ended.bonusId]);

    const desk = expectOk(
      await adminCall<{ records: Bonus[]; total: number }>(suite.testApp, deskBonusList.path, {
        bearer: finance,
        fields: { campaignId },
      }),
    );
    expect(desk.total).toBe(4);
    expect(desk.records[0]?.userId).toBe(other.userId);
  });
});
