import {
  campaignClose,
  campaignFund,
  campaignPause,
  campaignResume,
  type DeskCampaign,
  type EnvelopeClaim,
  envelopeCampaignCreate,
  envelopeParticipate,
  type MemberEnvelope,
  memberEnvelopeActivity,
} from '@sb/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ledgerAccounts, ledgerTransactions } from '../../src/modules/ledger/ledger.schema';
import { promotionBudget } from '../../src/modules/ledger/ledger.service';
import {
  promotionCampaigns,
  promotionEnvelopes,
} from '../../src/modules/promotions/promotions.schema';
import { type Answer, operatorToken } from '../operators/helpers';
import type { TestApp } from '../test-app';
import { cny, newMember, type TestMember } from '../withdrawals/helpers';

export { type Answer, cny, newMember, type TestMember };

const hourMs = 3_600_000;

/** A finance operator's token: the promotions desk. */
export const financeToken = (testApp: TestApp) => operatorToken(testApp, ['finance'], Date.now());

/** A cash campaign of 1,000.00 CNY in 10 envelopes of 50.00–150.00, open now for a day. */
export function campaignFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Date.now();
  return {
    titleEn: 'Spring envelopes',
    titleZh: '春季红包',
    titleZht: '春季紅包',
    currencyId: cny.currencyId,
    money: 'cash',
    total: 100_000,
    count: 10,
    minAmount: 5_000,
    maxAmount: 15_000,
    startsAt: now - 60_000,
    endsAt: now + 24 * hourMs,
    ...overrides,
  };
}

export async function deskCall<T>(
  testApp: TestApp,
  token: string,
  path: string,
  fields: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: path,
    payload: fields,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

export function ok<T>(answer: Answer<T>): T {
  expect(answer, answer.msg).toMatchObject({ code: 0 });
  return answer.data;
}

export const createCampaign = (
  testApp: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  deskCall<DeskCampaign>(
    testApp,
    token,
    envelopeCampaignCreate.path,
    campaignFields(overrides),
    headers,
  );

const actions = {
  fund: campaignFund.path,
  pause: campaignPause.path,
  resume: campaignResume.path,
  close: campaignClose.path,
} as const;

export const deskAction = (
  testApp: TestApp,
  token: string,
  action: keyof typeof actions,
  id: number,
  reason = `${action} for the test`,
) => deskCall<DeskCampaign>(testApp, token, actions[action], { id, reason });

/** A campaign created and funded, running now (funding runs the clock). */
export async function runningCampaign(
  testApp: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<DeskCampaign> {
  const created = ok(await createCampaign(testApp, token, overrides));
  const funded = ok(await deskAction(testApp, token, 'fund', created.id));
  expect(funded.status).toBe('running');
  return funded;
}

/** A member's grab, with an Idempotency-Key header when given. */
export async function grab(
  testApp: Pick<TestApp, 'app'>,
  member: TestMember,
  id: number,
  key?: string,
): Promise<Answer<EnvelopeClaim>> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: envelopeParticipate.path,
    payload: { ...member.auth, id },
    headers: key ? { 'idempotency-key': key } : {},
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

export async function memberList(
  testApp: TestApp,
  member: TestMember,
  fields: Record<string, unknown> = {},
) {
  return ok(
    await testApp.call<{ records: MemberEnvelope[]; total: number }>(memberEnvelopeActivity.path, {
      ...member.auth,
      ...fields,
    }),
  );
}

/** The sum of a system account's rows in CNY (pooled accounts are spread over shards). */
export async function systemBalance(testApp: TestApp, code: string): Promise<number> {
  const [row] = await testApp.database.db
    .select({ balance: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)` })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.systemCode, code), eq(ledgerAccounts.currencyId, cny.currencyId)));
  return Number(row?.balance ?? 0);
}

export const budgetBalance = (testApp: TestApp, id: number) =>
  systemBalance(testApp, promotionBudget(String(id)));

/** Rows of the promotion and ledger tables, to prove a refusal wrote nothing. */
export async function countRows(testApp: TestApp) {
  const { db } = testApp.database;
  const [campaigns] = await db.select({ rows: count() }).from(promotionCampaigns);
  const [claimed] = await db
    .select({ rows: count() })
    .from(promotionEnvelopes)
    .where(sql`${promotionEnvelopes.userId} is not null`);
  const [transactions] = await db.select({ rows: count() }).from(ledgerTransactions);
  return {
    campaigns: campaigns?.rows ?? 0,
    claimed: claimed?.rows ?? 0,
    transactions: transactions?.rows ?? 0,
  };
}
