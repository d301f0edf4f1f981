import {
  allCalls,
  type CallAuth,
  type CallDefinition,
  collectionCancel,
  collectionCreate,
  collectionUploadPath,
  depositAddress,
  depositCreate,
  errorCatalogue,
  gameOrderDetail,
  gamePlay,
  houseMinesCashOut,
  houseMinesReveal,
  houseMinesStart,
  isOperatorAuth,
  memberCreateQuickAccount,
  memberCreateTryPlay,
  memberLogout,
  type OperatorRole,
  openMemberLogin,
  operatorHasAnyRole,
  operatorLogout,
  operatorRoles,
  orderCashOut,
  orderCashOutQuote,
  type Session,
  shareCreate,
  shareWithdraw,
  visitorCreate,
  withdrawAccountOperate,
} from '@sb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberReceiptFilePath } from '../../src/modules/deposits/receipt-files.routes';
import { sessions } from '../../src/modules/identity/identity.schema';
import { signPartnerToken } from '../../src/modules/identity/partner-auth';
import { operatorSessions } from '../../src/modules/operators/operators.schema';
import { sha256Hex } from '../../src/platform/secrets';
import { balanceOf, depositRecords, payButtonUrl, paymentIdOf } from '../deposits/helpers';
import { authOf, expectOk, newAccountName } from '../identity/helpers';
import { createOperator, signIn } from '../operators/helpers';
import { type Book, createOrdersTestApp, fundedMember, placeBet, single } from '../orders/helpers';
import { type TestApp, testPartnerChannel, testPartnerSecret } from '../test-app';
import { createWithdrawal, readyMember } from '../withdrawals/helpers';
import { recordFigures, sized } from './reliability-run';

/**
 * Every call of the contract against every kind of caller, in every encoding the full run
 * sends: refused with exactly the code its auth level documents (call.ts, DESIGN §5), or let
 * through to the call itself, which may refuse empty fields but never for who is asking and
 * never with an internal error. Then the ids a member holds (orders, payout accounts, collection
 * orders and their receipts) asked for by another member: the answer is exactly that of an id
 * that does not exist, so ids cannot be probed.
 */

type Encoding = 'json' | 'form' | 'query';
const encodings: Encoding[] = sized(['json'], ['json', 'form', 'query']);

const codes = {
  loginRequired: errorCatalogue.LOGIN_REQUIRED.code,
  tokenInvalid: errorCatalogue.TOKEN_INVALID.code,
  sessionInvalid: errorCatalogue.OPERATOR_SESSION_INVALID.code,
  memberTokenRefused: errorCatalogue.OPERATOR_MEMBER_TOKEN_REFUSED.code,
  notPermitted: errorCatalogue.OPERATOR_NOT_PERMITTED.code,
};
const authCodes = new Set<number>(Object.values(codes));
const internalCode = errorCatalogue.INTERNAL.code;

/** How a caller presents itself: member fields, a bearer token, or both. */
interface Caller {
  name: string;
  kind:
    | 'none'
    | 'visitor'
    | 'member'
    | 'dead-member'
    | 'member-as-bearer'
    | 'operator'
    | 'dead-operator'
    | 'operator-in-fields';
  fields?: { token: string; uid?: string };
  bearer?: string;
  role?: OperatorRole;
}

/** The code a caller must get for a call at this auth level, or null when it must pass. */
function expectedRefusal(auth: CallAuth, caller: Caller): number | null {
  if (auth === 'public') return null;
  if (isOperatorAuth(auth)) {
    switch (caller.kind) {
      case 'operator':
        return operatorHasAnyRole([caller.role as OperatorRole], auth.operator)
          ? null
          : codes.notPermitted;
      case 'visitor':
      case 'member':
      case 'member-as-bearer':
        return codes.memberTokenRefused;
      default:
        return codes.sessionInvalid;
    }
  }
  if (caller.kind === 'visitor') return auth === 'member' ? codes.loginRequired : null;
  if (caller.kind === 'member') return null;
  return codes.tokenInvalid;
}

let testApp: TestApp;
let book: Book;
let serverNowMs: () => number;
const callers: Caller[] = [];
const figures = { cells: 0, refused: 0, passed: 0, ownershipChecks: 0 };

