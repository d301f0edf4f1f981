import {
  channelTypes,
  errorCatalogue,
  memberProfile,
  memberType,
  openMemberLogin,
  openPasscodeIssue,
  openPasscodeLogin,
  partnerPasscodeLifetimeSeconds,
  type Session,
} from '@sb/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerSettings, sessions } from '../../src/modules/identity/identity.schema';
import { type PartnerClaims, signPartnerToken } from '../../src/modules/identity/partner-auth';
import { partnerTokenUses } from '../../src/modules/identity/partner-token.schema';
import { partnerPasscodes } from '../../src/modules/identity/passcode.schema';
import { sha256Hex } from '../../src/platform/secrets';
import { createTestApp, type TestApp, testPartnerChannel, testPartnerSecret } from '../test-app';
import {
  authOf,
  expectContractOutput,
  expectOk,
  expectRefused,
  newAccountName,
  partnerTokenNonce,
} from './helpers';

/** The server's clock, moved by the expiry tests. */
let clock = Date.parse('2030-03-01T08:00:00Z');
const nowSeconds = () => Math.floor(clock / 1000);

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ now: () => new Date(clock) });
});
afterAll(() => testApp.close());

const passcodeInvalid = errorCatalogue.PARTNER_PASSCODE_INVALID.code;
const newPrincipal = () => newAccountName('pc');

function claimsFor(principal: string, extra: Partial<PartnerClaims> = {}): PartnerClaims {
  return {
    channel: testPartnerChannel,
    principal,
    exp: nowSeconds() + 600,
    nonce: partnerTokenNonce(),
    ...extra,
  };
}

/** The partner's server asking for a passcode, signing as it would for a login. */
function issuePasscode(
  principal: string,
  options: { claims?: Partial<PartnerClaims>; secret?: string; fields?: object } = {},
) {
  const claims = claimsFor(principal, options.claims);
  return testApp.call<{ passcode: string; expiresAt: number }>(openPasscodeIssue.path, {
    authToken: signPartnerToken(claims, options.secret ?? testPartnerSecret),
    principal,
    channel: claims.channel,
    ...options.fields,
  });
}

async function newPasscode(principal: string, fields: object = {}): Promise<string> {
  return expectOk(await issuePasscode(principal, { fields })).passcode;
}

/** The player's browser redeeming the passcode of its link. */
function redeem(passcode: string) {
  return testApp.call<Session>(openPasscodeLogin.path, { passcode, lang: 'en', siteNo: '7' });
}

async function countRows() {
  const { db } = testApp.database;
  const [passcodes] = await db.select({ rows: count() }).from(partnerPasscodes);
  const [tokens] = await db.select({ rows: count() }).from(sessions);
  const [used] = await db.select({ rows: count() }).from(partnerTokenUses);
  return {
    passcodes: passcodes?.rows ?? 0,
    sessions: tokens?.rows ?? 0,
    partnerTokensUsed: used?.rows ?? 0,
  };
}

async function setPartnerEnabled(isEnabled: boolean): Promise<void> {
  const { db } = testApp.database;
  await db.delete(partnerSettings).where(eq(partnerSettings.channel, testPartnerChannel));
  if (!isEnabled)
    await db.insert(partnerSettings).values({
      channel: testPartnerChannel,
      isEnabled: false,
      updatedBy: 1,
      updatedAt: new Date(clock),
    });
}

