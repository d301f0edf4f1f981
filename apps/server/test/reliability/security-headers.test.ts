import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  collectionCreate,
  collectionUploadPath,
  depositCreate,
  matchSysInit,
  walletBalance,
} from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { hstsMaxAgeSeconds } from '../../src/http/security-headers';
import {
  memberReceiptFilePath,
  operatorReceiptFilePath,
} from '../../src/modules/deposits/receipt-files.routes';
import { createMatchRepository } from '../../src/modules/match/match.repository';
import { siteSettingsTtlMs } from '../../src/modules/match/site-settings';
import { payButtonUrl } from '../deposits/helpers';
import { expectOk } from '../identity/helpers';
import { createOperator, signIn } from '../operators/helpers';
import { createTestApp, type TestApp } from '../test-app';
import { newMember } from '../withdrawals/helpers';

/**
 * The headers the server sends with the web app's two pages, its assets, its JSON answers and
 * the receipt images members upload, read from real requests.
 */

const partnerOrigin = 'https://partner.example';
let webDir: string;
let testApp: TestApp;
let behindNoProxy: TestApp;
let clockOffsetMs = 0;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'sb-web-'));
  mkdirSync(join(webDir, 'assets'));
  const page = (script: string) =>
    `<!doctype html><html><head><script type="module" src="./assets/${script}"></script></head><body></body></html>`;
  writeFileSync(join(webDir, 'index.html'), page('main.js'));
  writeFileSync(join(webDir, 'console.html'), page('console.js'));
  writeFileSync(join(webDir, 'assets', 'main.js'), 'export {};\n');
  testApp = await createTestApp({
    webDistDir: webDir,
    now: () => new Date(Date.now() + clockOffsetMs),
    config: { EMBED_ORIGINS: [partnerOrigin], TRUST_PROXY_HOPS: 1 },
  });
  behindNoProxy = await createTestApp({ webDistDir: webDir, database: testApp.database });
}, 60_000);
afterAll(async () => {
  await behindNoProxy?.close();
  await testApp?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

/** A content security policy as a map of directive to its sources. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

function expectCommonHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-powered-by']).toBeUndefined();
  expect(headers.server).toBeUndefined();
}

describe('the member app', () => {
  it('allows only its own origin, and frames only by itself and the configured partners', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await get(testApp, url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expectCommonHeaders(response.headers);
      const policy = directives(response.headers['content-security-policy']);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('style-src')).toEqual(["'self'"]);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'self'", partnerOrigin]);
      // frame-ancestors names the partners; X-Frame-Options cannot, so it is left out.
      expect(response.headers['x-frame-options']).toBeUndefined();
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('frames only by itself when no partner is configured', async () => {
    const response = await get(behindNoProxy, '/');
    const policy = directives(response.headers['content-security-policy']);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("lets images and frames come from the staticUrl's host once an operator sets one", async () => {
    await createMatchRepository(testApp.database.db).writeSetting(
      'static_url',
      'https://cdn.example:8443/static',
      new Date(),
    );
    clockOffsetMs += siteSettingsTtlMs + 1_000;
    const policy = directives((await get(testApp, '/')).headers['content-security-policy']);
    expect(policy.get('img-src')).toContain('https://cdn.example:8443');
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://cdn.example:8443']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    await createMatchRepository(testApp.database.db).writeSetting(
      'static_url',
      '/static',
      new Date(),
    );
    clockOffsetMs += siteSettingsTtlMs + 1_000;
  });
});

describe('the console', () => {
  it('is never framed and loads nothing but its own origin and data: images', async () => {
    const response = await get(testApp, '/console.html');
    expectCommonHeaders(response.headers);
    const policy = directives(response.headers['content-security-policy']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('other answers', () => {
  it('send assets with their type and nosniff, and JSON with a policy that runs nothing', async () => {
    const asset = await get(testApp, '/assets/main.js');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expectCommonHeaders(asset.headers);
    const json = await testApp.app.inject({ method: 'POST', url: walletBalance.path });
    expectCommonHeaders(json.headers);
    expect(json.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    const missing = await get(testApp, '/no/such/page');
    expect(missing.statusCode).toBe(404);
    expectCommonHeaders(missing.headers);
  });

  it('keep no copy of any call: every JSON answer is no-store, assets keep their caching', async () => {
    const member = await newMember(testApp);
    const answers = [
      await testApp.app.inject({ method: 'POST', url: walletBalance.path, payload: member.auth }),
      await testApp.app.inject({ method: 'POST', url: '/app/api/visitor/create' }),
      await get(testApp, `${matchSysInit.path}?lang=en`),
      await testApp.app.inject({ method: 'POST', url: '/admin/api/members/list' }),
      await get(testApp, '/app/api/no/such/call'),
    ];
    for (const answer of answers) {
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['cache-control'], answer.raw.req.url).toBe('no-store');
    }
    const asset = await get(testApp, '/assets/main.js');
    expect(asset.headers['cache-control']).not.toContain('no-store');
  });

  it('send HSTS only over TLS, as a trusted proxy reports it', async () => {
    const overTls = await get(testApp, '/', { 'x-forwarded-proto': 'https' });
    expect(overTls.headers['strict-transport-security']).toBe(`max-age=${hstsMaxAgeSeconds}`);
    // Without a trusted proxy, a client's own X-Forwarded-Proto proves nothing.
    const forged = await get(behindNoProxy, '/', { 'x-forwarded-proto': 'https' });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});

describe("the payment sandbox's pages", () => {
  /** A hosted deposit's pay URL on the app given. */
  async function payUrlOn(app: TestApp): Promise<string> {
    const member = await newMember(app);
    return expectOk(
      await app.call<string>(depositCreate.path, {
        ...member.auth,
        scale: 2,
        payTypeId: 301,
        amount: 10_000,
      }),
    );
  }

  it('load and run nothing but their own stylesheet, and are framed only where the member app is', async () => {
    const payUrl = await payUrlOn(testApp);
    const answers = {
      'pay page': await get(testApp, payUrl),
      'pressed button': await testApp.app.inject({
        method: 'POST',
        url: payButtonUrl(payUrl, 'fail'),
      }),
      'missing payment': await get(testApp, `/sandbox/pay/sp_${'0'.repeat(32)}`),
      'chain page': await get(testApp, '/sandbox/chain'),
    };
    for (const [what, response] of Object.entries(answers)) {
      expect(response.headers['content-type'], what).toMatch(/^text\/html/);
      expectCommonHeaders(response.headers);
      expect(response.headers['cache-control'], what).toBe('no-store');
      const style = /<style>([\s\S]*?)<\/style>/.exec(response.body)?.[1] ?? '';
      const styleHash = createHash('sha256').update(style).digest('base64');
      const policy = directives(response.headers['content-security-policy']);
      expect(Object.fromEntries(policy), what).toEqual({
        'default-src': ["'none'"],
        'style-src': [`'sha256-${styleHash}'`],
        'form-action': ["'self'"],
        'base-uri': ["'none'"],
        // The deposit panel frames the pay page, and a partner may frame the member app.
        'frame-ancestors': ["'self'", partnerOrigin],
      });
      expect(response.body, what).not.toMatch(/<script|style="/);
      expect(response.headers['x-frame-options'], what).toBeUndefined();
    }
  });

  it('are framed only by this origin when no partner is configured', async () => {
    const page = await get(behindNoProxy, await payUrlOn(behindNoProxy));
    expect(page.statusCode).toBe(200);
    expect(directives(page.headers['content-security-policy']).get('frame-ancestors')).toEqual([
      "'self'",
    ]);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('the API reference', () => {
  it('answers 404 at /docs on a production configuration unless turned on', async () => {
    expect((await get(testApp, '/docs/json')).statusCode).toBe(200);
    const production = loadConfig({ NODE_ENV: 'production' });
    const closed = await createTestApp({
      database: testApp.database,
      config: { API_DOCS: production.API_DOCS },
    });
    const turnedOn = await createTestApp({
      database: testApp.database,
      config: { API_DOCS: loadConfig({ NODE_ENV: 'production', API_DOCS: 'on' }).API_DOCS },
    });
    try {
      for (const url of ['/docs', '/docs/', '/docs/json', '/docs/static/index.html']) {
        const answer = await get(closed, url);
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json(), url).toMatchObject({ code: 1002 });
      }
      expect((await get(turnedOn, '/docs/json')).statusCode).toBe(200);
    } finally {
      await closed.close();
      await turnedOn.close();
    }
  });
});

describe('receipt images', () => {
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(40, 3),
  ]);

  async function uploadReceipt(fields: Record<string, string>, declaredType: string) {
    const boundary = `----headers${Math.random().toString(16).slice(2)}`;
    const parts = Object.entries(fields).map(([name, value]) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="receipt.jpg"\r\nContent-Type: ${declaredType}\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    );
    const response = await testApp.app.inject({
      method: 'POST',
      url: collectionUploadPath,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat(parts),
    });
    return response.json() as { code: number };
  }

  it('go to their owner and finance only, typed by their bytes and unable to run', async () => {
    const owner = await newMember(testApp);
    const { orderNo } = expectOk(
      await testApp.call<{ orderNo: string }>(collectionCreate.path, {
        ...owner.auth,
        scale: 2,
        payTypeId: 201,
        amount: 50_000,
      }),
    );
    // Declared a JPEG; the bytes are a PNG, and that is what is served.
    expect((await uploadReceipt({ ...owner.auth, orderNo, type: '1' }, 'image/jpeg')).code).toBe(0);

    const asOwner = await get(
      testApp,
      `${memberReceiptFilePath}?${new URLSearchParams({ ...owner.auth, orderNo })}`,
    );
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.rawPayload.equals(png)).toBe(true);
    expect(asOwner.headers['content-type']).toBe('image/png');
    expect(asOwner.headers['content-disposition']).toBe(
      `inline; filename="receipt-${orderNo}-1.png"`,
    );
    expect(asOwner.headers['x-content-type-options']).toBe('nosniff');
    expect(asOwner.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(asOwner.headers['cache-control']).toBe('private, no-store');

    const finance = await signIn(
      testApp,
      await createOperator(testApp.database, ['finance']),
      Date.now() + clockOffsetMs,
    );
    const trader = await signIn(
      testApp,
      await createOperator(testApp.database, ['trader']),
      Date.now() + clockOffsetMs,
    );
    const operatorFile = (token: string) =>
      get(testApp, `${operatorReceiptFilePath}?orderNo=${orderNo}`, {
        authorization: `Bearer ${token}`,
      });
    const asFinance = await operatorFile(finance.token);
    expect(asFinance.headers['content-type']).toBe('image/png');
    expect(asFinance.rawPayload.equals(png)).toBe(true);
    expect((await operatorFile(trader.token)).json()).toMatchObject({ code: 6005 });

    const stranger = await newMember(testApp);
    const asStranger = await get(
      testApp,
      `${memberReceiptFilePath}?${new URLSearchParams({ ...stranger.auth, orderNo })}`,
    );
    expect(asStranger.json()).toMatchObject({ code: 5102, data: null });
    expect(
      (await get(testApp, `${memberReceiptFilePath}?orderNo=${orderNo}`)).json(),
    ).toMatchObject({ code: 403 });
    const second = await get(
      testApp,
      `${memberReceiptFilePath}?${new URLSearchParams({ ...owner.auth, orderNo, index: '2' })}`,
    );
    expect(second.json()).toMatchObject({ code: 5102 });
  });
});