async function send(
  call: CallDefinition,
  caller: Caller,
  encoding: Encoding,
): Promise<{ statusCode: number; code: number; msg: string }> {
  const fields: Record<string, string> = { ...caller.fields };
  const headers: Record<string, string> = caller.bearer
    ? { authorization: `Bearer ${caller.bearer}` }
    : {};
  const query = new URLSearchParams(fields).toString();
  const canGet = call.methods?.includes('GET') ?? false;
  const response = await testApp.app.inject(
    encoding === 'json'
      ? { method: 'POST', url: call.path, payload: fields, headers }
      : encoding === 'form'
        ? {
            method: 'POST',
            url: call.path,
            payload: query,
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          }
        : { method: canGet ? 'GET' : 'POST', url: `${call.path}?${query}`, headers },
  );
  const body = response.json() as { code: number; msg: string };
  return { statusCode: response.statusCode, code: body.code, msg: body.msg };
}

/** Ends a member session the way time does: its expiry is moved into the past. */
async function expire(token: string): Promise<void> {
  await testApp.database.db
    .update(sessions)
    .set({ expiresAt: new Date(0) })
    .where(eq(sessions.tokenHash, sha256Hex(token)));
}

beforeAll(async () => {
  const created = await createOrdersTestApp();
  testApp = created.testApp;
  book = created.book;
  serverNowMs = () => created.feed.now().getTime();

  const visitor = expectOk(await testApp.call<Session>(visitorCreate.path));
  const member = (await fundedMember(testApp, 0)).auth;
  const demo = authOf(expectOk(await testApp.call<Session>(memberCreateTryPlay.path)));
  const quick = authOf(expectOk(await testApp.call<Session>(memberCreateQuickAccount.path)));
  const principal = newAccountName('player');
  const claims = {
    channel: testPartnerChannel,
    principal,
    exp: Math.floor(serverNowMs() / 1000) + 600,
  };
  const partner = authOf(
    expectOk(
      await testApp.call<Session>(openMemberLogin.path, {
        authToken: signPartnerToken(claims, testPartnerSecret),
        principal,
        channel: testPartnerChannel,
      }),
    ),
  );
  const expired = (await fundedMember(testApp, 0)).auth;
  await expire(expired.token);
  const revoked = (await fundedMember(testApp, 0)).auth;
  expectOk(await testApp.call(memberLogout.path, revoked));

  callers.push(
    { name: 'no credentials', kind: 'none' },
    { name: 'visitor', kind: 'visitor', fields: authOf(visitor) },
    { name: 'member', kind: 'member', fields: member },
    { name: 'demo player', kind: 'member', fields: demo },
    // Refused money out for its placeholder password (2022), never for who it is.
    { name: 'quick account on the placeholder', kind: 'member', fields: quick },
    { name: 'partner player', kind: 'member', fields: partner },
    { name: 'expired member token', kind: 'dead-member', fields: expired },
    { name: 'revoked member token', kind: 'dead-member', fields: revoked },
    { name: 'member token as the bearer', kind: 'member-as-bearer', bearer: member.token },
  );
  for (const role of operatorRoles) {
    const operator = await createOperator(testApp.database, [role]);
    const session = await signIn(testApp, operator, serverNowMs());
    callers.push({ name: `operator (${role})`, kind: 'operator', bearer: session.token, role });
  }
  const expiredOperator = await signIn(
    testApp,
    await createOperator(testApp.database, ['admin']),
    serverNowMs(),
  );
  await testApp.database.db
    .update(operatorSessions)
    .set({ expiresAt: new Date(0) })
    .where(eq(operatorSessions.tokenHash, sha256Hex(expiredOperator.token)));
  const revokedOperator = await signIn(
    testApp,
    await createOperator(testApp.database, ['admin']),
    serverNowMs(),
  );
  const loggedOut = await testApp.app.inject({
    method: 'POST',
    url: operatorLogout.path,
    headers: { authorization: `Bearer ${revokedOperator.token}` },
  });
  expect(loggedOut.json()).toMatchObject({ code: 0 });
  const adminToken = callers.find((caller) => caller.role === 'admin')?.bearer as string;
  callers.push(
    { name: 'expired operator session', kind: 'dead-operator', bearer: expiredOperator.token },
    { name: 'revoked operator session', kind: 'dead-operator', bearer: revokedOperator.token },
    {
      name: 'operator token as a member token',
      kind: 'operator-in-fields',
      fields: { token: adminToken },
    },
  );
}, 120_000);

