import {
  memberChangeCurrency,
  memberCreateTryPlay,
  memberLoginAuto,
  memberLogout,
  memberPasswordEdit,
  memberProfile,
  memberType,
  type Session,
  userType,
  visitorCreate,
  visitorLogin,
} from '@sb/contract';
import { demoCurrencyCode } from '@sb/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/modules/identity/identity.schema';
import { createTestApp, type TestApp } from '../test-app';
import {
  authOf,
  expectContractOutput,
  expectOk,
  expectRefused,
  registerMember,
  wirePassword,
} from './helpers';

const hour = 3_600_000;
/** The test app's SESSION_TTL_HOURS. */
const sessionTtlMs = 24 * hour;

/** A clock the tests move forward to age tokens; the server reads it through `now`. */
let clock = Date.parse('2030-01-01T00:00:00Z');
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ now: () => new Date(clock) });
});
afterAll(() => testApp.close());

async function createVisitor(): Promise<Session> {
  return expectContractOutput(
    visitorCreate,
    expectOk(await testApp.call<Session>(visitorCreate.path, {})),
  );
}

describe('visitor identity', () => {
  it('creates a visitor with memberId 0, the visitor type and a token that expires after the session lifetime', async () => {
    const visitor = await createVisitor();
    expect(visitor).toMatchObject({
      memberId: 0,
      type: memberType.visitor,
      pUid: 0,
      account: null,
      channelType: 'a1',
      agentId: 0,
      oddsConfig: [0, 0, 0, 0, 0],
    });
    expect(visitor.token.length).toBeGreaterThanOrEqual(32);
    expect(visitor.expiresAt).toBe(clock + sessionTtlMs);
  });

  it('gives every visitor its own uid and token', async () => {
    const [first, second] = await Promise.all([createVisitor(), createVisitor()]);
    expect(first?.uid).not.toBe(second?.uid);
    expect(first?.token).not.toBe(second?.token);
  });

  it('creates the visitor in the language the client asks for', async () => {
    const answer = await testApp.call<Session>(visitorCreate.path, { lang: 'en' });
    expect(expectContractOutput(visitorCreate, expectOk(answer)).languageCode).toBe('en');
  });

  it('resumes a stored visitor identity with visitor/login', async () => {
    const visitor = await createVisitor();
    const resumed = expectContractOutput(
      visitorLogin,
      expectOk(await testApp.call<Session>(visitorLogin.path, authOf(visitor))),
    );
    expect(resumed).toMatchObject({ uid: visitor.uid, token: visitor.token, memberId: 0 });
  });

  it('refuses visitor/login for an unknown token with 403', async () => {
    const answer = await testApp.call(visitorLogin.path, { token: 'not-a-token' });
    expectRefused(answer, 403);
  });

  it("refuses a visitor's token on member-only calls with 402", async () => {
    const visitor = await createVisitor();
    expectRefused(
      await testApp.call(memberPasswordEdit.path, {
        ...authOf(visitor),
        pwd: wirePassword('new-one'),
        oldPwd: wirePassword('old-one'),
      }),
      402,
    );
    expectRefused(
      await testApp.call(memberChangeCurrency.path, { ...authOf(visitor), currencyId: 2 }),
      402,
    );
  });
});

