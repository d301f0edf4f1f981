import { type AuditEntry, matchSysInit } from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, operatorToken } from '../operators/helpers';
import {
  type Answer,
  type Book,
  createOrdersTestApp,
  expectRefused,
  fundedMember,
  placeBet,
  single,
  type TestMember,
} from '../orders/helpers';
import type { TestApp } from '../test-app';

/**
 * The site desk: an admin turns SPEC §4's control switches on and off; members' app init and
 * bets follow at once on this process, and each change is audited.
 */

let testApp: TestApp;
let book: Book;
let admin: string;
let trader: string;
let member: TestMember;

beforeAll(async () => {
  const created = await createOrdersTestApp();
  ({ testApp, book } = created);
  const now = created.feed.now().getTime();
  admin = await operatorToken(testApp, ['admin'], now);
  trader = await operatorToken(testApp, ['trader'], now);
  member = await fundedMember(testApp, 100_000);
});
afterAll(() => testApp.close());

const setSwitches = (fields: Record<string, unknown>, bearer = admin) =>
  adminCall<{ controlSwitches: number[]; applied: boolean }>(
    testApp,
    '/admin/api/site/switches/set',
    { bearer, fields },
  );

const sysInit = async () =>
  (await testApp.call<{ control_switch: number[] }>(matchSysInit.path, {})).data.control_switch;

describe('control switches', () => {
  it('turns switches on and off for members, with an audit entry per change', async () => {
    const read = await adminCall<{ controlSwitches: number[]; known: number[] }>(
      testApp,
      '/admin/api/site/switches',
      { bearer: admin },
    );
    expect(read, read.msg).toMatchObject({ code: 0, data: { controlSwitches: [] } });
    expect(read.data.known).toEqual(expect.arrayContaining([1, 2, 3, 10, 11, 1000, 3030]));

    const pick = book.pick(book.preMatchAt(0));
    // SPEC §4: the switch that hides the pick's whole sport.
    const hiding = new Map([
      [1, 1],
      [2, 10],
      [3, 20],
      [4, 30],
      [5, 40],
      [20, 50],
      [23, 60],
      [31, 70],
    ]);
    const sportSwitch = hiding.get(pick.event.fixture.sportId);
    if (sportSwitch === undefined) throw new Error('no switch for the sport');
    const switches = [sportSwitch, 1000];
    const on = await setSwitches({
      controlSwitches: [1000, sportSwitch, 1000],
      reason: 'sport off',
    });
    expect(on, on.msg).toMatchObject({
      code: 0,
      data: { controlSwitches: switches, applied: true },
    });
    expect(await sysInit()).toEqual(switches);
    expectRefused(await placeBet(testApp, member, single(pick)), 7004);

    const same = await setSwitches({ controlSwitches: [1000, sportSwitch], reason: 'again' });
    expect(same).toMatchObject({ code: 0, data: { applied: false } });

    const off = await setSwitches({ controlSwitches: [], reason: 'sport back' });
    expect(off, off.msg).toMatchObject({ code: 0, data: { controlSwitches: [], applied: true } });
    expect(await sysInit()).toEqual([]);
    const placed = await placeBet(testApp, member, single(pick));
    expect(placed, placed.msg).toMatchObject({ code: 0 });

    const audit = await adminCall<{ entries: AuditEntry[] }>(testApp, '/admin/api/audit/list', {
      bearer: admin,
      fields: { action: 'site.control_switches' },
    });
    expect(audit.data.entries).toHaveLength(2);
    expect(audit.data.entries[1]).toMatchObject({
      reason: 'sport off',
      before: { controlSwitches: [] },
      after: { controlSwitches: switches },
    });
    expect(audit.data.entries[0]).toMatchObject({
      before: { controlSwitches: switches },
      after: { controlSwitches: [] },
    });
  });

  it('refuses unknown switches, operators without the admin role and member tokens', async () => {
    const unknown = await setSwitches({ controlSwitches: [1, 4], reason: 'x' });
    expectRefused(unknown, 1000);
    expect(unknown.msg).toContain('controlSwitches.1');
    expectRefused(await setSwitches({ controlSwitches: [1] }), 1000);
    expectRefused(await setSwitches({ controlSwitches: [1], reason: 'x' }, trader), 6005);
    const asMember: Answer = await testApp.call('/admin/api/site/switches/set', {
      ...member.auth,
      controlSwitches: [1],
      reason: 'x',
    });
    expectRefused(asMember, 6004);
    expect(await sysInit()).toEqual([]);
  });
});