afterAll(() => testApp?.close());

/** Signing out ends the session the rest of the matrix uses, so those two calls come last. */
const sessionEnding = [operatorLogout.path, memberLogout.path];
const orderedCalls = [
  ...allCalls.filter((call) => !sessionEnding.includes(call.path)),
  ...sessionEnding.map((path) => allCalls.find((call) => call.path === path) as CallDefinition),
];

describe('authorization matrix', () => {
  it(
    'refuses every caller a call does not admit with its documented code, and no other',
    async () => {
      expect(allCalls.length).toBeGreaterThan(100);
      const wrong: string[] = [];
      for (const call of orderedCalls) {
        for (const [callerIndex, caller] of callers.entries()) {
          // Signing out works once: those calls take one encoding per caller, in turn.
          const cellEncodings = sessionEnding.includes(call.path)
            ? [encodings[callerIndex % encodings.length] as Encoding]
            : encodings;
          for (const encoding of cellEncodings) {
            const answer = await send(call, caller, encoding);
            const expected = expectedRefusal(call.auth, caller);
            figures.cells += 1;
            const cell = `${call.path} × ${caller.name} (${encoding})`;
            if (answer.statusCode !== 200) wrong.push(`${cell}: HTTP ${answer.statusCode}`);
            if (expected !== null) {
              figures.refused += 1;
              if (answer.code !== expected)
                wrong.push(`${cell}: expected ${expected}, got ${answer.code} ${answer.msg}`);
            } else {
              figures.passed += 1;
              if (authCodes.has(answer.code) || answer.code === internalCode)
                wrong.push(`${cell}: should pass, got ${answer.code} ${answer.msg}`);
            }
          }
        }
      }
      expect(wrong).toEqual([]);
    },
    sized(120_000, 600_000),
  );
});

