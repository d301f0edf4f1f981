import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pressPayButton } from './deposits/helpers';
import { createOrdersTestApp } from './orders/helpers';
import type { TestApp } from './test-app';

/**
 * A client written from SPEC alone, as a partner's app developer would write one, speaking SPEC
 * §7's JSON mode: every request carries token, uid and the client-info fields of SPEC §3 with
 * SPEC's own values (pid 888, siteNo 7, source 2 as numbers, as SPEC §9 gives them), and an
 * empty string for every field it has nothing for. It knows nothing of the contract package:
 * paths, fields, the password hashing and the sealed payloads (DESIGN §5) are written out here.
 */

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
/** SPEC §5: passwords are hashed twice with MD5 before they are sent. */
const doubleMd5 = (password: string) => md5(md5(password));

/** DESIGN §5: HKDF-SHA256 of the token, AES-256-GCM, base64 of IV ‖ ciphertext ‖ tag. */
function sealKey(token: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(token), Buffer.alloc(0), 'seal-v1', 32));
}

function seal(token: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(token), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value)), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

function open(token: string, sealed: string): unknown {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(token), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  const plain = Buffer.concat([decipher.update(bytes.subarray(12, -16)), decipher.final()]);
  return JSON.parse(plain.toString('utf8'));
}

/** What this client reads of the answers, written from SPEC §3. */
interface Option {
  oi: string;
  o: number;
  s: number;
  md: number;
}
interface Match {
  b: number;
  g: number;
  z: Record<string, Record<string, Option[]>>;
}
interface Balance {
  currencyCode: string;
  amount: number;
  frozen: number;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

class SpecJsonClient {
  uid = '';
  token = '';
  readonly clientInfo = {
    deviceID: randomBytes(8).toString('hex'),
    pid: 888,
    versionCode: 110,
    versionName: 'v1.0.110',
    os: 'android',
    osVersionName: '14',
    osVersionCode: 34,
    mac: '',
    deviceModel: 'Pixel 8',
    channel: 'a1',
    realm: 'alpha',
    siteNo: 7,
    process: 'sport',
    source: 2,
    lang: 'en',
  };

  constructor(private readonly testApp: TestApp) {}

  async post<T>(path: string, data: Record<string, unknown> = {}): Promise<Envelope<T>> {
    const response = await this.testApp.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token: this.token, uid: this.uid, ...this.clientInfo, ...data }),
    });
    expect(response.statusCode, path).toBe(200);
    return response.json();
  }

  /** A call that must succeed; its data, opened when the server sealed it. */
  async ok<T>(path: string, data: Record<string, unknown> = {}): Promise<T> {
    const answer = await this.post<T>(path, data);
    expect(answer, `${path}: ${answer.msg}`).toMatchObject({ code: 0 });
    return answer.data;
  }

  signIn(session: { uid: string; token: string }): void {
    this.uid = session.uid;
    this.token = session.token;
  }
}

let testApp: TestApp;
beforeAll(async () => {
  testApp = (await createOrdersTestApp()).testApp;
}, 120_000);
afterAll(() => testApp?.close());

