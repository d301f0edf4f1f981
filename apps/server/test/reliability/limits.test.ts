import { allCalls, errorCatalogue, isOperatorAuth, walletBalance } from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitBytes } from '../../src/app';
import { configSchema } from '../../src/config';
import { createManualFeed } from '../match/helpers';
import { createOperator, signIn } from '../operators/helpers';
import { type Book, createBook, fundedMember, placeBet, single } from '../orders/helpers';
import { createTestApp, type TestApp } from '../test-app';
import { recordFigures } from './reliability-run';

/**
 * The limits of docs/security.md that this suite owns: the request body, the page size of every
 * list call, and the per-member order rate, at the configured defaults. (Rooms per socket: the
 * socket abuse suite; receipt uploads and failed logins: their modules' suites.)
 */

const orderRateBurst = configSchema.shape.ORDER_RATE_BURST.parse(undefined);
const orderRatePerMinute = configSchema.shape.ORDER_RATE_PER_MINUTE.parse(undefined);
const pageSizeFields = ['size', 'pageSize', 'rows'] as const;

let testApp: TestApp;
let book: Book;
let operatorToken: string;
const figures: Record<string, string | number> = {};

beforeAll(async () => {
  const feed = createManualFeed({ seed: 'limits-test' });
  testApp = await createTestApp({
    feedProvider: feed.provider,
    now: feed.now,
    // The configured defaults, not the test app's raised order rate.
    config: { ORDER_RATE_BURST: undefined, ORDER_RATE_PER_MINUTE: undefined },
  });
  await testApp.app.ready();
  book = createBook(feed);
  const operator = await createOperator(testApp.database, ['admin']);
  operatorToken = (await signIn(testApp, operator, feed.now().getTime())).token;
}, 60_000);
afterAll(() => testApp?.close());

async function post(path: string, payload: string | Record<string, unknown>, bearer?: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: path,
    payload,
    headers: {
      'content-type': 'application/json',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
  });
  return { statusCode: response.statusCode, ...(response.json() as { code: number; msg: string }) };
}

describe('request bodies', () => {
  it(`are read up to ${bodyLimitBytes} bytes and refused past it with 1001`, async () => {
    const member = await fundedMember(testApp, 0);
    const envelope = JSON.stringify({ ...member.auth, deviceID: '' });
    const padTo = (bytes: number) =>
      envelope.replace('"deviceID":""', `"deviceID":"${'x'.repeat(bytes - envelope.length)}"`);
    const under = await post(walletBalance.path, padTo(bodyLimitBytes));
    // Read, then refused for the field's own length: the body limit did not stop it.
    expect(under.code).toBe(errorCatalogue.INVALID_INPUT.code);
    const over = await post(walletBalance.path, padTo(bodyLimitBytes + 1));
    expect(over).toMatchObject({ statusCode: 200, code: errorCatalogue.BODY_TOO_LARGE.code });
    const form = await testApp.app.inject({
      method: 'POST',
      url: walletBalance.path,
      payload: `token=${'x'.repeat(bodyLimitBytes)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.json()).toMatchObject({ code: errorCatalogue.BODY_TOO_LARGE.code });
    figures['request body limit'] = `${bodyLimitBytes / 1024} KiB (1001 past it, JSON and form)`;
  });
});

describe('every list call', () => {
  const listCalls = allCalls.flatMap((call) =>
    pageSizeFields
      .filter((field) => Object.hasOwn(call.input.shape, field))
      .map((field) => [call.path, field, call] as const),
  );

  it('is found: more than a handful take a page size', () => {
    expect(listCalls.length).toBeGreaterThan(20);
  });

  it('refuses a page size past its bound, naming the field', async () => {
    const member = await fundedMember(testApp, 0);
    const refused: string[] = [];
    for (const [path, field, call] of listCalls) {
      const caller = isOperatorAuth(call.auth)
        ? { fields: {}, bearer: operatorToken }
        : { fields: member.auth, bearer: undefined };
      const answer = await post(path, { ...caller.fields, [field]: 1_000_000 }, caller.bearer);
      expect(answer.code, `${path} ${field}: ${answer.msg}`).toBe(
        errorCatalogue.INVALID_INPUT.code,
      );
      expect(answer.msg, path).toContain(field);
      refused.push(`${path} ${field}`);
    }
    figures['list calls refusing an oversized page'] = `${refused.length} / ${listCalls.length}`;
  });
});

describe('placing bets', () => {
  it(`allows a member ${orderRateBurst} at once, then answers 1004 until its bucket refills`, async () => {
    const member = await fundedMember(testApp, 10_000_000);
    const bystander = await fundedMember(testApp, 1_000_000);
    const picks = book
      .preMatch()
      .slice(0, 10)
      .map((event) => book.pick(event));
    // Bets as fast as the server answers them, until one is refused for the rate; meanwhile
    // the bucket refills, so the count allowed is the burst plus what refilled.
    const startedAt = Date.now();
    const codes: number[] = [];
    let limited: Awaited<ReturnType<typeof placeBet>> | undefined;
    while (!limited && codes.length < orderRateBurst * 4) {
      const answer = await placeBet(
        testApp,
        member,
        single(picks[codes.length % picks.length] as never),
      );
      if (answer.code === errorCatalogue.RATE_LIMITED.code) limited = answer;
      else codes.push(answer.code);
    }
    const refilled = ((Date.now() - startedAt) / 60_000) * orderRatePerMinute;
    expect(codes.filter((code) => code === 0).length).toBeGreaterThan(0);
    expect(codes.length).toBeGreaterThanOrEqual(orderRateBurst);
    expect(codes.length).toBeLessThanOrEqual(orderRateBurst + Math.ceil(refilled));
    expect(limited).toMatchObject({ code: errorCatalogue.RATE_LIMITED.code, data: null });
    expect(limited?.msg).toContain(`${orderRatePerMinute} a minute`);
    // Another member's allowance is their own.
    expect((await placeBet(testApp, bystander, single(picks[0] as never))).code).toBe(0);
    // The bucket refills at its rate: one bet's worth after 60 / rate seconds.
    await new Promise((resolve) => setTimeout(resolve, (60_000 / orderRatePerMinute) * 1.5));
    expect((await placeBet(testApp, member, single(picks[1] as never))).code).not.toBe(
      errorCatalogue.RATE_LIMITED.code,
    );
    figures['bets per member'] =
      `${orderRateBurst} at once, ${orderRatePerMinute} a minute after (1004 past it)`;

    recordFigures('limits', testApp.database.kind, {
      title: 'Limits',
      method:
        'Bodies at and past the limit in JSON and form encodings; every list call of the contract with a page size of a million; one member placing bets as fast as the server answers.',
      figures,
      checks: [
        'a body past the limit answered 1001, one at it was read',
        'every list call refused an oversized page with 1000, naming the field',
        'the bet past the burst answered 1004; another member and the refilled bucket were served',
      ],
    });
  });
});
