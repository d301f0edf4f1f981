import { type AuditEntry, memberProfile, type UserInfo } from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authOf, expectOk, registerMember } from '../identity/helpers';
import { adminCall, expectRefused, operatorToken } from '../operators/helpers';
import { createTestApp, type TestApp } from '../test-app';

/**
 * SPEC §6's casino and lottery switches: a member's own values set by the members desk (or
 * none, to follow the site default), the site default set by admins, the effective values in
 * the profile and from `identity.gameSwitchesOf`; every change audited.
 */

interface Switches {
  casinoSw: number;
  lotterySw: number;
}
interface MemberSwitches {
  userId: number;
  own: { casinoSw: number | null; lotterySw: number | null };
  effective: Switches;
}

const memberPath = '/admin/api/member/game/switches';
const sitePath = '/admin/api/site/game/switches';
const siteSetPath = '/admin/api/site/game/switches/set';

let testApp: TestApp;
let support: string;
let trader: string;
let admin: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const now = Date.now();
  support = await operatorToken(testApp, ['support'], now);
  trader = await operatorToken(testApp, ['trader'], now);
  admin = await operatorToken(testApp, ['admin'], now);
});
afterAll(() => testApp.close());

const call = <T>(bearer: string, path: string, fields: Record<string, unknown> = {}) =>
  adminCall<T>(testApp, path, { bearer, fields });

async function newMember() {
  const { session } = await registerMember(testApp);
  return {
    userId: session.memberId,
    profile: async () =>
      expectOk(await testApp.call<UserInfo>(memberProfile.path, authOf(session))),
  };
}

async function auditOf(fields: Record<string, unknown>): Promise<AuditEntry[]> {
  const answer = await call<{ entries: AuditEntry[] }>(admin, '/admin/api/audit/list', fields);
  expect(answer, answer.msg).toMatchObject({ code: 0 });
  return answer.data.entries;
}

async function setSiteDefault(values: Switches, reason = 'test'): Promise<Switches> {
  return expectOk(await call<Switches>(admin, siteSetPath, { ...values, reason }));
}

describe("a member's own switches", () => {
  it('start following the site default: every casino product and the lottery', async () => {
    const member = await newMember();
    expect(await member.profile()).toMatchObject({ casinoSw: 30, lotterySw: 2 });
    expect(await testApp.modules.identity.gameSwitchesOf(member.userId)).toEqual({
      casinoSw: 30,
      lotterySw: 2,
    });
    expect(await testApp.modules.identity.gameSwitchesOf(null)).toEqual({
      casinoSw: 30,
      lotterySw: 2,
    });
  });

  it('are set by support, answered in the profile, and audited with the reason', async () => {
    const member = await newMember();
    const set = await call<MemberSwitches>(support, memberPath, {
      userId: member.userId,
      casinoSw: 2 | 8,
      lotterySw: 0,
      reason: 'tables and crash only',
    });
    expect(set, set.msg).toMatchObject({
      code: 0,
      data: {
        userId: member.userId,
        own: { casinoSw: 10, lotterySw: 0 },
        effective: { casinoSw: 10, lotterySw: 0 },
      },
    });
    expect(await member.profile()).toMatchObject({ casinoSw: 10, lotterySw: 0 });
    expect(await testApp.modules.identity.gameSwitchesOf(member.userId)).toEqual({
      casinoSw: 10,
      lotterySw: 0,
    });

    // Absent or empty: follow the site default again.
    const back = await call<MemberSwitches>(support, memberPath, {
      userId: member.userId,
      casinoSw: '',
      reason: 'back to the default',
    });
    expect(back, back.msg).toMatchObject({
      code: 0,
      data: {
        own: { casinoSw: null, lotterySw: null },
        effective: { casinoSw: 30, lotterySw: 2 },
      },
    });
    expect(await member.profile()).toMatchObject({ casinoSw: 30, lotterySw: 2 });

    const entries = await auditOf({ targetType: 'member', targetId: String(member.userId) });
    expect(entries.map((entry) => entry.action)).toEqual([
      'member.game_switches',
      'member.game_switches',
    ]);
    expect(entries[1]).toMatchObject({
      reason: 'tables and crash only',
      before: { casinoSw: null, lotterySw: null },
      after: { casinoSw: 10, lotterySw: 0 },
    });
    expect(entries[0]).toMatchObject({
      reason: 'back to the default',
      before: { casinoSw: 10, lotterySw: 0 },
      after: { casinoSw: null, lotterySw: null },
    });
  });

  it('refuses bits no product uses, naming the field, and leaves the member as they were', async () => {
    const member = await newMember();
    for (const [field, value] of [
      ['casinoSw', 1],
      ['casinoSw', 32],
      ['casinoSw', 2 | 32],
      ['casinoSw', -2],
      ['lotterySw', 1],
      ['lotterySw', 4],
      ['casinoSw', 'all'],
    ] as const) {
      const refused = await call(support, memberPath, {
        userId: member.userId,
        [field]: value,
        reason: 'x',
      });
      expectRefused(refused, 1000);
      expect(refused.msg, `${field} ${value}`).toContain(field);
    }
    expectRefused(await call(support, memberPath, { userId: member.userId, casinoSw: 2 }), 1000);
    expect(await member.profile()).toMatchObject({ casinoSw: 30, lotterySw: 2 });
    expect(await auditOf({ targetType: 'member', targetId: String(member.userId) })).toHaveLength(
      0,
    );
  });

  it('refuses an unknown member as the other members desk calls do', async () => {
    const detail = await call(support, '/admin/api/member/detail', { userId: 987_654_321 });
    const refused = await call(support, memberPath, {
      userId: 987_654_321,
      casinoSw: 2,
      reason: 'x',
    });
    expectRefused(refused, detail.code);
    expect(refused.code).toBe(1002);
    await expect(testApp.modules.identity.gameSwitchesOf(987_654_321)).rejects.toMatchObject({
      code: 1002,
    });
  });

  it('refuses traders and member tokens', async () => {
    const member = await newMember();
    const fields = { userId: member.userId, casinoSw: 2, reason: 'x' };
    expectRefused(await call(trader, memberPath, fields), 6005);
    const { session } = await registerMember(testApp);
    expectRefused(await testApp.call(memberPath, { ...authOf(session), ...fields }), 6004);
    expect(await member.profile()).toMatchObject({ casinoSw: 30 });
  });
});

