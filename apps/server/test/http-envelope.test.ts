import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  testApp.app.post('/test/ip', async (request) => ({ code: 0, msg: 'success', data: request.ip }));
});
afterAll(() => testApp.close());

describe('the HTTP envelope', () => {
  it('answers /healthz with the database kind and build version', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 0, data: { status: 'ok', version: 'v1.0.110' } });
    expect(['pglite', 'postgres']).toContain(response.json().data.database);
  });

  it('answers an unknown path with code 1002 and HTTP 404, never a 500', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/app/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 1002, data: null });
  });

  it('writes messages in the language the request asks for', async () => {
    const english = await testApp.call('/app/api/member/profile', { lang: 'en' });
    const traditional = await testApp.call('/app/api/member/profile', { lang: 'zht' });
    expect(english).toMatchObject({
      code: 403,
      msg: 'Your session has expired, please log in again',
    });
    expect(traditional).toMatchObject({ code: 403, msg: '登錄已失效，請重新登錄' });
  });

  it('accepts the same call as JSON, form-encoded and query', async () => {
    const json = await testApp.app.inject({
      method: 'POST',
      url: '/app/api/visitor/create',
      payload: { lang: 'en' },
    });
    const form = await testApp.app.inject({
      method: 'POST',
      url: '/app/api/visitor/create',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'lang=en&pid=888&siteNo=7',
    });
    const query = await testApp.app.inject({
      method: 'POST',
      url: '/app/api/visitor/create?lang=en&realm=alpha',
    });
    for (const response of [json, form, query]) {
      expect(response.json()).toMatchObject({ code: 0, data: { memberId: 0, languageCode: 'en' } });
    }
  });

  it('takes the client address from the connection, not from a forwarded header it can forge', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/test/ip',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(response.json().data).toBe('203.0.113.9');
  });

  it('reads an empty JSON body as a call with no fields', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/app/api/visitor/create',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.json()).toMatchObject({ code: 0, data: { memberId: 0 } });
  });

  it('refuses malformed JSON with a message and no 500', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/app/api/visitor/create',
      headers: { 'content-type': 'application/json' },
      payload: '{"lang": ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe(1000);
    expect(response.json().msg).toContain('JSON');
  });

  it('refuses a value a length limit cannot measure, naming its field, with no 500', async () => {
    // An object whose `length` can become no number breaks zod's length check instead of
    // failing it; the share code field has one.
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/trade/order/share/verify',
      headers: { 'content-type': 'application/json' },
      payload: '{"code":{"length":{"valueOf":0,"toString":0}}}',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 1000 });
    expect(response.json().msg).toContain('code: not a valid value');
  });

  it('serves the OpenAPI document built from the contract at /docs', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/docs/' });
    const document = await testApp.app.inject({ method: 'GET', url: '/docs/json' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
    expect(document.json().paths['/app/api/member/login/account'].post.summary).toMatch(/Sign in/);
  });
});
