import {
  type AuditEntry,
  type CallOutput,
  errorCatalogue,
  matchLive,
  memberDetail,
  memberProfile,
  memberRiskSet,
  openMemberLogin,
  partnerList,
  partnerSet,
  type Session,
} from '@sb/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerSettings, users } from '../../src/modules/identity/identity.schema';
import { signPartnerToken } from '../../src/modules/identity/partner-auth';
import { operatorAuditLog } from '../../src/modules/operators/operators.schema';
import {
  authOf,
  countIdentityRows,
  expectOk,
  newAccountName,
  partnerTokenNonce,
  registerMember,
} from '../identity/helpers';
import { adminCall, expectRefused, operatorToken } from '../operators/helpers';
import { createTestApp, type TestApp, testPartnerChannel, testPartnerSecret } from '../test-app';

/**
 * Partner settings on the site desk: the configured channels with their players, an admin
 * turning a partner off (its logins refused, its players' sessions refused) and on, the
 * defaults new partner players start with, and a member's live video set by a trader; every
 * change audited, every refusal writing nothing.
 */

const clock = Date.parse('2031-09-01T10:00:00Z');
const otherChannel = 'zeta';
let testApp: TestApp;
let admin: string;
let support: string;
let trader: string;
let finance: string;

beforeAll(async () => {
  testApp = await createTestApp({
    now: () => new Date(clock),
    config: {
      PARTNER_SECRETS: new Map([
        [testPartnerChannel, testPartnerSecret],
        [otherChannel, 'zeta-test-secret-0123456789abcdef0123456789'],
      ]),
    },
  });
  const tokenOf = (role: 'admin' | 'support' | 'trader' | 'finance') =>
    operatorToken(testApp, [role], clock);
  [admin, support, trader, finance] = await Promise.all([
    tokenOf('admin'),
    tokenOf('support'),
    tokenOf('trader'),
    tokenOf('finance'),
  ]);
});
afterAll(() => testApp.close());

type Partners = CallOutput<typeof partnerList>;
type PartnerAnswer = CallOutput<typeof partnerSet>;

const call = <T>(bearer: string, path: string, fields: Record<string, unknown> = {}) =>
  adminCall<T>(testApp, path, { bearer, fields });

function partnerLogin(principal: string) {
  const claims = {
    channel: testPartnerChannel,
    principal,
    exp: Math.floor(clock / 1000) + 600,
    nonce: partnerTokenNonce(),
  };
  return testApp.call<Session>(openMemberLogin.path, {
    authToken: signPartnerToken(claims, testPartnerSecret),
    principal,
    channel: testPartnerChannel,
    lang: 'en',
  });
}

async function acme(bearer = support) {
  const answer = await call<Partners>(bearer, partnerList.path);
  expect(answer, answer.msg).toMatchObject({ code: 0 });
  const found = answer.data.records.find((record) => record.channel === testPartnerChannel);
  if (!found) throw new Error('the configured partner is not listed');
  return found;
}

async function auditOf(targetType: string, targetId: string): Promise<AuditEntry[]> {
  const answer = await call<{ entries: AuditEntry[] }>(admin, '/admin/api/audit/list', {
    targetType,
    targetId,
  });
  expect(answer, answer.msg).toMatchObject({ code: 0 });
  return answer.data.entries;
}

async function writtenRows() {
  const { db } = testApp.database;
  const [settings] = await db.select({ rows: count() }).from(partnerSettings);
  const [audit] = await db.select({ rows: count() }).from(operatorAuditLog);
  return { settings: settings?.rows ?? 0, audit: audit?.rows ?? 0 };
}

describe('the partner list', () => {
  it('shows every configured channel with its defaults and players, never its secret', async () => {
    const answer = await call<Partners>(admin, partnerList.path);
    expect(answer, answer.msg).toMatchObject({ code: 0 });
    expect(answer.data.records.map((record) => record.channel)).toEqual([
      testPartnerChannel,
      otherChannel,
    ]);
    expect(answer.data.records[1]).toEqual({
      channel: otherChannel,
      name: null,
      isEnabled: true,
      defaultIsShow: true,
      defaultLeagueIds: [],
      players: 0,
      updatedBy: null,
      updatedAt: null,
    });
    expect(JSON.stringify(answer)).not.toContain(testPartnerSecret);

    const players = (await acme()).players;
    expectOk(await partnerLogin(newAccountName('p')));
    expect((await acme()).players).toBe(players + 1);

    for (const bearer of [trader, finance])
      expectRefused(
        await call(bearer, partnerList.path),
        errorCatalogue.OPERATOR_NOT_PERMITTED.code,
      );
  });
});