describe('issuing a passcode', () => {
  it('answers a one-time passcode that lives a minute, keeping only its hash', async () => {
    const principal = newPrincipal();
    const issued = expectContractOutput(
      openPasscodeIssue,
      expectOk(await issuePasscode(principal)),
    );
    expect(issued.passcode).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(issued.expiresAt).toBe(clock + partnerPasscodeLifetimeSeconds * 1000);
    const [row] = await testApp.database.db
      .select()
      .from(partnerPasscodes)
      .where(eq(partnerPasscodes.principal, principal));
    expect(row).toMatchObject({
      codeHash: sha256Hex(issued.passcode),
      channel: testPartnerChannel,
      usedAt: null,
    });
    const stored = JSON.stringify(await testApp.database.db.select().from(partnerPasscodes));
    expect(stored).not.toContain(issued.passcode);
  });

  it('answers a new passcode each time', async () => {
    const principal = newPrincipal();
    expect(await newPasscode(principal)).not.toBe(await newPasscode(principal));
  });

  const refusals: { name: string; code: number; options: Parameters<typeof issuePasscode>[1] }[] = [
    {
      name: 'a token signed with another secret',
      code: errorCatalogue.PARTNER_AUTH_INVALID.code,
      options: { secret: 'z'.repeat(40) },
    },
    {
      name: 'an expired token',
      code: errorCatalogue.PARTNER_AUTH_INVALID.code,
      options: { claims: { exp: Math.floor(clock / 1000) } },
    },
    {
      name: 'a request naming another principal than the token',
      code: errorCatalogue.PARTNER_AUTH_INVALID.code,
      options: { fields: { principal: 'someone-else' } },
    },
    {
      name: 'a request naming another channel than the token',
      code: errorCatalogue.PARTNER_AUTH_INVALID.code,
      options: { fields: { channel: 'other' } },
    },
    {
      name: 'the demo currency',
      code: errorCatalogue.CURRENCY_NOT_ALLOWED.code,
      options: { fields: { currencyCode: 'DEMO' } },
    },
  ];
  it.each(refusals)('refuses $name and stores nothing', async ({ code, options }) => {
    const before = await countRows();
    expectRefused(await issuePasscode(newPrincipal(), options), code);
    expect(await countRows()).toEqual(before);
  });

  it('refuses a partner an operator turned off, with 2011, without spending the token', async () => {
    const principal = newPrincipal();
    const authToken = signPartnerToken(claimsFor(principal), testPartnerSecret);
    const issueWith = () =>
      testApp.call(openPasscodeIssue.path, { authToken, principal, channel: testPartnerChannel });
    await setPartnerEnabled(false);
    try {
      const before = await countRows();
      expectRefused(await issueWith(), errorCatalogue.PARTNER_DISABLED.code);
      expect(await countRows()).toEqual(before);
    } finally {
      await setPartnerEnabled(true);
    }
    expectOk(await issueWith());
  });

  it('spends the authToken: it obtains no second passcode and signs nobody in', async () => {
    const principal = newPrincipal();
    const authToken = signPartnerToken(claimsFor(principal), testPartnerSecret);
    const fields = { authToken, principal, channel: testPartnerChannel };
    expectOk(await testApp.call(openPasscodeIssue.path, fields));
    const before = await countRows();
    const again = await testApp.call(openPasscodeIssue.path, fields);
    expectRefused(again, errorCatalogue.PARTNER_AUTH_INVALID.code);
    expect(again.msg).toContain('already used');
    expectRefused(
      await testApp.call(openMemberLogin.path, fields),
      errorCatalogue.PARTNER_AUTH_INVALID.code,
    );
    expect(await countRows()).toEqual(before);
  });

  it('sweeps the used tokens once they have expired, when another is used', async () => {
    await newPasscode(newPrincipal());
    clock += 601_000;
    const principal = newPrincipal();
    const authToken = signPartnerToken(claimsFor(principal), testPartnerSecret);
    expectOk(
      await testApp.call(openPasscodeIssue.path, {
        authToken,
        principal,
        channel: testPartnerChannel,
      }),
    );
    const rows = await testApp.database.db.select().from(partnerTokenUses);
    expect(rows.map((row) => row.tokenHash)).toEqual([sha256Hex(authToken)]);
  });
});