describe("a hand-written JSON client sending SPEC's values", () => {
  it('registers, logs in, browses, bets and uses the wallet', async () => {
    const client = new SpecJsonClient(testApp);
    const account = `spec${randomBytes(4).toString('hex')}`;
    const password = 'correct horse 7';

    client.signIn(await client.ok<{ uid: string; token: string }>('/app/api/visitor/create'));
    expect(client.token).not.toBe('');
    await client.ok('/app/api/member/create/account', {
      account,
      pwd: doubleMd5(password),
      promoteCode: '',
      lang: 'en',
    });
    await client.ok('/app/api/member/logout');

    const session = await client.ok<{ uid: string; token: string }>(
      '/app/api/member/login/account',
      {
        account,
        pwd: doubleMd5(password),
        code: '',
        captchaType: '',
        domainType: 3,
        lang: 'en',
      },
    );
    expect(session).toMatchObject({ account, languageCode: 'en', source: 2 });
    client.signIn(session);
    const profile = await client.ok<{ memberId: number }>('/app/api/member/profile');
    expect(profile.memberId).toBeGreaterThan(0);

    // Browse: app init, then the football list with SPEC's table parameters, an empty tag
    // filtering nothing, and a match's detail.
    const init = await client.ok<{ control_switch: number[] }>('/match/api/sysinit');
    expect(Array.isArray(init.control_switch)).toBe(true);
    const sports = await client.ok<{ id: number }[]>('/match/api/sportsType');
    expect(sports.length).toBeGreaterThan(0);
    const sealedList = await client.ok<string>('/match/api/match/list', {
      type: 0,
      sport: '',
      sportId: 1,
      oddsType: 0,
      tag: '',
      leagueId: '',
      size: 1000,
    });
    const list = open(client.token, sealedList) as { records: Match[] };
    expect(list.records.length).toBeGreaterThan(0);
    const listed = list.records.find(
      (match) => match.g === 0 && Object.keys(match.z ?? {}).includes('3'),
    );
    if (!listed) throw new Error('no pre-match football match with a 1X2 market');
    const detail = open(
      client.token,
      await client.ok<string>('/match/api/match/details', {
        oddsType: 0,
        matchId: String(listed.b),
        sportId: 1,
      }),
    ) as Match;
    expect(detail.b).toBe(listed.b);
    const [option] = Object.values(detail.z['3'] ?? {})[0] ?? [];
    if (!option) throw new Error('the match has no 1X2 price');
    expect(option.s).toBe(0);

    // The wallet: the pay types, a deposit through the sandbox's hosted page, the balance.
    const payTypes = await client.ok<{ payTypeId: number }[]>('/app/api/wallet/payType', {
      merchantCode: '',
    });
    expect(payTypes.some((payType) => payType.payTypeId === 301)).toBe(true);
    const payUrl = await client.ok<string>('/app/api/deposit/create', {
      scale: 2,
      payTypeId: '301',
      amount: '50000',
      toCurrencyId: '',
    });
    await pressPayButton(testApp, payUrl, 'complete');
    const [funded] = await client.ok<Balance[]>('/app/api/wallet/balance');
    expect(funded).toMatchObject({ currencyCode: 'CNY', amount: 50_000, frozen: 0 });

    // A bet: SPEC's bet option fields sealed with the token, ids as the odds object gives them.
    const order = await client.ok<{ orderNo: string }>('/trade/api/order/create', {
      data: seal(client.token, {
        betType: 0,
        stake: '1000',
        scale: 2,
        acceptOdds: '2',
        selections: [
          {
            optId: option.oi,
            odds: option.o,
            gameId: String(detail.b),
            playId: option.md,
            sportId: '1',
          },
        ],
      }),
    });
    expect(order).toMatchObject({ stake: 1_000, legs: [{ gameId: detail.b }] });
    const orders = await client.ok<{ records: { orderNo: string }[] }>('/trade/api/order/list', {
      isSettled: '',
      page: 1,
      size: 10,
    });
    expect(orders.records.map((record) => record.orderNo)).toContain(order.orderNo);

    // A withdrawal: the withdrawal password, a bank card, then the withdrawal itself.
    await client.ok('/app/api/member/withdraw/pwd/edit', {
      loginPwd: doubleMd5(password),
      pwd: doubleMd5('123456'),
    });
    const card = await client.ok<{ accountId: number }>('/app/api/withdraw/account/operate', {
      operType: 1,
      type: 0,
      channelId: 201,
      payTypeId: 21,
      payTypeName: '',
      bankNo: '6222020200112233445',
      realName: 'Zhang San',
      mobile: 13800138000,
      accountType: '',
      extend1: '',
      name: '',
    });
    const accounts = await client.ok<{ accountId: number }[]>('/app/api/withdraw/account', {
      merchantCode: '',
    });
    expect(accounts.map((entry) => entry.accountId)).toContain(card.accountId);
    await client.ok('/app/api/withdraw/create', {
      scale: 2,
      amount: 10_000,
      accountId: String(card.accountId),
      channelId: '201',
      payTypeId: 21,
      pwd: doubleMd5('123456'),
    });
    // SPEC §3: available = amount - frozen; the stake and the withdrawal are both out of it.
    const [after] = await client.ok<Balance[]>('/app/api/wallet/balance');
    if (!after) throw new Error('no balance');
    expect(after.amount - after.frozen).toBe(50_000 - 1_000 - 10_000);
    expect(after.frozen).toBe(10_000);
    const history = await client.ok<{ total: number }>('/app/api/withdraw/list', {
      page: 1,
      size: 10,
      startTime: '',
      endTime: '',
    });
    expect(history.total).toBe(1);
  });
});
