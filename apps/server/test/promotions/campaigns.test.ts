import { campaignList, type DeskCampaign, errorCatalogue, memberCreateTryPlay } from '@sb/contract';
import { envelopeDrawHolds, splitEnvelopes } from '@sb/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/identity/identity.schema';
import { createLedger } from '../../src/modules/ledger/ledger.service';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { createTestApp, type TestApp } from '../test-app';
import { fund } from '../withdrawals/helpers';
import {
  budgetBalance,
  cny,
  countRows,
  createCampaign,
  deskAction,
  deskCall,
  financeToken,
  grab,
  memberList,
  newMember,
  ok,
  runningCampaign,
  systemBalance,
} from './helpers';

let testApp: TestApp;
let token: string;

beforeAll(async () => {
  testApp = await createTestApp();
  token = await financeToken(testApp);
});
afterAll(async () => {
  await testApp.close();
});

const codes = {
  notFound: errorCatalogue.CAMPAIGN_NOT_FOUND.code,
  notRunning: errorCatalogue.ENVELOPE_NOT_RUNNING.code,
  alreadyClaimed: errorCatalogue.ENVELOPE_ALREADY_CLAIMED.code,
  gone: errorCatalogue.ENVELOPES_GONE.code,
  membersOnly: errorCatalogue.PROMOTION_MEMBERS_ONLY.code,
  ineligible: errorCatalogue.PROMOTION_INELIGIBLE.code,
  conflict: errorCatalogue.CAMPAIGN_STATUS_CONFLICT.code,
  invalid: errorCatalogue.INVALID_INPUT.code,
  idempotency: errorCatalogue.IDEMPOTENCY_CONFLICT.code,
};

async function expectLedgerClean() {
  const result = await checkLedger(testApp.database.db);
  expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
}