describe('the site default', () => {
  it('is read and set by admins; members without their own follow it at once', async () => {
    const following = await newMember();
    const own = await newMember();
    expectOk(
      await call(support, memberPath, {
        userId: own.userId,
        casinoSw: 4,
        reason: 'originals only',
      }),
    );
    // One own value: the other follows the default.
    const half = await newMember();
    expectOk(
      await call(support, memberPath, { userId: half.userId, lotterySw: 0, reason: 'no lottery' }),
    );

    expect(expectOk(await call<Switches>(admin, sitePath))).toEqual({
      casinoSw: 30,
      lotterySw: 2,
    });
    expect(await setSiteDefault({ casinoSw: 2 | 16, lotterySw: 0 }, 'tables and slots')).toEqual({
      casinoSw: 18,
      lotterySw: 0,
    });
    expect(expectOk(await call<Switches>(admin, sitePath))).toEqual({
      casinoSw: 18,
      lotterySw: 0,
    });
    expect(await following.profile()).toMatchObject({ casinoSw: 18, lotterySw: 0 });
    expect(await own.profile()).toMatchObject({ casinoSw: 4, lotterySw: 0 });
    expect(await half.profile()).toMatchObject({ casinoSw: 18, lotterySw: 0 });
    expect(await testApp.modules.identity.gameSwitchesOf(null)).toEqual({
      casinoSw: 18,
      lotterySw: 0,
    });

    // The members desk answers the effective values against the default of the moment.
    const again = await call<MemberSwitches>(support, memberPath, {
      userId: half.userId,
      lotterySw: 2,
      reason: 'lottery back',
    });
    expect(again.data.effective).toEqual({ casinoSw: 18, lotterySw: 2 });

    // Setting what it already is changes nothing and records nothing.
    expect(await setSiteDefault({ casinoSw: 18, lotterySw: 0 }, 'again')).toEqual({
      casinoSw: 18,
      lotterySw: 0,
    });
    expect(await setSiteDefault({ casinoSw: 30, lotterySw: 2 }, 'everything back')).toEqual({
      casinoSw: 30,
      lotterySw: 2,
    });
    expect(await following.profile()).toMatchObject({ casinoSw: 30, lotterySw: 2 });

    const entries = await auditOf({ action: 'site.game_switches' });
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      targetType: 'site',
      targetId: 'game_switches',
      reason: 'tables and slots',
      before: { casinoSw: 30, lotterySw: 2 },
      after: { casinoSw: 18, lotterySw: 0 },
    });
    expect(entries[0]).toMatchObject({
      reason: 'everything back',
      before: { casinoSw: 18, lotterySw: 0 },
      after: { casinoSw: 30, lotterySw: 2 },
    });
  });

  it('refuses bad values naming the field, a missing reason, and operators without the admin role', async () => {
    for (const [fields, field] of [
      [{ casinoSw: 1, lotterySw: 2 }, 'casinoSw'],
      [{ casinoSw: 32, lotterySw: 2 }, 'casinoSw'],
      [{ casinoSw: 30, lotterySw: 1 }, 'lotterySw'],
      [{ lotterySw: 2 }, 'casinoSw'],
      [{ casinoSw: 30, lotterySw: '' }, 'lotterySw'],
    ] as const) {
      const refused = await call(admin, siteSetPath, { ...fields, reason: 'x' });
      expectRefused(refused, 1000);
      expect(refused.msg, JSON.stringify(fields)).toContain(field);
    }
    expectRefused(await call(admin, siteSetPath, { casinoSw: 2, lotterySw: 2 }), 1000);
    for (const bearer of [trader, support]) {
      expectRefused(await call(bearer, sitePath), 6005);
      expectRefused(
        await call(bearer, siteSetPath, { casinoSw: 2, lotterySw: 0, reason: 'x' }),
        6005,
      );
    }
    const { session } = await registerMember(testApp);
    expectRefused(
      await testApp.call(siteSetPath, {
        ...authOf(session),
        casinoSw: 2,
        lotterySw: 0,
        reason: 'x',
      }),
      6004,
    );
    expect(expectOk(await call<Switches>(admin, sitePath))).toEqual({
      casinoSw: 30,
      lotterySw: 2,
    });
  });
});
