import {
  type CallDefinition,
  collectionCreate,
  isOperatorAuth,
  openPasscodeIssue,
} from '@sb/contract';
import fc from 'fast-check';
import { signPartnerToken } from '../../src/modules/identity/partner-auth';
import { newAccountName } from '../identity/helpers';
import { createOperator, freshIp, signIn } from '../operators/helpers';
import {
  cny,
  expectOk,
  fundedMember,
  type Pick,
  placeBet,
  single,
  type TestMember,
} from '../orders/helpers';
import { type TestApp, testPartnerChannel, testPartnerSecret } from '../test-app';

/** Who a case is sent as, and the real values it owns or can name. */
export interface Caller {
  member: TestMember;
  bearer?: string;
  known: Record<string, fc.Arbitrary<unknown>>;
}

/** The server and book the callers are made on. */
export interface CallerWorld {
  testApp: TestApp;
  picks: readonly Pick[];
  /** The app's clock, epoch milliseconds. */
  now(): number;
}

/**
 * What a partner signs a player in with: authTokens for a principal of its own, and a passcode
 * obtained with one, so the partner calls get past their signatures to the work they guard. A
 * token works once, so each case draws a token never used before.
 */
async function partnerProofFor(world: CallerWorld, principal: string) {
  let signed = 0;
  const signToken = () => {
    signed += 1;
    const claims = {
      channel: testPartnerChannel,
      principal,
      exp: Math.floor(world.now() / 1000) + 600,
      nonce: `case-${signed}`,
    };
    return signPartnerToken(claims, testPartnerSecret);
  };
  const issued = expectOk(
    await world.testApp.call<{ passcode: string }>(openPasscodeIssue.path, {
      authToken: signToken(),
      principal,
      channel: testPartnerChannel,
    }),
  );
  return {
    principal,
    authToken: fc.constant(null).map(() => signToken()),
    passcode: issued.passcode,
  };
}

/**
 * A funded member with a bet and a bank collection order of its own, and for back-office calls
 * an admin; the values they can name are offered to the fields of the same name, since ids
 * drawn at random name nothing and most handlers would answer "not found" before the work they
 * guard.
 */
export async function callerFor(world: CallerWorld, call: CallDefinition): Promise<Caller> {
  const { testApp, picks } = world;
  const member = await fundedMember(testApp, 1_000_000);
  const orderNos: string[] = [];
  // The first pick whose market is still open: accepted back-office cases hold, void and
  // settle the markets of the picks as they go.
  for (const pick of picks) {
    const bet = await placeBet(testApp, member, single(pick));
    if (bet.code !== 0) continue;
    orderNos.push(bet.data.orderNo);
    break;
  }
  const collection = expectOk(
    await testApp.call<{ orderNo: string }>(collectionCreate.path, {
      ...member.auth,
      scale: 2,
      payTypeId: 201,
      amount: 20_000,
    }),
  );
  const partner = await partnerProofFor(world, newAccountName('fuzz'));
  const today = new Date(world.now()).toISOString().slice(0, 10);
  const eventId = fc.constantFrom(...picks.map((entry) => entry.event.fixture.eventId));
  const known: Record<string, fc.Arbitrary<unknown>> = {
    userId: fc.constant(member.userId),
    currencyId: fc.constant(cny.currencyId),
    toCurrencyId: fc.constant(cny.currencyId),
    scale: fc.constantFrom(2, 0),
    amount: fc.integer({ min: 1_000, max: 50_000 }),
    orderNo: fc.constantFrom(...orderNos, collection.orderNo),
    matchId: eventId,
    subjectId: eventId,
    eventId,
    sportId: fc.constantFrom(...picks.map((entry) => entry.event.fixture.sportId)),
    playId: fc.constantFrom(...picks.map((entry) => entry.market.playId)),
    specifiers: fc.constantFrom(...picks.map((entry) => entry.market.specifiers)),
    pwd: fc.constant(member.password),
    oldPwd: fc.constant(member.password),
    loginPwd: fc.constant(member.password),
    payTypeId: fc.constant(201),
    date: fc.constant(today),
    startDate: fc.constant(today),
    endDate: fc.constant(today),
    authToken: partner.authToken,
    principal: fc.constant(partner.principal),
    channel: fc.constant(testPartnerChannel),
    passcode: fc.constant(partner.passcode),
  };
  if (!isOperatorAuth(call.auth)) return { member, known };
  const admin = await createOperator(testApp.database, ['admin']);
  return { member, known, bearer: (await signIn(testApp, admin, world.now(), freshIp())).token };
}