/** A multipart receipt upload as a browser sends it. */
function receiptUpload(fields: Record<string, string>) {
  const boundary = `----matrix${Math.random().toString(16).slice(2)}`;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(32, 5),
  ]);
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return testApp.app.inject({
    method: 'POST',
    url: collectionUploadPath,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}

/** The whole answer to a request: status, envelope code and message, for comparing. */
async function answerOf(
  request: Promise<{ statusCode: number; json(): unknown }>,
): Promise<{ statusCode: number; code: number; msg: string; data: unknown }> {
  const response = await request;
  return {
    statusCode: response.statusCode,
    ...(response.json() as { code: number; msg: string; data: unknown }),
  };
}

/** Another id of the same shape that names nothing: the last character changed. */
function missingLike(id: string): string {
  const last = id.at(-1) ?? '0';
  const replacement = /\d/.test(last) ? String((Number(last) + 1) % 10) : last === 'A' ? 'B' : 'A';
  return `${id.slice(0, -1)}${replacement}`;
}

/**
 * The payment sandbox's pages sit outside the envelope and its auth levels: a pay page and its
 * buttons open with the key its pay URL carries (no session opens them, the payer's own
 * included), and the chain page lists only the transfers to the address it is asked about.
 */
describe("the payment sandbox's pages", () => {
  const inject = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    testApp.app.inject({ method, url, ...(payload ? { payload } : {}) });

  it('open a payment only with its own key: no key, a wrong one or a session finds nothing', async () => {
    const payer = await fundedMember(testApp, 0);
    const hosted = { scale: 2, payTypeId: 301, amount: 10_000 };
    const payUrl = expectOk(
      await testApp.call<string>(depositCreate.path, { ...payer.auth, ...hosted }),
    );
    const paymentId = paymentIdOf(payUrl);
    const key = new URL(payUrl, 'http://pay.test').searchParams.get('key') ?? '';
    expect(key).toMatch(/^[\w-]{43}$/);
    const otherPayer = await fundedMember(testApp, 0);
    const otherUrl = expectOk(
      await testApp.call<string>(depositCreate.path, { ...otherPayer.auth, ...hosted }),
    );
    const otherKey = new URL(otherUrl, 'http://pay.test').searchParams.get('key') ?? '';
    const changed = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;

    const missing = await inject('GET', `/sandbox/pay/sp_${'0'.repeat(32)}?key=${key}`);
    expect(missing.statusCode).toBe(404);
    const wrongKeys: Record<string, string> = {
      'no key': '',
      'an empty key': '?key=',
      "another payment's key": `?key=${otherKey}`,
      'the key with one character changed': `?key=${changed}`,
      'the key and one character more': `?key=${key}A`,
      'a made-up key': `?key=${'A'.repeat(43)}`,
      'the key twice': `?key=${key}&key=${key}`,
      "the payer's session instead": `?${new URLSearchParams(payer.auth)}`,
    };
    const wrong: string[] = [];
    for (const [what, query] of Object.entries(wrongKeys)) {
      const answers = {
        page: await inject('GET', `/sandbox/pay/${paymentId}${query}`),
        complete: await inject('POST', `/sandbox/pay/${paymentId}/complete${query}`),
        fail: await inject('POST', `/sandbox/pay/${paymentId}/fail${query}`),
      };
      for (const [action, answer] of Object.entries(answers))
        if (answer.statusCode !== 404 || answer.body !== missing.body)
          wrong.push(`${action} with ${what}: HTTP ${answer.statusCode}`);
    }
    // The key belongs in the address the page posts to; as a form field it opens nothing.
    const asField = await inject('POST', `/sandbox/pay/${paymentId}/complete`, { key });
    if (asField.statusCode !== 404)
      wrong.push(`complete with the key as a form field: HTTP ${asField.statusCode}`);
    expect(wrong).toEqual([]);

    // Nothing was paid, and the pay URL itself still opens the page with its buttons.
    const [record] = await depositRecords(testApp, payer.auth);
    expect(record).toMatchObject({ status: 0 });
    expect(await balanceOf(testApp, payer.auth, 'CNY')).toBe(0);
    const page = await inject('GET', payUrl);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Waiting for payment');
    expect(page.body).toContain('Complete payment');
    const paid = await inject('POST', payButtonUrl(payUrl, 'complete'));
    expect(paid.statusCode).toBe(200);
    expect(await balanceOf(testApp, payer.auth, 'CNY')).toBe(10_000);
  });

  it('list on the chain page only the transfers to the address asked about', async () => {
    const addressOf = async (member: Awaited<ReturnType<typeof fundedMember>>) =>
      expectOk(
        await testApp.call<{ address: string }>(depositAddress.path, {
          ...member.auth,
          payTypeId: 501,
        }),
      ).address;
    const depositor = await addressOf(await fundedMember(testApp, 0));
    const visitor = await addressOf(await fundedMember(testApp, 0));
    const sent = await inject('POST', '/sandbox/chain/transfer', {
      network: 'TRC20',
      toAddress: depositor,
      amount: 25_000_000,
    });
    const { txHash } = expectOk(
      sent.json() as { code: number; msg: string; data: { txHash: string } },
    );

    const pages = {
      'the chain page': await inject('GET', '/sandbox/chain'),
      "another member's address": await inject('GET', `/sandbox/chain?network=TRC20&to=${visitor}`),
      'the address on the other network': await inject(
        'GET',
        `/sandbox/chain?network=ERC20&to=${depositor}`,
      ),
      'a transfer sent from the page to another address': await inject('POST', '/sandbox/chain', {
        network: 'TRC20',
        toAddress: visitor,
        amount: '1',
      }),
    };
    for (const [what, page] of Object.entries(pages)) {
      expect(page.statusCode, what).toBe(200);
      expect(page.body, what).not.toContain(txHash);
      expect(page.body, what).not.toContain(`<td>${depositor}</td>`);
    }
    const own = await inject('GET', `/sandbox/chain?to=${depositor}`);
    expect(own.body).toContain(txHash);
  });
});

describe("another member's ids", () => {
  it('answer exactly as ids that do not exist', async () => {
    const owner = await readyMember(testApp, 5_000_000);
    const stranger = await readyMember(testApp, 5_000_000);
    const post = (path: string, fields: Record<string, unknown>) =>
      answerOf(testApp.app.inject({ method: 'POST', url: path, payload: fields }));
    // A refusal may name the id it was asked about; that aside, the two must not differ.
    const comparisons: [string, number, () => Promise<unknown>, () => Promise<unknown>][] = [];
    const withoutId = async (answer: Promise<unknown>, id: string | number) => {
      const found = (await answer) as { msg?: string };
      return { ...found, msg: found.msg?.replaceAll(String(id), '<id>') };
    };
    const compare = (
      what: string,
      notFoundCode: number,
      ids: [string | number, string | number],
      theirs: () => Promise<unknown>,
      missing: () => Promise<unknown>,
    ) =>
      comparisons.push([
        what,
        notFoundCode,
        () => withoutId(theirs(), ids[0]),
        () => withoutId(missing(), ids[1]),
      ]);

    // A bet, on the first pre-match market that is open (the feed suspends some).
    let placed: { orderNo: string } | undefined;
    for (const event of book.preMatch().slice(0, 20)) {
      const answer = await placeBet(testApp, owner, single(book.pick(event)));
      if (answer.code === 0) {
        placed = answer.data;
        break;
      }
    }
    if (!placed) throw new Error('no open pre-match market to bet on');
    const missingOrderNo = missingLike(placed.orderNo);
    for (const [call, extra] of [
      [orderCashOutQuote, {}],
      [orderCashOut, { amount: 1 }],
    ] as const)
      compare(
        `${call.path} orderNo`,
        errorCatalogue.CASH_OUT_ORDER_NOT_FOUND.code,
        [placed.orderNo, missingOrderNo],
        () => post(call.path, { ...stranger.auth, orderNo: placed.orderNo, ...extra }),
        () => post(call.path, { ...stranger.auth, orderNo: missingOrderNo, ...extra }),
      );

    // A share of that order: sharing another's order, withdrawing another's share.
    compare(
      `${shareCreate.path} orderNo`,
      errorCatalogue.SHARE_ORDER_NOT_FOUND.code,
      [placed.orderNo, missingOrderNo],
      () => post(shareCreate.path, { ...stranger.auth, orderNo: placed.orderNo }),
      () => post(shareCreate.path, { ...stranger.auth, orderNo: missingOrderNo }),
    );
    const shared = (await post(shareCreate.path, { ...owner.auth, orderNo: placed.orderNo })) as {
      data: { code: string };
    };
    const missingShareCode = shared.data.code === 'ABCDEFGHJK' ? 'ABCDEFGHJM' : 'ABCDEFGHJK';
    compare(
      `${shareWithdraw.path} code`,
      errorCatalogue.SHARE_NOT_FOUND.code,
      [shared.data.code, missingShareCode],
      () => post(shareWithdraw.path, { ...stranger.auth, code: shared.data.code }),
      () => post(shareWithdraw.path, { ...stranger.auth, code: missingShareCode }),
    );

    // A saved payout account.
    const missingAccountId = owner.accountId + 1_000_000;
    compare(
      `${withdrawAccountOperate.path} remove accountId`,
      errorCatalogue.PAYOUT_ACCOUNT_NOT_FOUND.code,
      [owner.accountId, missingAccountId],
      () =>
        post(withdrawAccountOperate.path, {
          ...stranger.auth,
          operType: 2,
          accountId: owner.accountId,
        }),
      () =>
        post(withdrawAccountOperate.path, {
          ...stranger.auth,
          operType: 2,
          accountId: missingAccountId,
        }),
    );
    compare(
      'withdraw create accountId',
      errorCatalogue.PAYOUT_ACCOUNT_NOT_FOUND.code,
      [owner.accountId, missingAccountId],
      () => createWithdrawal(testApp, { ...stranger, accountId: owner.accountId }),
      () => createWithdrawal(testApp, { ...stranger, accountId: missingAccountId }),
    );

    // A collection order (a deposit by bank transfer) and its receipt.
    const collection = expectOk(
      await testApp.call<{ orderNo: string }>(collectionCreate.path, {
        ...owner.auth,
        scale: 2,
        payTypeId: 201,
        amount: 50_000,
      }),
    );
    const uploadFields = (orderNo: string) => ({ ...stranger.auth, orderNo, type: '1' });
    expect(
      (await answerOf(receiptUpload({ ...uploadFields(collection.orderNo), ...owner.auth }))).code,
    ).toBe(0);
    const missingCollectionNo = missingLike(collection.orderNo);
    compare(
      'receipt upload orderNo',
      errorCatalogue.DEPOSIT_ORDER_NOT_FOUND.code,
      [collection.orderNo, missingCollectionNo],
      () => answerOf(receiptUpload(uploadFields(collection.orderNo))),
      () => answerOf(receiptUpload(uploadFields(missingCollectionNo))),
    );
    compare(
      'receipt file orderNo',
      errorCatalogue.DEPOSIT_ORDER_NOT_FOUND.code,
      [collection.orderNo, missingCollectionNo],
      () => post(memberReceiptFilePath, { ...stranger.auth, orderNo: collection.orderNo }),
      () => post(memberReceiptFilePath, { ...stranger.auth, orderNo: missingCollectionNo }),
    );
    compare(
      `${collectionCancel.path} orderNo`,
      errorCatalogue.DEPOSIT_ORDER_NOT_FOUND.code,
      [collection.orderNo, missingCollectionNo],
      () => post(collectionCancel.path, { ...stranger.auth, orderNo: collection.orderNo }),
      () => post(collectionCancel.path, { ...stranger.auth, orderNo: missingCollectionNo }),
    );

    // A round of mines, open, so every move on it is tried.
    expect(
      (await post(gamePlay.path, { ...owner.auth, gameId: 'house.mines', amount: 10_000 })) as {
        code: number;
      },
    ).toMatchObject({ code: 0 });
    const mines = (await post(houseMinesStart.path, { ...owner.auth, stake: 1_000, mines: 3 })) as {
      data: { round: { roundNo: string } };
    };
    const { roundNo } = mines.data.round;
    const missingRoundNo = missingLike(roundNo);
    for (const [call, extra] of [
      [houseMinesReveal, { tile: 0 }],
      [houseMinesCashOut, {}],
      [gameOrderDetail, {}],
    ] as const)
      compare(
        `${call.path} roundNo`,
        errorCatalogue.GAME_ROUND_NOT_FOUND.code,
        [roundNo, missingRoundNo],
        () => post(call.path, { ...stranger.auth, roundNo, ...extra }),
        () => post(call.path, { ...stranger.auth, roundNo: missingRoundNo, ...extra }),
      );

    for (const [what, notFoundCode, theirs, missing] of comparisons) {
      const [theirAnswer, missingAnswer] = [await theirs(), await missing()];
      expect(theirAnswer, what).toEqual(missingAnswer);
      expect((theirAnswer as { code: number }).code, what).toBe(notFoundCode);
      figures.ownershipChecks += 1;
    }
    // The owner's things are untouched: the receipt is still theirs to fetch.
    const own = await testApp.app.inject({
      method: 'POST',
      url: memberReceiptFilePath,
      payload: { ...owner.auth, orderNo: collection.orderNo },
    });
    expect(own.headers['content-type']).toBe('image/png');

    recordFigures('authorization-matrix', testApp.database.kind, {
      title: 'Authorization matrix',
      method: `Every call of the contract (${allCalls.length}) × ${callers.length} kinds of caller (no credentials, visitor, member, demo and partner players, expired and revoked member tokens, a member token as the bearer, each operator role, expired and revoked operator sessions, an operator token as a member token) × ${encodings.length === 1 ? 'JSON bodies' : 'JSON, form and query encodings'}; then another member's order, payout account, collection order and receipt ids against ids that do not exist.`,
      figures: {
        'matrix cells checked': figures.cells,
        'cells refused with the documented code': figures.refused,
        'cells let through (no auth refusal, no internal error)': figures.passed,
        "another member's ids answered as missing ones": `${figures.ownershipChecks} / ${comparisons.length}`,
      },
      checks: [
        'every refusal carried exactly the code of the call’s auth level',
        'no admitted caller was refused for who it is, and nothing answered an internal error',
        "another member's ids answered with the same status, code and message as missing ids",
      ],
    });
  }, 60_000);
});