describe('session tokens', () => {
  it('refuses a session call without a token with 403', async () => {
    expectRefused(await testApp.call(memberProfile.path, {}), 403);
    expectRefused(await testApp.call(memberLoginAuto.path, {}), 403);
    expectRefused(await testApp.call(userType.path, { token: '' }), 403);
  });

  it('refuses an unknown token with 403, on session and member calls alike', async () => {
    expectRefused(await testApp.call(memberProfile.path, { token: 'x'.repeat(43) }), 403);
    expectRefused(
      await testApp.call(memberChangeCurrency.path, { token: 'x'.repeat(43), currencyId: 2 }),
      403,
    );
  });

  it('refuses a token sent with a uid that is not its own with 403', async () => {
    const visitor = await createVisitor();
    const other = await createVisitor();
    expectRefused(
      await testApp.call(memberProfile.path, { token: visitor.token, uid: other.uid }),
      403,
    );
    // The token alone, or with its own uid, still works.
    expectOk(await testApp.call(memberProfile.path, { token: visitor.token }));
    expectOk(await testApp.call(memberProfile.path, authOf(visitor)));
  });

  it('login/auto answers the same session afresh and pushes its expiry out', async () => {
    const { session } = await registerMember(testApp);
    expect(session.expiresAt).toBe(clock + sessionTtlMs);

    clock += 20 * hour;
    const resumed = expectContractOutput(
      memberLoginAuto,
      expectOk(await testApp.call<Session>(memberLoginAuto.path, authOf(session))),
    );
    expect(resumed).toMatchObject({
      uid: session.uid,
      token: session.token,
      memberId: session.memberId,
      account: session.account,
      expiresAt: clock + sessionTtlMs,
    });

    // 40 hours after login: past the first expiry, inside the extended one.
    clock += 20 * hour;
    expectOk(await testApp.call(memberProfile.path, authOf(session)));
  });

  it('refuses a token once it has expired, and login/auto cannot revive it', async () => {
    const { session } = await registerMember(testApp);
    clock += sessionTtlMs - 1000;
    expectOk(await testApp.call(memberProfile.path, authOf(session)));
    clock += 1000;
    expectRefused(await testApp.call(memberProfile.path, authOf(session)), 403);
    expectRefused(await testApp.call(memberLoginAuto.path, authOf(session)), 403);
  });

  it('logout revokes exactly the token it was called with', async () => {
    const { session } = await registerMember(testApp);
    const visitor = await createVisitor();
    expect(
      expectContractOutput(
        memberLogout,
        expectOk(await testApp.call(memberLogout.path, authOf(session))),
      ),
    ).toBeNull();
    expectRefused(await testApp.call(memberProfile.path, authOf(session)), 403);
    expectRefused(await testApp.call(memberLoginAuto.path, authOf(session)), 403);
    expectRefused(await testApp.call(memberLogout.path, authOf(session)), 403);
    expectOk(await testApp.call(memberProfile.path, authOf(visitor)));
  });

  it('refuses the tokens of a blocked account with 403', async () => {
    const { session } = await registerMember(testApp);
    await testApp.database.db
      .update(users)
      .set({ blockedAt: new Date(clock) })
      .where(eq(users.uid, session.uid));
    expectRefused(await testApp.call(memberProfile.path, authOf(session)), 403);
  });

  it('stores tokens only as hashes and passwords only as argon2id', async () => {
    const { session, password } = await registerMember(testApp);
    const visitor = await createVisitor();
    const rows = await testApp.database.db.select().from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const stored = JSON.stringify(row);
      expect(stored).not.toContain(session.token);
      expect(stored).not.toContain(visitor.token);
    }
    const [member] = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.uid, session.uid));
    expect(member?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(member?.passwordHash).not.toContain(wirePassword(password));
  });
});

describe('try-play (demo) accounts', () => {
  it('creates a demo account with pUid above 0 and the DEMO currency', async () => {
    const demo = expectContractOutput(
      memberCreateTryPlay,
      expectOk(await testApp.call<Session>(memberCreateTryPlay.path, {})),
    );
    expect(demo.pUid).toBeGreaterThan(0);
    expect(demo.memberId).toBeGreaterThan(0);
    expect(demo.type).toBe(memberType.demo);
    expect(demo.currencyCode).toBe(demoCurrencyCode);
    expect(demo.account).toBeNull();
    const profile = expectOk(
      await testApp.call<{ pUid: number; currencyCode: string }>(memberProfile.path, authOf(demo)),
    );
    expect(profile).toMatchObject({ pUid: demo.pUid, currencyCode: demoCurrencyCode });
  });

  it('gives each demo account its own pUid', async () => {
    const first = expectOk(await testApp.call<Session>(memberCreateTryPlay.path, {}));
    const second = expectOk(await testApp.call<Session>(memberCreateTryPlay.path, {}));
    expect(first.pUid).not.toBe(second.pUid);
  });
});