describe('turning a partner off and on', () => {
  it("refuses the partner's logins and its players' sessions while off, audited both ways", async () => {
    const principal = newAccountName('p');
    const session = expectOk(await partnerLogin(principal));
    const { session: member } = await registerMember(testApp);
    expectOk(await testApp.call(memberProfile.path, authOf(session)));

    const off = await call<PartnerAnswer>(admin, partnerSet.path, {
      channel: testPartnerChannel,
      isEnabled: false,
      reason: 'contract paused',
    });
    expect(off, off.msg).toMatchObject({ code: 0, data: { isEnabled: false, applied: true } });
    expect(off.data.updatedAt).toBe(clock);

    const before = await countIdentityRows(testApp);
    expectRefused(await partnerLogin(principal), errorCatalogue.PARTNER_DISABLED.code);
    expectRefused(await partnerLogin(newAccountName('p')), errorCatalogue.PARTNER_DISABLED.code);
    expect(await countIdentityRows(testApp)).toEqual(before);
    expectRefused(
      await testApp.call(memberProfile.path, authOf(session)),
      errorCatalogue.TOKEN_INVALID.code,
    );
    // Members of the site itself are not touched.
    expectOk(await testApp.call(memberProfile.path, authOf(member)));

    const again = await call<PartnerAnswer>(admin, partnerSet.path, {
      channel: testPartnerChannel,
      isEnabled: false,
      reason: 'again',
    });
    expect(again.data).toMatchObject({ isEnabled: false, applied: false });

    const on = await call<PartnerAnswer>(admin, partnerSet.path, {
      channel: testPartnerChannel,
      isEnabled: true,
      reason: 'contract resumed',
    });
    expect(on, on.msg).toMatchObject({ code: 0, data: { isEnabled: true, applied: true } });
    expectOk(await testApp.call(memberProfile.path, authOf(session)));
    expect(expectOk(await partnerLogin(principal)).memberId).toBe(session.memberId);

    const entries = await auditOf('partner', testPartnerChannel);
    expect(entries.map((entry) => [entry.action, entry.reason])).toEqual([
      ['partner.set', 'contract resumed'],
      ['partner.set', 'contract paused'],
    ]);
    expect(entries[1]).toMatchObject({
      before: { isEnabled: true, defaultIsShow: true, defaultLeagueIds: [], name: null },
      after: { isEnabled: false, defaultIsShow: true, defaultLeagueIds: [], name: null },
    });
    expect(entries[0]).toMatchObject({
      before: { isEnabled: false },
      after: { isEnabled: true },
    });
  });
});

describe("a partner's defaults", () => {
  it('give players signed in for the first time their live video and leagues; others keep theirs', async () => {
    const existing = expectOk(await partnerLogin(newAccountName('p')));
    const set = await call<PartnerAnswer>(admin, partnerSet.path, {
      channel: testPartnerChannel,
      name: '  Acme Gaming  ',
      defaultIsShow: false,
      defaultLeagueIds: [11, 12],
      reason: 'new market',
    });
    expect(set, set.msg).toMatchObject({
      code: 0,
      data: {
        name: 'Acme Gaming',
        defaultIsShow: false,
        defaultLeagueIds: [11, 12],
        applied: true,
      },
    });

    const newcomer = expectOk(await partnerLogin(newAccountName('p')));
    const detailOf = async (userId: number) =>
      expectOk(await call<CallOutput<typeof memberDetail>>(support, memberDetail.path, { userId }));
    const fresh = await detailOf(newcomer.memberId);
    expect(fresh.isShow).toBe(false);
    expect(fresh.risk.leagueIds).toEqual([11, 12]);
    const live = expectOk(
      await testApp.call<{ isShow: boolean }>(matchLive.path, authOf(newcomer)),
    );
    expect(live.isShow).toBe(false);
    const old = await detailOf(existing.memberId);
    expect(old.isShow).toBe(true);
    expect(old.risk.leagueIds).toEqual([]);
    // A later login of the same player keeps what it has.
    const [row] = await testApp.database.db
      .select({ isShow: users.isShow })
      .from(users)
      .where(eq(users.id, existing.memberId));
    expect(row?.isShow).toBe(true);

    const cleared = await call<PartnerAnswer>(admin, partnerSet.path, {
      channel: testPartnerChannel,
      name: null,
      defaultIsShow: true,
      defaultLeagueIds: [],
      reason: 'back to all',
    });
    expect(cleared.data).toMatchObject({ name: null, defaultLeagueIds: [], applied: true });
  });
});

