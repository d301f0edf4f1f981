import { depositCreate } from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../identity/helpers';
import {
  createDepositsTestApp,
  type DepositsTestApp,
  newMember,
  payButtonUrl,
  withQuery,
} from './helpers';

/**
 * The sandbox's hosted pay page speaks the member's language, passed as the member site passes
 * it (`lang`), and shows times as the site does: in UTC−4, never as a raw ISO instant.
 */

let testApp: DepositsTestApp;
beforeAll(async () => {
  testApp = await createDepositsTestApp();
});
afterAll(() => testApp.close());

type Member = Awaited<ReturnType<typeof newMember>>;

async function payUrlOf(member: Member, lang: string, fields: Record<string, unknown> = {}) {
  return expectOk(
    await testApp.call<string>(depositCreate.path, {
      ...member.auth,
      scale: 2,
      payTypeId: 301,
      amount: 10_000,
      lang,
      ...fields,
    }),
  );
}

async function pageAt(url: string, headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode).toBe(200);
  return response.body;
}

const utcMinus4 = (epochMs: number) =>
  new Date(epochMs - 4 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

describe('the hosted pay page in the member’s language', () => {
  it('speaks Simplified Chinese for lang=zh, its description and buttons included', async () => {
    const member = await newMember(testApp);
    const body = await pageAt(withQuery(await payUrlOf(member, 'zh'), { lang: 'zh' }));
    expect(body).toContain('<html lang="zh-CN">');
    for (const words of ['沙盒支付', '电子钱包存款', '等待付款', '完成付款', '付款截止（UTC−4）'])
      expect(body).toContain(words);
    expect(body).not.toMatch(/Complete payment|Pay before|Deposit by|pending</);
  });

  it('speaks Traditional Chinese for lang=zht, a conversion worded with its rate', async () => {
    const member = await newMember(testApp);
    const url = await payUrlOf(member, 'zht', { scale: 6, payTypeId: 801, amount: 10_000_000 });
    const body = await pageAt(withQuery(url, { lang: 'zht' }));
    expect(body).toContain('<html lang="zh-TW">');
    expect(body).toContain('USDT 存款，按 7.1 的匯率以 CNY 入帳');
    expect(body).toContain('完成付款');
  });

  it("follows the browser's language without lang, and is English with neither", async () => {
    const member = await newMember(testApp);
    const url = await payUrlOf(member, 'en');
    expect(await pageAt(url, { 'accept-language': 'zh-TW,zh;q=0.9' })).toContain('完成付款');
    const english = await pageAt(url);
    expect(english).toContain('Complete payment');
    expect(english).toContain('Deposit by E-wallet');
    // A language the site does not offer is not taken as one.
    expect(await pageAt(withQuery(url, { lang: 'fr' }))).toContain('Complete payment');
  });

  it('shows the deadline in UTC−4 as the site does, never as an ISO instant', async () => {
    const member = await newMember(testApp);
    const body = await pageAt(withQuery(await payUrlOf(member, 'en'), { lang: 'en' }));
    const expiresAt = Number(/data-expires-at="(\d+)"/.exec(body)?.[1]);
    expect(expiresAt).toBeGreaterThan(Date.now());
    expect(body).toContain(`>${utcMinus4(expiresAt)}</dd>`);
    expect(body).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
  });

  it('keeps the language through a press of a button', async () => {
    const member = await newMember(testApp);
    const url = await payUrlOf(member, 'zh');
    const body = await pageAt(withQuery(url, { lang: 'zh' }));
    const pressUrl = payButtonUrl(url, 'complete', { lang: 'zh' });
    expect(body).toContain(`action="${pressUrl.replaceAll('&', '&amp;')}"`);
    const pressed = await testApp.app.inject({ method: 'POST', url: pressUrl });
    expect(pressed.body).toContain('已付款：商户已确认。');
    expect(pressed.body).toContain('商户已收到结果');
  });

  it('says a missing payment is not found in the language asked', async () => {
    const missing = await testApp.app.inject({
      method: 'GET',
      url: `/sandbox/pay/sp_${'0'.repeat(32)}?lang=zh`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('找不到该笔付款');
  });
});
