import { type AuditEntry, auditList, errorCatalogue, operatorLogout } from '@sb/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database';
import { createAuditService } from '../../src/modules/operators/audit.service';
import { operatorAuditLog } from '../../src/modules/operators/operators.schema';
import { createTestApp, type TestApp } from '../test-app';
import {
  adminCall,
  createOperator,
  expectRefused,
  freshIp,
  signIn,
  type TestOperator,
} from './helpers';

type Page = { entries: AuditEntry[]; nextBeforeId: number | null };

let clock = Date.parse('2030-07-01T09:00:05Z');
const now = () => new Date(clock);
let testApp: TestApp;
let admin: TestOperator;
let adminToken: string;
let audit: ReturnType<typeof createAuditService>;

beforeAll(async () => {
  testApp = await createTestApp({ now });
  audit = createAuditService({ db: testApp.database.db, now });
  admin = await createOperator(testApp.database, ['admin']);
  adminToken = (await signIn(testApp, admin, clock)).token;
});
afterAll(() => testApp.close());

const list = (fields: Record<string, unknown> = {}) =>
  adminCall<Page>(testApp, auditList.path, { bearer: adminToken, fields });

/** Records entries in a transaction of their own, as a module would inside its own work. */
function recordAll(entries: Parameters<typeof audit.record>[1][]) {
  return testApp.database.db.transaction(async (transaction) => {
    const ids = [];
    for (const entry of entries)
      ids.push((await audit.record(transaction as unknown as Database, entry)).id);
    return ids;
  });
}

describe('audit entries of sign-in', () => {
  it('records creation, login and logout with who, what and from where', async () => {
    const operator = await createOperator(testApp.database, ['finance']);
    const ip = freshIp();
    const session = await signIn(testApp, operator, clock, ip);
    await adminCall(testApp, operatorLogout.path, { bearer: session.token, ip });
    const page = expectPage(await list({ operatorId: operator.operatorId }));
    expect(page.entries.map((entry) => entry.action)).toEqual([
      'operator.logout',
      'operator.login',
    ]);
    expect(page.entries[1]).toMatchObject({
      operatorId: operator.operatorId,
      operatorUsername: operator.username,
      targetType: 'operator_session',
      ip,
      at: clock,
    });
    const created = expectPage(
      await list({ targetType: 'operator', targetId: String(operator.operatorId) }),
    );
    expect(created.entries).toEqual([
      expect.objectContaining({
        operatorId: null,
        operatorUsername: null,
        action: 'operator.create',
        after: { username: operator.username, roles: ['finance'] },
        reason: 'test',
      }),
    ]);
  });
});

function expectPage(answer: { code: number; msg: string; data: Page }): Page {
  expect(answer.code, answer.msg).toBe(0);
  expect(auditList.output.parse(answer.data)).toEqual(answer.data);
  return answer.data;
}

