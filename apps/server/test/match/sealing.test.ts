import * as calls from '@sb/contract';
import { defineCall } from '@sb/contract';
import { openPayload, SEAL_IV_BYTES, SEAL_TAG_BYTES } from '@sb/domain';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installErrorHandling } from '../../src/http/envelope-errors';
import { JsonBytes, registerCall } from '../../src/http/register-call';
import type { AuthenticatedUser } from '../../src/http/request-context';
import type { TestApp } from '../test-app';
import { type Answer, callRaw, createMatchTestApp, createVisitor } from './helpers';

let testApp: TestApp;
let visitor: calls.Session;
beforeAll(async () => {
  ({ testApp } = await createMatchTestApp());
  visitor = await createVisitor(testApp);
});
afterAll(() => testApp.close());

describe('sealed match answers (DESIGN §5)', () => {
  it('seals the list and details for the caller alone', async () => {
    const other = await createVisitor(testApp);
    const list = await callRaw(testApp, calls.matchList.path, visitor, { size: 5 });
    expect(list.code).toBe(0);
    expect(list.data).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    const page = calls.matchList.output.parse(await openPayload(visitor.token, list.data));
    expect(page.records).toHaveLength(5);
    expect(await openPayload(other.token, list.data)).toEqual({});

    const alias = await callRaw(testApp, calls.matchListAlias.path, visitor, { size: 5 });
    const aliasPage = calls.matchList.output.parse(await openPayload(visitor.token, alias.data));
    expect(aliasPage.records.map((match) => match.b)).toEqual(page.records.map((m) => m.b));

    const matchId = page.records[0]?.b;
    const details = await callRaw(testApp, calls.matchDetails.path, visitor, { matchId });
    const sealedBytes = Buffer.from(details.data as string, 'base64');
    const match = calls.matchDetails.output.parse(await openPayload(visitor.token, details.data));
    expect(match.b).toBe(matchId);
    expect(sealedBytes.length).toBe(
      SEAL_IV_BYTES + Buffer.byteLength(JSON.stringify(match)) + SEAL_TAG_BYTES,
    );
  });

  it('leaves the other match calls in the clear', async () => {
    const counts = await callRaw(testApp, calls.matchCount.path, visitor);
    expect(Array.isArray(counts.data)).toBe(true);
    const legs = await callRaw(testApp, calls.matchLegList.path, visitor, { size: 1 });
    expect(legs.data).toMatchObject({ records: [expect.any(Object)] });
  });
});

describe('registerCall sealing', () => {
  const user: AuthenticatedUser = { userId: 1, uid: 'u1', memberId: 0, type: 0, tokenId: 1 };
  const value = { records: [{ name: '名前', odds: 1.91 }] };
  const sealedCall = defineCall({
    path: '/sealed',
    auth: 'session',
    tag: 'test',
    summary: 'A sealed call.',
    input: z.object({ asBytes: z.boolean().optional() }),
    output: z.object({ records: z.array(z.object({ name: z.string(), odds: z.number() })) }),
    sealedResponse: true,
  });
  const plainCall = { ...sealedCall, path: '/plain', sealedResponse: false };
  /** About `length` bytes of JSON, different for each `n` all along. */
  const largeValue = (n: number, length: number) => ({ n, text: String(n % 10).repeat(length) });

  async function appWith(sealPayloads: boolean | undefined) {
    const app = Fastify();
    installErrorHandling(app, 5_000);
    for (const call of [sealedCall, plainCall]) {
      registerCall(
        app,
        async (token) => (token === 'good-token' ? user : null),
        call,
        async (input) =>
          input.asBytes ? new JsonBytes(Buffer.from(JSON.stringify(value))) : value,
        sealPayloads === undefined ? {} : { sealPayloads },
      );
    }
    return app;
  }

  async function post(app: Awaited<ReturnType<typeof appWith>>, path: string, fields: object) {
    const response = await app.inject({
      method: 'POST',
      url: path,
      payload: { token: 'good-token', ...fields },
    });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return response.json() as Answer;
  }

  it('seals values and pre-serialised bytes when the switch is on or unset', async () => {
    for (const sealPayloads of [true, undefined]) {
      const app = await appWith(sealPayloads);
      for (const asBytes of [false, true]) {
        const answer = await post(app, '/sealed', { asBytes });
        expect(answer).toMatchObject({ code: 0, msg: 'success' });
        expect(await openPayload('good-token', answer.data)).toEqual(value);
      }
      expect((await post(app, '/plain', { asBytes: true })).data).toEqual(value);
      expect((await post(app, '/plain', {})).data).toEqual(value);
      await app.close();
    }
  });

  it('answers plain data when SEAL_PAYLOADS is off', async () => {
    const app = await appWith(false);
    for (const asBytes of [false, true])
      expect(await post(app, '/sealed', { asBytes })).toEqual({
        code: 0,
        msg: 'success',
        data: value,
      });
    await app.close();
  });

  /**
   * An app of two calls answering `largeValue(n)` as pre-serialised bytes, sealed and plain;
   * answers above 64 KiB are written into buffers lent per response (answer-buffers.ts).
   */
  async function largeAnswerApp() {
    const app = Fastify();
    installErrorHandling(app, 5_000);
    const large = {
      ...sealedCall,
      path: '/large',
      input: z.object({ n: z.number().int(), length: z.number().int() }),
    };
    for (const call of [large, { ...large, path: '/large-plain', sealedResponse: false }])
      registerCall(
        app,
        async (token) => (token?.startsWith('token-') ? user : null),
        call,
        async (input) =>
          new JsonBytes(Buffer.from(JSON.stringify(largeValue(input.n, input.length)))),
      );
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const ask = (path: string, token: string, n: number, length: number) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, n, length }),
      });
    return { app, ask };
  }

  it('gives every concurrent caller its own large answer, in buffers used again', async () => {
    const { app, ask } = await largeAnswerApp();
    try {
      for (let round = 0; round < 3; round += 1) {
        await Promise.all(
          Array.from({ length: 12 }, async (_, n) => {
            const token = `token-${round}-${n}`;
            for (const path of ['/large', '/large-plain']) {
              const answer = (await (
                await ask(path, token, round * 100 + n, 100_000)
              ).json()) as Answer;
              const data =
                path === '/large' ? await openPayload(token, answer.data as string) : answer.data;
              expect(data).toEqual(largeValue(round * 100 + n, 100_000));
            }
          }),
        );
      }
    } finally {
      await app.close();
    }
  });

  it('lends no buffer again while a slow reader still receives its answer', async () => {
    // Megabytes more than the socket takes at once: the server writes the rest as the reader
    // reads, from the lent buffer, while other answers of the same size are made and sent.
    const { app, ask } = await largeAnswerApp();
    const length = 8_000_000;
    try {
      const slow = await ask('/large-plain', 'token-slow', 1, length);
      for (let n = 2; n < 5; n += 1) {
        const answer = (await (
          await ask('/large-plain', 'token-fast', n, length)
        ).json()) as Answer;
        expect(answer.data).toEqual(largeValue(n, length));
      }
      expect(((await slow.json()) as Answer).data).toEqual(largeValue(1, length));
    } finally {
      await app.close();
    }
  });

  it('refuses a sealed call without a token before doing anything', async () => {
    const app = await appWith(true);
    const response = await app.inject({ method: 'POST', url: '/sealed', payload: {} });
    expect(response.json()).toMatchObject({ code: 403, data: null });
    await app.close();
  });
});