describe('refusals', () => {
  const refusals: {
    name: string;
    bearer: () => string;
    fields: Record<string, unknown>;
    code: number;
  }[] = [
    {
      name: 'a channel not in configuration',
      bearer: () => admin,
      fields: { channel: 'unknown', isEnabled: false, reason: 'x' },
      code: errorCatalogue.NOT_FOUND.code,
    },
    {
      name: 'support, who may only read',
      bearer: () => support,
      fields: { channel: testPartnerChannel, isEnabled: false, reason: 'x' },
      code: errorCatalogue.OPERATOR_NOT_PERMITTED.code,
    },
    {
      name: 'no reason',
      bearer: () => admin,
      fields: { channel: testPartnerChannel, isEnabled: false },
      code: errorCatalogue.INVALID_INPUT.code,
    },
    {
      name: 'a league id that is not positive',
      bearer: () => admin,
      fields: { channel: testPartnerChannel, defaultLeagueIds: [0], reason: 'x' },
      code: errorCatalogue.INVALID_INPUT.code,
    },
    {
      name: 'a secret, which stays in configuration',
      bearer: () => admin,
      fields: { channel: testPartnerChannel, secret: 'x'.repeat(40), reason: 'x' },
      code: errorCatalogue.INVALID_INPUT.code,
    },
  ];
  for (const refusal of refusals) {
    it(`refuses ${refusal.name} with ${refusal.code} and writes nothing`, async () => {
      const before = await writtenRows();
      const settings = await acme();
      const answer = await call(refusal.bearer(), partnerSet.path, refusal.fields);
      expectRefused(answer, refusal.code);
      expect(await writtenRows()).toEqual(before);
      expect(await acme()).toEqual(settings);
    });
  }
});

describe("a member's live video", () => {
  it('is set by a trader with a reason, audited with the other settings', async () => {
    const { session } = await registerMember(testApp);
    const userId = session.memberId;
    const off = await call<CallOutput<typeof memberRiskSet>>(trader, memberRiskSet.path, {
      userId,
      isShow: false,
      reason: 'no streaming rights there',
    });
    expect(off, off.msg).toMatchObject({ code: 0, data: { isShow: false, riskLevel: 0 } });
    const detail = expectOk(
      await call<CallOutput<typeof memberDetail>>(support, memberDetail.path, { userId }),
    );
    expect(detail.isShow).toBe(false);
    // The risk form's save, which does not send isShow, leaves it as it is.
    const risk = await call<CallOutput<typeof memberRiskSet>>(trader, memberRiskSet.path, {
      userId,
      riskLevel: 2,
      reason: 'review',
    });
    expect(risk.data).toMatchObject({ isShow: false, riskLevel: 2 });

    const before = await writtenRows();
    expectRefused(
      await call(support, memberRiskSet.path, { userId, isShow: true, reason: 'x' }),
      errorCatalogue.OPERATOR_NOT_PERMITTED.code,
    );
    expect(await writtenRows()).toEqual(before);

    const entries = await auditOf('member', String(userId));
    expect(entries.map((entry) => entry.action)).toEqual(['member.risk', 'member.risk']);
    expect(entries[1]).toMatchObject({
      reason: 'no streaming rights there',
      before: { isShow: true, riskLevel: 0 },
      after: { isShow: false, riskLevel: 0 },
    });
  });
});
