import {
  channelTypes,
  errorCatalogue,
  memberPasswordEdit,
  memberProfile,
  memberType,
  openMemberLogin,
  type Session,
  userType,
} from '@sb/contract';
import { defaultCurrencyCode } from '@sb/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/identity/identity.schema';
import {
  type PartnerClaims,
  partnerTokenMaxLifetimeSeconds,
  signPartnerToken,
} from '../../src/modules/identity/partner-auth';
import { partnerTokenUses } from '../../src/modules/identity/partner-token.schema';
import { sha256Hex } from '../../src/platform/secrets';
import { createTestApp, type TestApp, testPartnerChannel, testPartnerSecret } from '../test-app';
import { createTestDatabase } from '../test-database';
import {
  authOf,
  countIdentityRows,
  expectContractOutput,
  expectOk,
  expectRefused,
  newAccountName,
  partnerTokenNonce,
  wirePassword,
} from './helpers';

const clock = Date.parse('2030-01-01T00:00:00Z');
const nowSeconds = Math.floor(clock / 1000);

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ now: () => new Date(clock) });
});
afterAll(() => testApp.close());

const newPrincipal = () => newAccountName('player');

function claimsFor(principal: string, extra: Partial<PartnerClaims> = {}): PartnerClaims {
  return {
    channel: testPartnerChannel,
    principal,
    exp: nowSeconds + 600,
    nonce: partnerTokenNonce(),
    ...extra,
  };
}

/** A partner login as the partner's page makes it, signed with the partner's secret. */
function partnerLogin(
  principal: string,
  options: {
    claims?: Partial<PartnerClaims>;
    secret?: string;
    fields?: Record<string, unknown>;
  } = {},
) {
  const claims = claimsFor(principal, options.claims);
  return testApp.call<Session>(openMemberLogin.path, {
    authToken: signPartnerToken(claims, options.secret ?? testPartnerSecret),
    principal,
    channel: claims.channel,
    lang: 'en',
    siteNo: '7',
    ...options.fields,
  });
}

describe('partner login', () => {
  it('signs a partner player in as a v2 partner member with the agent id of the claims', async () => {
    const principal = newPrincipal();
    const session = expectContractOutput(
      openMemberLogin,
      expectOk(await partnerLogin(principal, { claims: { agentId: 4242 } })),
    );
    expect(session).toMatchObject({
      type: memberType.partner,
      channelType: channelTypes.partner,
      agentId: 4242,
      principal,
      pUid: 0,
      account: null,
      currencyCode: defaultCurrencyCode,
      languageCode: 'en',
    });
    expect(session.memberId).toBeGreaterThan(0);
    const kind = expectOk(await testApp.call(userType.path, authOf(session)));
    expect(kind).toMatchObject({ isPartner: true, isDemo: false, isVisitor: false });
  });

  it('gives a player whose claims carry no agent id an agent id above 0', async () => {
    const session = expectOk(await partnerLogin(newPrincipal()));
    expect(session.agentId).toBeGreaterThan(0);
    expect(session.channelType).toBe('v2');
  });

  it('signs the same principal in as the same member every time, each login with its own token', async () => {
    const principal = newPrincipal();
    const first = expectOk(await partnerLogin(principal));
    const before = await countIdentityRows(testApp);
    const second = expectOk(await partnerLogin(principal, { claims: { agentId: 9 } }));
    expect(second.memberId).toBe(first.memberId);
    expect(second.uid).toBe(first.uid);
    expect(second.token).not.toBe(first.token);
    expect(second.agentId).toBe(9);
    const after = await countIdentityRows(testApp);
    expect(after.users).toBe(before.users);
    expectOk(await testApp.call(memberProfile.path, authOf(first)));
    expectOk(await testApp.call(memberProfile.path, authOf(second)));
  });

  it('creates one member when two first logins of a principal race', async () => {
    const principal = newPrincipal();
    const before = await countIdentityRows(testApp);
    const answers = await Promise.all([partnerLogin(principal), partnerLogin(principal)]);
    const [first, second] = answers.map((answer) => expectOk(answer));
    expect(first?.memberId).toBe(second?.memberId);
    const after = await countIdentityRows(testApp);
    expect(after.users).toBe(before.users + 1);
    expect(after.sessions).toBe(before.sessions + 2);
  });

  it('plays in the currency the login asks for, else the one in the claims', async () => {
    const fromField = expectOk(
      await partnerLogin(newPrincipal(), { fields: { currencyCode: 'usd' } }),
    );
    expect(fromField.currencyCode).toBe('USD');
    const fromClaims = expectOk(
      await partnerLogin(newPrincipal(), { claims: { currencyCode: 'BRL' } }),
    );
    expect(fromClaims.currencyCode).toBe('BRL');
  });

  it('accepts a token that lives exactly the longest allowed lifetime', async () => {
    const answer = await partnerLogin(newPrincipal(), {
      claims: { exp: nowSeconds + partnerTokenMaxLifetimeSeconds },
    });
    expectOk(answer);
  });

  it('refuses the partner password change, which partner players do not have, with 2010', async () => {
    const session = expectOk(await partnerLogin(newPrincipal()));
    expectRefused(
      await testApp.call(memberPasswordEdit.path, {
        ...authOf(session),
        oldPwd: wirePassword('a'),
        pwd: wirePassword('b'),
      }),
      errorCatalogue.NOT_ALLOWED_FOR_MEMBER_TYPE.code,
    );
  });

  it('refuses a blocked partner player with 2008', async () => {
    const principal = newPrincipal();
    const session = expectOk(await partnerLogin(principal));
    await testApp.database.db
      .update(users)
      .set({ blockedAt: new Date(clock) })
      .where(eq(users.uid, session.uid));
    expectRefused(await partnerLogin(principal), errorCatalogue.ACCOUNT_BLOCKED.code);
    expectRefused(await testApp.call(memberProfile.path, authOf(session)), 403);
  });
});