describe('a cash campaign from creation to close', () => {
  it('moves exactly the total from the house, pays each envelope, returns the rest and publishes the seed', async () => {
    const houseBefore = await systemBalance(testApp, 'house');
    const draft = ok(await createCampaign(testApp, token));
    expect(draft).toMatchObject({
      kind: 'envelope',
      status: 'draft',
      total: 100_000,
      envelope: { seed: null, count: 10 },
      activity: null,
    });
    expect(draft.envelope?.commitment ?? '').toMatch(/^[0-9a-f]{64}$/);
    expect(draft.figures).toMatchObject({ funded: 0, granted: 0, budgetLeft: 0 });
    expect(await systemBalance(testApp, 'house')).toBe(houseBefore);

    const running = ok(await deskAction(testApp, token, 'fund', draft.id));
    expect(running).toMatchObject({
      status: 'running',
      envelope: { commitment: draft.envelope?.commitment },
    });
    expect(running.figures).toMatchObject({ funded: 100_000, budgetLeft: 100_000 });
    expect(await systemBalance(testApp, 'house')).toBe(houseBefore - 100_000);
    // Funding again answers the campaign as it is, and moves nothing.
    ok(await deskAction(testApp, token, 'fund', draft.id));
    expect(await budgetBalance(testApp, draft.id)).toBe(100_000);

    const members = await Promise.all([1, 2, 3].map(() => newMember(testApp)));
    const claims = [];
    for (const member of members) {
      const claim = ok(await grab(testApp, member, draft.id));
      expect(claim).toMatchObject({ campaignId: draft.id, money: 'cash', bonusId: null, scale: 2 });
      const [balance] = await createLedger(testApp.database.db).memberBalances(member.userId);
      expect(balance?.amount).toBe(claim.amount);
      claims.push(claim.amount);
    }
    const paid = claims.reduce((sum, amount) => sum + amount, 0);
    const listed = ok(
      await deskCall<{ records: DeskCampaign[] }>(testApp, token, campaignList.path, {}),
    ).records.find((record) => record.id === draft.id);
    expect(listed?.figures).toMatchObject({
      granted: paid,
      claimedCount: 3,
      cost: paid,
      converted: 0,
      forfeited: 0,
      active: 0,
      budgetLeft: 100_000 - paid,
    });

    const closed = ok(await deskAction(testApp, token, 'close', draft.id));
    expect(closed.status).toBe('closed');
    expect(closed.envelope?.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(closed.figures.budgetLeft).toBe(0);
    expect(await budgetBalance(testApp, draft.id)).toBe(0);
    expect(await systemBalance(testApp, 'house')).toBe(houseBefore - paid);
    // Closing again answers it as it is.
    expect(ok(await deskAction(testApp, token, 'close', draft.id)).status).toBe('closed');
    await expectLedgerClean();

    // The published seed reproduces the split the commitment was made to, and the claims.
    const [shown] = (await memberList(testApp, members[0] as never, { mine: true })).records;
    expect(shown).toMatchObject({ id: draft.id, status: 'closed', seed: closed.envelope?.seed });
    const amounts = shown?.amounts ?? [];
    const terms = {
      seed: closed.envelope?.seed as string,
      total: 100_000,
      count: 10,
      minAmount: 5_000,
      maxAmount: 15_000,
    };
    expect(envelopeDrawHolds(terms, amounts, draft.envelope?.commitment ?? '')).toBe(true);
    expect(amounts).toEqual(splitEnvelopes(terms));
    expect(amounts.slice(0, 3)).toEqual(claims);
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(100_000);
    expect(
      envelopeDrawHolds(
        { ...terms, seed: 'f'.repeat(64) },
        amounts,
        draft.envelope?.commitment ?? '',
      ),
    ).toBe(false);
  });

  it('closes a draft without moving money', async () => {
    const before = await countRows(testApp);
    const draft = ok(await createCampaign(testApp, token));
    const closed = ok(await deskAction(testApp, token, 'close', draft.id));
    expect(closed).toMatchObject({ status: 'closed', figures: { funded: 0, budgetLeft: 0 } });
    expect((await countRows(testApp)).transactions).toBe(before.transactions);
    expect((await deskAction(testApp, token, 'fund', draft.id)).code).toBe(codes.conflict);
  });

  it('audits every desk action in its own transaction', async () => {
    const campaign = await runningCampaign(testApp, token);
    ok(await deskAction(testApp, token, 'pause', campaign.id, 'a pause'));
    ok(await deskAction(testApp, token, 'resume', campaign.id, 'a resume'));
    ok(await deskAction(testApp, token, 'close', campaign.id, 'a close'));
    const { entries } = await testApp.modules.operators.audit.list({
      targetType: 'campaign',
      targetId: String(campaign.id),
    });
    expect(entries.map((entry) => [entry.action, entry.reason]).reverse()).toEqual([
      ['campaign.create', null],
      ['campaign.fund', 'fund for the test'],
      ['campaign.pause', 'a pause'],
      ['campaign.resume', 'a resume'],
      ['campaign.close', 'a close'],
    ]);
    expect(entries.every((entry) => entry.operatorId !== null)).toBe(true);
  });

  it('answers a retried create with the same key as the same campaign', async () => {
    const headers = { 'idempotency-key': `create-${Date.now()}` };
    const fields = { startsAt: Date.now() + 3_600_000, endsAt: Date.now() + 7_200_000 };
    const first = ok(await createCampaign(testApp, token, fields, headers));
    const again = ok(await createCampaign(testApp, token, fields, headers));
    expect(again).toEqual(first);
    const other = await createCampaign(testApp, token, { ...fields, total: 99_000 }, headers);
    expect(other.code).toBe(codes.idempotency);
  });
});

describe('the clock', () => {
  it('opens a scheduled campaign at its start, ends it at its end and closes it with the rest returned', async () => {
    const start = Date.now() + 60_000;
    const draft = ok(
      await createCampaign(testApp, token, { startsAt: start, endsAt: start + 60_000 }),
    );
    const scheduled = ok(await deskAction(testApp, token, 'fund', draft.id));
    expect(scheduled.status).toBe('scheduled');
    const member = await newMember(testApp);
    expect((await grab(testApp, member, draft.id)).code).toBe(codes.notRunning);
    // The clock's moments: the service reads them from `now`, which the test moves by hand here
    // through the rows (the window moved to now).
    await testApp.database.db.execute(
      `update promotion_campaigns set starts_at = now() - interval '1 minute' where id = ${draft.id}`,
    );
    await testApp.modules.promotions.runClock();
    ok(await grab(testApp, member, draft.id));
    await testApp.database.db.execute(
      `update promotion_campaigns set ends_at = now() where id = ${draft.id}`,
    );
    await testApp.modules.promotions.runClock();
    const [shown] = (await memberList(testApp, member, { mine: true })).records;
    expect(shown).toMatchObject({ id: draft.id, status: 'closed' });
    expect(await budgetBalance(testApp, draft.id)).toBe(0);
    const { entries } = await testApp.modules.operators.audit.list({
      targetType: 'campaign',
      targetId: String(draft.id),
    });
    expect(entries[0]).toMatchObject({
      action: 'campaign.close',
      operatorId: null,
      reason: 'ended',
    });
    await expectLedgerClean();
  });

  it('ends a campaign once its last envelope is claimed', async () => {
    const campaign = await runningCampaign(testApp, token, {
      total: 300,
      count: 3,
      minAmount: 100,
      maxAmount: 100,
    });
    for (let index = 0; index < 3; index += 1)
      ok(await grab(testApp, await newMember(testApp), campaign.id));
    expect((await grab(testApp, await newMember(testApp), campaign.id)).code).toBe(codes.gone);
    // Ended by its last envelope at once; the clock (running on its own here) may have closed it.
    const listed = ok(
      await deskCall<{ records: DeskCampaign[] }>(testApp, token, campaignList.path, {}),
    ).records.find((record) => record.id === campaign.id);
    expect(['ended', 'closed']).toContain(listed?.status);
  });
});

describe('refusals change nothing', () => {
  it('refuses a second grab with another key or none, and answers a retry with the same key', async () => {
    const campaign = await runningCampaign(testApp, token);
    const member = await newMember(testApp);
    const first = ok(await grab(testApp, member, campaign.id, 'grab-key-1'));
    const before = await countRows(testApp);
    expect(ok(await grab(testApp, member, campaign.id, 'grab-key-1'))).toEqual(first);
    expect((await grab(testApp, member, campaign.id, 'grab-key-2')).code).toBe(
      codes.alreadyClaimed,
    );
    expect((await grab(testApp, member, campaign.id)).code).toBe(codes.alreadyClaimed);
    expect(await countRows(testApp)).toEqual(before);
    // The retry still answers once the campaign is closed.
    ok(await deskAction(testApp, token, 'close', campaign.id));
    expect(ok(await grab(testApp, member, campaign.id, 'grab-key-1'))).toEqual(first);
  });

  it('refuses demo players', async () => {
    const campaign = await runningCampaign(testApp, token);
    const demo = ok(
      await testApp.call<{ uid: string; token: string }>(memberCreateTryPlay.path, {}),
    );
    const before = await countRows(testApp);
    const answer = await grab(
      testApp,
      { auth: { uid: demo.uid, token: demo.token } } as never,
      campaign.id,
    );
    expect(answer).toMatchObject({ code: codes.membersOnly, data: null });
    expect(await countRows(testApp)).toEqual(before);
  });

  it('refuses members outside the risk levels, or short of deposits or turnover', async () => {
    const byRisk = await runningCampaign(testApp, token, { riskLevels: [0, 1] });
    const risky = await newMember(testApp);
    await testApp.database.db.update(users).set({ riskLevel: 5 }).where(eq(users.id, risky.userId));
    const before = await countRows(testApp);
    expect((await grab(testApp, risky, byRisk.id)).code).toBe(codes.ineligible);
    expect(await countRows(testApp)).toEqual(before);
    const [shown] = (await memberList(testApp, risky)).records.filter(
      (record) => record.id === byRisk.id,
    );
    expect(shown).toMatchObject({ eligible: false, ineligibleReason: 'error.promotionIneligible' });
    ok(await grab(testApp, await newMember(testApp), byRisk.id));

    const byDeposit = await runningCampaign(testApp, token, {
      minDeposit: 10_000,
      eligibilityDays: 7,
    });
    const poor = await newMember(testApp);
    await fund(testApp, poor.userId, cny.currencyId, 50_000); // not a deposit: a test credit
    expect((await grab(testApp, poor, byDeposit.id)).code).toBe(codes.ineligible);
    await createLedger(testApp.database.db).transfer({
      idempotencyKey: `deposit:test-${poor.userId}`,
      kind: 'deposit',
      postings: [
        {
          account: { systemCode: 'deposits_in_transit', currencyId: cny.currencyId },
          amount: -10_000,
        },
        {
          account: { userId: poor.userId, bucket: 'main', currencyId: cny.currencyId },
          amount: 10_000,
        },
      ],
    });
    ok(await grab(testApp, poor, byDeposit.id));

    const byTurnover = await runningCampaign(testApp, token, {
      minTurnover: 1,
      eligibilityDays: 30,
    });
    const idle = await newMember(testApp);
    expect((await grab(testApp, idle, byTurnover.id)).code).toBe(codes.ineligible);
  });

  it('refuses grabs of campaigns not running: a draft, paused, not started, closed, unknown', async () => {
    const member = await newMember(testApp);
    const draft = ok(await createCampaign(testApp, token));
    expect((await grab(testApp, member, draft.id)).code).toBe(codes.notFound);
    expect((await grab(testApp, member, 9_999_999)).code).toBe(codes.notFound);

    const paused = await runningCampaign(testApp, token);
    ok(await deskAction(testApp, token, 'pause', paused.id));
    const before = await countRows(testApp);
    expect((await grab(testApp, member, paused.id)).code).toBe(codes.notRunning);
    ok(await deskAction(testApp, token, 'resume', paused.id));
    ok(await grab(testApp, member, paused.id));

    const later = ok(
      await createCampaign(testApp, token, {
        startsAt: Date.now() + 3_600_000,
        endsAt: Date.now() + 7_200_000,
      }),
    );
    ok(await deskAction(testApp, token, 'fund', later.id));
    expect((await grab(testApp, member, later.id)).code).toBe(codes.notRunning);

    const closed = await runningCampaign(testApp, token);
    ok(await deskAction(testApp, token, 'close', closed.id));
    expect((await grab(testApp, member, closed.id)).code).toBe(codes.notRunning);
    expect((await deskAction(testApp, token, 'pause', closed.id)).code).toBe(codes.conflict);
    expect((await deskAction(testApp, token, 'resume', closed.id)).code).toBe(codes.conflict);
    expect((await countRows(testApp)).claimed).toBe(before.claimed + 1);
  });

  it('names bad input, the bonus terms included, and writes nothing', async () => {
    const before = await countRows(testApp);
    const cases: [Record<string, unknown>, string][] = [
      [{ endsAt: Date.now() - 120_000 }, 'endsAt'],
      [{ maxAmount: 4_000 }, 'maxAmount'],
      [{ total: 10 }, 'total'],
      [{ total: 10_000_000 }, 'total'],
      [{ count: 0 }, 'count'],
      [{ money: 'gift' }, 'money'],
      [{ titleEn: '' }, 'titleEn'],
      [{ rolloverMultiple: 2 }, 'rolloverMultiple'],
      [{ minDeposit: 100 }, 'eligibilityDays'],
      [{ eligibilityDays: 3 }, 'eligibilityDays'],
      [{ riskLevels: [12] }, 'riskLevels'],
      [{ money: 'bonus', rolloverMultiple: 0, bonusDays: 7 }, 'rolloverMultiple'],
      [{ money: 'bonus', rolloverMultiple: 11, bonusDays: 7 }, 'rolloverMultiple'],
      [{ money: 'bonus', rolloverMultiple: 3, bonusDays: 0 }, 'bonusDays'],
      [{ endsAt: Date.now() - 30_000, startsAt: Date.now() - 60_000 }, 'endsAt'],
    ];
    for (const [fields, named] of cases) {
      const answer = await createCampaign(testApp, token, fields);
      expect(answer.code, JSON.stringify(fields)).toBe(codes.invalid);
      expect(answer.msg, JSON.stringify(fields)).toContain(named);
    }
    expect((await createCampaign(testApp, token, { currencyId: 99 })).code).toBe(
      errorCatalogue.CURRENCY_NOT_ALLOWED.code,
    );
    expect(await countRows(testApp)).toEqual(before);
  });
});

describe("the members' list", () => {
  it("shows funded campaigns with the member's standing, no drafts, and the seed only once closed", async () => {
    const member = await newMember(testApp);
    const draft = ok(await createCampaign(testApp, token));
    const running = await runningCampaign(testApp, token);
    const later = ok(
      await createCampaign(testApp, token, {
        startsAt: Date.now() + 3_600_000,
        endsAt: Date.now() + 7_200_000,
      }),
    );
    ok(await deskAction(testApp, token, 'fund', later.id));
    const { records } = await memberList(testApp, member, { size: 100, lang: 'en' });
    const byId = new Map(records.map((record) => [record.id, record]));
    expect(byId.has(draft.id)).toBe(false);
    expect(byId.get(running.id)).toMatchObject({
      status: 'running',
      title: 'Spring envelopes',
      eligible: true,
      ineligibleReason: null,
      commitment: running.envelope?.commitment,
      seed: null,
      amounts: null,
      claim: null,
      claimedCount: 0,
    });
    expect(byId.get(later.id)).toMatchObject({
      status: 'scheduled',
      eligible: false,
      ineligibleReason: 'error.envelopeNotRunning',
    });
    const claim = ok(await grab(testApp, member, running.id));
    const [mine, ...others] = (await memberList(testApp, member, { mine: true })).records;
    expect(mine?.title).toBe('春季红包');
    expect(others).toEqual([]);
    expect(mine).toMatchObject({
      id: running.id,
      claim,
      claimedCount: 1,
      eligible: false,
      ineligibleReason: 'error.envelopeAlreadyClaimed',
    });
  });
});
