import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('smoke', () => {
  it('creates a visitor and reads its profile', async () => {
    const created = await testApp.call<{ uid: string; token: string; memberId: number }>(
      '/app/api/visitor/create',
      {},
    );
    expect(created.code).toBe(0);
    expect(created.data.memberId).toBe(0);
    const profile = await testApp.call('/app/api/member/profile', {
      uid: created.data.uid,
      token: created.data.token,
    });
    expect(profile.code).toBe(0);
  });
});