describe('partner login refusals', () => {
  const partnerAuthInvalid = errorCatalogue.PARTNER_AUTH_INVALID.code;
  const currencyNotAllowed = errorCatalogue.CURRENCY_NOT_ALLOWED.code;

  const validToken = (principal: string) =>
    signPartnerToken(claimsFor(principal), testPartnerSecret);

  const refusals: {
    name: string;
    code: number;
    fields: (principal: string) => Record<string, unknown>;
  }[] = [
    {
      name: 'a token signed with another secret',
      code: partnerAuthInvalid,
      fields: (principal) => ({
        authToken: signPartnerToken(claimsFor(principal), 'x'.repeat(40)),
      }),
    },
    {
      name: 'a token whose claims were changed after signing',
      code: partnerAuthInvalid,
      fields: (principal) => {
        const [, signature] = validToken(principal).split('.');
        const forged = Buffer.from(JSON.stringify(claimsFor(principal, { agentId: 1 }))).toString(
          'base64url',
        );
        return { authToken: `${forged}.${signature}` };
      },
    },
    {
      name: 'an expired token',
      code: partnerAuthInvalid,
      fields: (principal) => ({
        authToken: signPartnerToken(claimsFor(principal, { exp: nowSeconds }), testPartnerSecret),
      }),
    },
    {
      name: 'a token that would live longer than an hour',
      code: partnerAuthInvalid,
      fields: (principal) => ({
        authToken: signPartnerToken(
          claimsFor(principal, { exp: nowSeconds + partnerTokenMaxLifetimeSeconds + 1 }),
          testPartnerSecret,
        ),
      }),
    },
    {
      name: 'a channel the site does not know',
      code: partnerAuthInvalid,
      fields: (principal) => ({
        authToken: signPartnerToken(claimsFor(principal, { channel: 'unknown' }), 'y'.repeat(40)),
        channel: 'unknown',
      }),
    },
    {
      name: 'a login for another principal than the token names',
      code: partnerAuthInvalid,
      fields: () => ({ authToken: validToken(newPrincipal()) }),
    },
    {
      name: 'a login naming another channel than the token',
      code: partnerAuthInvalid,
      fields: () => ({ channel: 'other' }),
    },
    {
      name: 'a token that is not a signed token at all',
      code: partnerAuthInvalid,
      fields: () => ({ authToken: 'not-a-token' }),
    },
    {
      name: 'a token with an extra part',
      code: partnerAuthInvalid,
      fields: (principal) => ({ authToken: `${validToken(principal)}.extra` }),
    },
    {
      name: 'a signed payload that is not JSON claims',
      code: partnerAuthInvalid,
      fields: () => {
        const payload = Buffer.from('["not", "claims"]').toString('base64url');
        return { authToken: `${payload}.${validToken('x').split('.')[1]}` };
      },
    },
    {
      name: 'the demo currency',
      code: currencyNotAllowed,
      fields: () => ({ currencyCode: 'DEMO' }),
    },
    {
      name: 'the demo currency named in the claims',
      code: currencyNotAllowed,
      fields: (principal) => ({
        authToken: signPartnerToken(
          claimsFor(principal, { currencyCode: 'DEMO' }),
          testPartnerSecret,
        ),
      }),
    },
    {
      name: 'a currency the site does not know',
      code: currencyNotAllowed,
      fields: () => ({ currencyCode: 'XYZ' }),
    },
  ];

  for (const refusal of refusals) {
    it(`refuses ${refusal.name} with ${refusal.code} and creates nobody`, async () => {
      const principal = newPrincipal();
      const before = await countIdentityRows(testApp);
      const answer = await testApp.call(openMemberLogin.path, {
        authToken: validToken(principal),
        principal,
        channel: testPartnerChannel,
        ...refusal.fields(principal),
      });
      expectRefused(answer, refusal.code);
      expect(await countIdentityRows(testApp)).toEqual(before);
    });
  }

  it('refuses a token signed for a principal that is only the same after trimming', async () => {
    const principal = newPrincipal();
    const padded = ` ${principal}`;
    const answer = await testApp.call(openMemberLogin.path, {
      authToken: signPartnerToken(claimsFor(padded), testPartnerSecret),
      principal: padded,
      channel: testPartnerChannel,
    });
    expectRefused(answer, partnerAuthInvalid);
  });
});

