import { auditList, operatorLogin, operatorMe } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import {
  createOperatorApi,
  localErrorCodes,
  OperatorApiError,
  type SessionEndReason,
  type SessionTiming,
} from './operator-api';

interface SentRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A client over a fake fetch that records each request and answers with `respond`. */
function clientWith(
  respond: (request: SentRequest) => Response | Promise<Response>,
  session: SessionTiming | null,
  nowMs = 1_000_000,
) {
  const sent: SentRequest[] = [];
  const ended: SessionEndReason[] = [];
  const activity: number[] = [];
  let now = nowMs;
  const api = createOperatorApi({
    baseUrl: 'https://back.office',
    fetch: async (input, init) => {
      const request = {
        url: String(input),
        headers: (init?.headers ?? {}) as Record<string, string>,
        body: JSON.parse(String(init?.body)),
      };
      sent.push(request);
      return respond(request);
    },
    now: () => now,
    requestTimeoutMs: 1_000,
    session: () => session,
    onActivity: (at) => activity.push(at),
    onSessionEnded: (reason) => ended.push(reason),
  });
  return { api, sent, ended, activity, setNow: (ms: number) => (now = ms) };
}

const envelope = (code: number, msg: string, data: unknown) =>
  new Response(JSON.stringify({ code, msg, data }), {
    headers: { 'content-type': 'application/json' },
  });

const liveSession: SessionTiming = {
  token: 'tok-abc',
  expiresAt: 2_000_000,
  idleTimeoutMs: 60_000,
  lastActivityAt: 990_000,
};
const me = { operatorId: 7, username: 'alice', roles: ['finance'], expiresAt: 2_000_000 };

describe('operator API client', () => {
  it('sends operator calls with the bearer token, never a token field, and answers the data', async () => {
    const { api, sent, activity } = clientWith(() => envelope(0, '', me), liveSession);
    await expect(api.call(operatorMe, {})).resolves.toEqual(me);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('https://back.office/admin/api/me');
    expect(sent[0]?.headers.authorization).toBe('Bearer tok-abc');
    expect(sent[0]?.headers['content-type']).toBe('application/json');
    expect(sent[0]?.body).toEqual({});
    expect(activity).toEqual([1_000_000]);
  });

  it('sends the public login without any token and with the fields as given', async () => {
    const session = { token: 't', expiresAt: 5, idleTimeoutMs: 5, operator: me };
    const { api, sent } = clientWith(() => envelope(0, '', session), liveSession);
    const fields = { username: 'alice', password: 'a'.repeat(32), totp: '123456' };
    await api.call(operatorLogin, fields);
    expect(sent[0]?.headers.authorization).toBeUndefined();
    expect(sent[0]?.body).toEqual(fields);
  });

  it('rejects a non-zero code with the server code and message, recording no activity', async () => {
    const { api, activity } = clientWith(
      () => envelope(6005, 'Your role does not permit this action', null),
      liveSession,
    );
    const failure = await api.call(auditList, {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OperatorApiError);
    expect(failure).toMatchObject({
      code: 6005,
      serverMessage: 'Your role does not permit this action',
    });
    expect(activity).toEqual([]);
  });

  it('ends the session when the server answers 6003', async () => {
    const { api, ended } = clientWith(() => envelope(6003, 'expired', null), liveSession);
    await expect(api.call(operatorMe, {})).rejects.toMatchObject({ code: 6003 });
    expect(ended).toEqual(['invalid']);
  });

  it('does not send a call once the session has passed its absolute end or idle limit', async () => {
    const expired = clientWith(() => envelope(0, '', me), liveSession, 2_000_000);
    await expect(expired.api.call(operatorMe, {})).rejects.toMatchObject({
      code: localErrorCodes.sessionEnded,
    });
    expect(expired.sent).toEqual([]);
    expect(expired.ended).toEqual(['expired']);

    const idle = clientWith(() => envelope(0, '', me), liveSession, 990_000 + 60_000);
    await expect(idle.api.call(operatorMe, {})).rejects.toMatchObject({
      code: localErrorCodes.sessionEnded,
    });
    expect(idle.sent).toEqual([]);
    expect(idle.ended).toEqual(['idle']);

    const signedOut = clientWith(() => envelope(0, '', me), null);
    await expect(signedOut.api.call(operatorMe, {})).rejects.toMatchObject({
      code: localErrorCodes.sessionEnded,
    });
    expect(signedOut.sent).toEqual([]);
  });

  it('reports unreachable servers, non-envelope answers and data that breaks the contract', async () => {
    const down = clientWith(() => Promise.reject(new TypeError('fetch failed')), liveSession);
    await expect(down.api.call(operatorMe, {})).rejects.toMatchObject({
      code: localErrorCodes.network,
    });
    const html = clientWith(() => new Response('<html>502</html>', { status: 502 }), liveSession);
    await expect(html.api.call(operatorMe, {})).rejects.toMatchObject({
      code: localErrorCodes.unexpectedAnswer,
    });
    const wrongShape = clientWith(() => envelope(0, '', { operatorId: 'seven' }), liveSession);
    await expect(wrongShape.api.call(operatorMe, {})).rejects.toMatchObject({
      code: localErrorCodes.unexpectedAnswer,
    });
  });

  it('passes an unknown path (1002) through as an error, not a crash', async () => {
    const { api, ended } = clientWith(() => envelope(1002, 'Not found', null), liveSession);
    await expect(api.call(operatorMe, {})).rejects.toMatchObject({ code: 1002 });
    expect(ended).toEqual([]);
  });
});

describe('server clock', () => {
  it("turns the server's times into this browser's from the answer's Date header", async () => {
    const serverNow = Date.UTC(2026, 0, 10, 15, 0, 0);
    const { api } = clientWith(
      () =>
        new Response(JSON.stringify({ code: 0, msg: '', data: me }), {
          headers: { date: new Date(serverNow).toUTCString() },
        }),
      liveSession,
    );
    expect(api.toLocalTime(serverNow + 5_000)).toBe(serverNow + 5_000);
    await api.call(operatorMe, {});
    // The fake browser clock reads 1_000_000 while the server's reads serverNow.
    expect(api.toLocalTime(serverNow + 5_000)).toBe(1_000_000 + 5_000);
  });
});