describe('redeeming a passcode', () => {
  it('signs the player in exactly as the partner login does', async () => {
    const principal = newPrincipal();
    const claims = claimsFor(principal, { agentId: 77 });
    const direct = expectOk(
      await testApp.call<Session>(openMemberLogin.path, {
        authToken: signPartnerToken(claims, testPartnerSecret),
        principal,
        channel: testPartnerChannel,
        lang: 'en',
      }),
    );
    const issued = expectOk(await issuePasscode(principal, { claims: { agentId: 77 } }));
    const session = expectContractOutput(
      openPasscodeLogin,
      expectOk(await redeem(issued.passcode)),
    );
    expect(session).toMatchObject({
      memberId: direct.memberId,
      uid: direct.uid,
      type: memberType.partner,
      channelType: channelTypes.partner,
      channel: testPartnerChannel,
      principal,
      agentId: 77,
      languageCode: 'en',
    });
    expect(session.token).not.toBe(direct.token);
    expectOk(await testApp.call(memberProfile.path, authOf(session)));
  });

  it('plays in the currency the passcode was issued for', async () => {
    const passcode = await newPasscode(newPrincipal(), { currencyCode: 'USD' });
    expect(expectOk(await redeem(passcode)).currencyCode).toBe('USD');
  });

  it('works once: the same passcode again answers 2020 and signs nobody in', async () => {
    const passcode = await newPasscode(newPrincipal());
    expectOk(await redeem(passcode));
    const before = await countRows();
    expectRefused(await redeem(passcode), passcodeInvalid);
    expect(await countRows()).toEqual(before);
  });

  it('answers an unknown passcode as a used one', async () => {
    const used = await newPasscode(newPrincipal());
    expectOk(await redeem(used));
    const unknown = `${used.slice(0, -1)}${used.endsWith('A') ? 'B' : 'A'}`;
    const usedAnswer = await redeem(used);
    const unknownAnswer = await redeem(unknown);
    expectRefused(unknownAnswer, passcodeInvalid);
    expect(unknownAnswer).toEqual(usedAnswer);
  });

  it('works until its minute is up and not a moment after', async () => {
    const start = clock;
    try {
      const lastMoment = await newPasscode(newPrincipal());
      const tooLate = await newPasscode(newPrincipal());
      clock = start + partnerPasscodeLifetimeSeconds * 1000 - 1;
      expectOk(await redeem(lastMoment));
      clock = start + partnerPasscodeLifetimeSeconds * 1000;
      expectRefused(await redeem(tooLate), passcodeInvalid);
    } finally {
      clock = start + partnerPasscodeLifetimeSeconds * 1000 + 1;
    }
  });

  it('is spent by a redemption the partner being turned off refuses', async () => {
    const passcode = await newPasscode(newPrincipal());
    await setPartnerEnabled(false);
    try {
      expectRefused(await redeem(passcode), errorCatalogue.PARTNER_DISABLED.code);
    } finally {
      await setPartnerEnabled(true);
    }
    expectRefused(await redeem(passcode), passcodeInvalid);
  });

  it('sweeps expired passcodes when new ones are issued', async () => {
    await newPasscode(newPrincipal());
    clock += partnerPasscodeLifetimeSeconds * 1000 + 1;
    const fresh = await newPasscode(newPrincipal());
    const rows = await testApp.database.db.select().from(partnerPasscodes);
    expect(rows.map((row) => row.codeHash)).toEqual([sha256Hex(fresh)]);
  });
});

describe('two redemptions of one passcode at once', () => {
  it(`sign in exactly once (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const rounds = 12;
    const racers = 4;
    for (let round = 0; round < rounds; round += 1) {
      const passcode = await newPasscode(newPrincipal());
      const before = await countRows();
      const answers = await Promise.all(Array.from({ length: racers }, () => redeem(passcode)));
      const winners = answers.filter((answer) => answer.code === 0);
      const losers = answers.filter((answer) => answer.code !== 0);
      expect(winners, `round ${round}`).toHaveLength(1);
      for (const loser of losers) expectRefused(loser, passcodeInvalid);
      const after = await countRows();
      expect(after.sessions).toBe(before.sessions + 1);
    }
  });
});