describe('audit.record', () => {
  it("commits with the caller's transaction and rolls back with it", async () => {
    const action = 'test.rollback';
    await expect(
      testApp.database.db.transaction(async (transaction) => {
        await audit.record(transaction as unknown as Database, {
          operatorId: admin.operatorId,
          action,
        });
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(expectPage(await list({ action })).entries).toHaveLength(0);
    await recordAll([{ operatorId: admin.operatorId, action }]);
    expect(expectPage(await list({ action })).entries).toHaveLength(1);
  });

  it('keeps before and after as JSON, with the reason and target', async () => {
    const [id] = await recordAll([
      {
        operatorId: admin.operatorId,
        action: 'withdrawal.approve',
        target: { type: 'withdrawal', id: 42 },
        before: { status: 'pending', amountMinor: 12_345, tags: ['a'] },
        after: { status: 'approved', reviewedAt: new Date(clock) },
        reason: 'receipt matches',
        ip: '10.1.2.3',
      },
    ]);
    const [entry] = expectPage(await list({ targetType: 'withdrawal', targetId: '42' })).entries;
    expect(entry).toEqual({
      id,
      operatorId: admin.operatorId,
      operatorUsername: admin.username,
      action: 'withdrawal.approve',
      targetType: 'withdrawal',
      targetId: '42',
      before: { status: 'pending', amountMinor: 12_345, tags: ['a'] },
      after: { status: 'approved', reviewedAt: new Date(clock).toISOString() },
      reason: 'receipt matches',
      at: clock,
      ip: '10.1.2.3',
    });
  });

  it.each([
    [{ action: 'Approve' }, /action/],
    [{ action: 'withdrawal' }, /action/],
    [{ action: 'withdrawal.approve', target: { type: '', id: 1 } }, /target type/],
    [{ action: 'withdrawal.approve', after: { blob: 'x'.repeat(70_000) } }, /after/],
  ])('refuses a malformed entry %#, writing nothing', async (entry, message) => {
    const [before] = await testApp.database.db.select({ rows: count() }).from(operatorAuditLog);
    await expect(recordAll([{ operatorId: admin.operatorId, ...entry }])).rejects.toThrow(message);
    const [after] = await testApp.database.db.select({ rows: count() }).from(operatorAuditLog);
    expect(after?.rows).toBe(before?.rows);
  });

  it('keeps every entry of many simultaneous transactions', async () => {
    const action = 'test.concurrent';
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        recordAll([{ operatorId: admin.operatorId, action, target: { type: 'test', id: index } }]),
      ),
    );
    expect(new Set(ids.flat()).size).toBe(20);
    expect(expectPage(await list({ action, pageSize: 100 })).entries).toHaveLength(20);
  });
});

describe('/admin/api/audit/list', () => {
  let other: TestOperator;
  const startedAt = clock + 3_600_000;

  beforeAll(async () => {
    other = await createOperator(testApp.database, ['finance']);
    // Five entries a minute apart, by two operators, on two member targets.
    const plan = [
      [admin.operatorId, 'member.unlock', '7'],
      [other.operatorId, 'member.unlock', '8'],
      [admin.operatorId, 'member.limit', '7'],
      [other.operatorId, 'member.limit', '7'],
      [admin.operatorId, 'member.unlock', '8'],
    ] as const;
    clock = startedAt;
    for (const [operatorId, action, memberId] of plan) {
      await recordAll([{ operatorId, action, target: { type: 'member', id: memberId } }]);
      clock += 60_000;
    }
  });

  const actionsOf = (page: Page) =>
    page.entries.map((entry) => `${entry.action}:${entry.targetId}`);

  it('filters by operator, action, target and time, newest first', async () => {
    const inWindow = { from: startedAt, to: startedAt + 5 * 60_000 };
    expect(actionsOf(expectPage(await list({ ...inWindow, targetType: 'member' })))).toEqual([
      'member.unlock:8',
      'member.limit:7',
      'member.limit:7',
      'member.unlock:8',
      'member.unlock:7',
    ]);
    expect(
      actionsOf(expectPage(await list({ ...inWindow, operatorId: other.operatorId }))),
    ).toEqual(['member.limit:7', 'member.unlock:8']);
    expect(actionsOf(expectPage(await list({ ...inWindow, action: 'member.unlock' })))).toEqual([
      'member.unlock:8',
      'member.unlock:8',
      'member.unlock:7',
    ]);
    expect(
      actionsOf(expectPage(await list({ ...inWindow, targetType: 'member', targetId: '7' }))),
    ).toEqual(['member.limit:7', 'member.limit:7', 'member.unlock:7']);
    // `from` is inclusive and `to` exclusive: minutes 1 and 2 of the five.
    expect(
      actionsOf(expectPage(await list({ from: startedAt + 60_000, to: startedAt + 3 * 60_000 }))),
    ).toEqual(['member.limit:7', 'member.unlock:8']);
    expect(
      expectPage(await list({ ...inWindow, operatorId: other.operatorId, action: 'member.lock' }))
        .entries,
    ).toEqual([]);
  });

  it('pages through with beforeId, each entry once', async () => {
    const filter = { targetType: 'member', pageSize: 2 };
    const seen: string[] = [];
    let beforeId: number | undefined;
    const pageSizes: number[] = [];
    do {
      const page = expectPage(await list({ ...filter, ...(beforeId ? { beforeId } : {}) }));
      pageSizes.push(page.entries.length);
      seen.push(...page.entries.map((entry) => String(entry.id)));
      beforeId = page.nextBeforeId ?? undefined;
    } while (beforeId !== undefined);
    expect(pageSizes).toEqual([2, 2, 1]);
    expect(new Set(seen).size).toBe(5);
  });

  it.each([
    [{ targetId: '7' }, 'targetId'],
    [{ from: 2_000, to: 1_000 }, 'to'],
    [{ pageSize: 101 }, 'pageSize'],
    [{ pageSize: 0 }, 'pageSize'],
    [{ operatorId: 'x' }, 'operatorId'],
    [{ from: 9e15 }, 'from'],
    [{ target: 'member' }, 'unknown field "target"'],
  ])('refuses %j naming %s', async (fields, field) => {
    const answer = await list(fields);
    expectRefused(answer, errorCatalogue.INVALID_INPUT.code);
    expect(answer.msg).toContain(field);
  });
});

/** The database's own refusal, which the query layer may wrap in an error of its own. */
async function expectAppendOnlyRefusal(statement: Promise<unknown>): Promise<void> {
  const error = await statement.then(
    () => null,
    (caught: unknown) => caught as Error & { cause?: Error },
  );
  expect(error, 'the statement should have been refused').not.toBeNull();
  expect(`${error?.message} ${error?.cause?.message ?? ''}`).toMatch(
    /append-only: (UPDATE|DELETE|TRUNCATE) refused/,
  );
}

describe('the audit table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const [id] = await recordAll([{ operatorId: admin.operatorId, action: 'test.immutable' }]);
    const { db } = testApp.database;
    await expectAppendOnlyRefusal(
      db.execute(sql`update operator_audit_log set action = 'test.changed' where id = ${id}`),
    );
    await expectAppendOnlyRefusal(db.execute(sql`delete from operator_audit_log where id = ${id}`));
    await expectAppendOnlyRefusal(db.execute(sql`truncate operator_audit_log cascade`));
    const [row] = await db
      .select({ action: operatorAuditLog.action })
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.id, id as number));
    expect(row?.action).toBe('test.immutable');
  });
});