describe('one use per authToken', () => {
  const partnerAuthInvalid = errorCatalogue.PARTNER_AUTH_INVALID.code;
  const loginWith = (app: TestApp, authToken: string, principal: string) =>
    app.call<Session>(openMemberLogin.path, {
      authToken,
      principal,
      channel: testPartnerChannel,
    });

  it('signs in once: the same token again answers 2007, signs nobody in and stores nothing', async () => {
    const principal = newPrincipal();
    const authToken = signPartnerToken(claimsFor(principal), testPartnerSecret);
    expectOk(await loginWith(testApp, authToken, principal));
    const before = await countIdentityRows(testApp);
    const replayed = await loginWith(testApp, authToken, principal);
    expectRefused(replayed, partnerAuthInvalid);
    expect(replayed.msg).toContain('already used');
    expect(await countIdentityRows(testApp)).toEqual(before);
  });

  it('keeps only a hash of each used token', async () => {
    const principal = newPrincipal();
    const authToken = signPartnerToken(claimsFor(principal), testPartnerSecret);
    expectOk(await loginWith(testApp, authToken, principal));
    const stored = JSON.stringify(await testApp.database.db.select().from(partnerTokenUses));
    expect(stored).toContain(sha256Hex(authToken));
    expect(stored).not.toContain(authToken.split('.')[1]);
  });

  it('is not spent by a refused login: the token works once the request is right', async () => {
    const principal = newPrincipal();
    const authToken = signPartnerToken(claimsFor(principal), testPartnerSecret);
    const before = await countIdentityRows(testApp);
    expectRefused(
      await testApp.call(openMemberLogin.path, {
        authToken,
        principal,
        channel: testPartnerChannel,
        currencyCode: 'DEMO',
      }),
      errorCatalogue.CURRENCY_NOT_ALLOWED.code,
    );
    expect(await countIdentityRows(testApp)).toEqual(before);
    expectOk(await loginWith(testApp, authToken, principal));
  });

  it(`lets exactly one of logins racing with one token sign in (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    for (let round = 0; round < 8; round += 1) {
      const principal = newPrincipal();
      const authToken = signPartnerToken(claimsFor(principal), testPartnerSecret);
      const before = await countIdentityRows(testApp);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => loginWith(testApp, authToken, principal)),
      );
      const winners = answers.filter((answer) => answer.code === 0);
      expect(winners, `round ${round}`).toHaveLength(1);
      for (const loser of answers.filter((answer) => answer.code !== 0))
        expectRefused(loser, partnerAuthInvalid);
      const after = await countIdentityRows(testApp);
      expect(after.sessions).toBe(before.sessions + 1);
      expect(after.users).toBe(before.users + 1);
    }
  });

  it('refuses on one process a token another process used (they share the database)', async () => {
    const database = await createTestDatabase();
    const first = await createTestApp({ database, now: () => new Date(clock) });
    const second = await createTestApp({ database, now: () => new Date(clock) });
    try {
      const principal = newPrincipal();
      const authToken = signPartnerToken(claimsFor(principal), testPartnerSecret);
      expectOk(await loginWith(first, authToken, principal));
      expectRefused(await loginWith(second, authToken, principal), partnerAuthInvalid);
    } finally {
      await first.close();
      await second.close();
      await database.close();
    }
  });
});
