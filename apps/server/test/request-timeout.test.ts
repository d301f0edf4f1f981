import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ requestTimeoutMs: 100 });
  testApp.app.post('/test/slow', async () => {
    await sleep(400);
    return { code: 0, msg: 'success', data: 'late' };
  });
});
afterAll(() => testApp.close());

describe('the request timeout', () => {
  it('answers TIMEOUT instead of leaving a slow call hanging', async () => {
    const started = Date.now();
    const answer = await testApp.call('/test/slow', { lang: 'en' });
    expect(answer).toMatchObject({ code: 1003, msg: 'Request timed out', data: null });
    expect(Date.now() - started).toBeLessThan(400);
  });
});
