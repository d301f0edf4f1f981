import {
  allCalls,
  errorCatalogue,
  isOperatorAuth,
  matchEvent,
  matchSysInit,
  walletBalance,
} from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitBytes } from '../../src/app';
import { configSchema } from '../../src/config';
import { inputShapeLimits } from '../../src/http/input-shape';
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

describe('the shape of input', () => {
  const nestedArrays = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
  const nestedJson = (depth: number) => `{"deviceID":${nestedArrays(depth - 1)}}`;
  const form = (payload: string, path = matchSysInit.path) =>
    testApp.app.inject({
      method: 'POST',
      url: path,
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const refusal = (answer: { code: number; msg: string }) => ({
    code: answer.code,
    msg: answer.msg,
  });

  it(`refuses JSON nested deeper than ${inputShapeLimits.depth} levels as bad input, on any call`, async () => {
    for (const depth of [20_000, inputShapeLimits.depth + 1]) {
      const answer = await post(matchSysInit.path, nestedJson(depth));
      expect(refusal(answer)).toEqual({
        code: errorCatalogue.INVALID_INPUT.code,
        msg: expect.stringContaining(`deviceID: nested deeper than ${inputShapeLimits.depth}`),
      });
    }
    // Just inside the limit the body is read, and refused for what the field holds.
    const inside = await post(matchSysInit.path, nestedJson(inputShapeLimits.depth));
    expect(inside.code).toBe(errorCatalogue.INVALID_INPUT.code);
    expect(inside.msg).not.toContain('nested deeper');
    figures['input nesting limit'] = `${inputShapeLimits.depth} levels (1000 past it)`;
  });

  it(`refuses more than ${inputShapeLimits.keys} keys in an object and ${inputShapeLimits.items} items in a list`, async () => {
    const manyKeys = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, 1]));
    const wideBody = await post(matchSysInit.path, manyKeys(inputShapeLimits.keys + 1));
    expect(refusal(wideBody)).toEqual({
      code: errorCatalogue.INVALID_INPUT.code,
      msg: expect.stringContaining(`body: more than ${inputShapeLimits.keys} fields`),
    });
    const wideField = await post(matchSysInit.path, {
      deviceID: manyKeys(inputShapeLimits.keys + 1),
    });
    expect(wideField.msg).toContain(`deviceID: more than ${inputShapeLimits.keys} fields`);
    const longList = await post(matchSysInit.path, {
      deviceID: Array.from({ length: inputShapeLimits.items + 1 }, () => 0),
    });
    expect(refusal(longList)).toEqual({
      code: errorCatalogue.INVALID_INPUT.code,
      msg: expect.stringContaining(`deviceID: more than ${inputShapeLimits.items} items`),
    });
    // At the limits the body is read, and refused for what its fields are.
    const atLimits = await post(matchSysInit.path, {
      deviceID: Array.from({ length: inputShapeLimits.items }, () => 0),
    });
    expect(atLimits.msg).not.toContain('more than');
  });

  it('holds for form bodies, the query string and JSON text inside a field', async () => {
    const repeated = (count: number) => Array.from({ length: count }, () => 'matchId=1').join('&');
    const longForm = (await form(repeated(inputShapeLimits.items + 1))).json();
    expect(longForm).toMatchObject({
      code: errorCatalogue.INVALID_INPUT.code,
      msg: expect.stringContaining(`more than ${inputShapeLimits.items} items`),
    });
    const wideForm = (
      await form(
        Array.from({ length: inputShapeLimits.keys + 1 }, (_, index) => `k${index}=1`).join('&'),
      )
    ).json();
    expect(wideForm.msg).toContain(`body: more than ${inputShapeLimits.keys} fields`);
    const wideQuery = await testApp.app.inject({
      method: 'GET',
      url: `${matchSysInit.path}?${Array.from({ length: inputShapeLimits.keys + 1 }, (_, index) => `k${index}=1`).join('&')}`,
    });
    expect(wideQuery.json().msg).toContain(`query: more than ${inputShapeLimits.keys} fields`);
    // A list field reads JSON text (docs/wire.md): text nested 20,000 deep is refused, not walked.
    const member = await fundedMember(testApp, 0);
    const deepText = (
      await form(
        `${new URLSearchParams(member.auth)}&matchId=${encodeURIComponent(nestedArrays(20_000))}`,
        matchEvent.path,
      )
    ).json();
    expect(deepText).toMatchObject({ code: errorCatalogue.INVALID_INPUT.code });
    const deepTextToList = await post(matchEvent.path, {
      ...member.auth,
      matchId: nestedArrays(20_000),
    });
    expect(refusal(deepTextToList)).toEqual({
      code: errorCatalogue.INVALID_INPUT.code,
      msg: expect.stringContaining(`matchId: nested deeper than ${inputShapeLimits.depth}`),
    });
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
