import { depositAddress, depositAddressSchema } from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidAddress } from '../../src/modules/payments/chain-address';
import { expectOk, expectRefused } from '../identity/helpers';
import {
  type Answer,
  balanceOf,
  createDepositsTestApp,
  type DepositsTestApp,
  depositRecords,
  expectLedgerBalanced,
  newDemoMember,
  newMember,
  sendCallback,
} from './helpers';

let testApp: DepositsTestApp;
beforeAll(async () => {
  testApp = await createDepositsTestApp({ confirmations: 3 });
});
afterAll(() => testApp.close());

type Member = Awaited<ReturnType<typeof newMember>>;
type AddressInfo = ReturnType<typeof depositAddressSchema.parse>;

async function addressOf(member: Member, payTypeId: number): Promise<AddressInfo> {
  const data = expectOk(
    await testApp.call<AddressInfo>(depositAddress.path, { ...member.auth, payTypeId }),
  );
  return depositAddressSchema.strict().parse(data);
}

async function sendTransfer(network: string, toAddress: string, amount: number) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/sandbox/chain/transfer',
    payload: { network, toAddress, amount },
  });
  return response.json() as Answer<{ txHash: string }>;
}

async function mine(network: string, blocks = 1) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/sandbox/chain/mine',
    payload: { network, blocks },
  });
  return expectOk(response.json() as Answer<{ height: number }>).height;
}

async function recordOf(member: Member, txHash: string) {
  return (await depositRecords(testApp, member.auth)).find((record) => record.txHash === txHash);
}

describe('/app/api/deposit/address', () => {
  it('gives each member one stable, well-formed address per network with its QR data', async () => {
    const member = await newMember(testApp);
    const trc = await addressOf(member, 501);
    const erc = await addressOf(member, 502);
    expect(trc).toMatchObject({
      network: 'TRC20',
      currencyCode: 'USDT',
      scale: 6,
      minAmount: 10_000_000,
      confirmations: 3,
    });
    expect(trc.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(isValidAddress('TRC20', trc.address)).toBe(true);
    expect(erc.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(trc.qrData).toBe(`tron:${trc.address}?token=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t`);
    expect(erc.qrData).toContain(`/transfer?address=${erc.address}`);
    expect(await addressOf(member, 501)).toEqual(trc);
    const again = await Promise.all(Array.from({ length: 5 }, () => addressOf(member, 502)));
    expect(new Set(again.map((entry) => entry.address))).toEqual(new Set([erc.address]));
    const other = await newMember(testApp);
    expect((await addressOf(other, 501)).address).not.toBe(trc.address);
  });

  it('refuses pay types without an address, and demo accounts', async () => {
    const member = await newMember(testApp);
    expectRefused(
      await testApp.call(depositAddress.path, { ...member.auth, payTypeId: 101 }),
      5100,
    );
    expectRefused(
      await testApp.call(depositAddress.path, { ...member.auth, payTypeId: 9999 }),
      5100,
    );
    const demo = await newDemoMember(testApp);
    expectRefused(await testApp.call(depositAddress.path, { ...demo.auth, payTypeId: 501 }), 2010);
  });
});

describe('the sandbox chain', () => {
  it('credits a transfer once it has the configured confirmations, and only once', async () => {
    const member = await newMember(testApp);
    const { address } = await addressOf(member, 501);
    const { txHash } = expectOk(await sendTransfer('TRC20', address, 25_500_000));
    expect(await recordOf(member, txHash)).toBeUndefined();
    await mine('TRC20');
    expect(await recordOf(member, txHash)).toMatchObject({
      status: 1,
      merchantCode: 5,
      remark: 'Waiting for confirmations (1/3)',
      amount: 25_500_000,
    });
    await mine('TRC20');
    expect(await recordOf(member, txHash)).toMatchObject({
      status: 1,
      remark: 'Waiting for confirmations (2/3)',
    });
    expect(await balanceOf(testApp, member.auth, 'USDT')).toBe(0);
    await mine('TRC20');
    expect(await recordOf(member, txHash)).toMatchObject({ status: 2, remark: '' });
    expect(await balanceOf(testApp, member.auth, 'USDT')).toBe(25_500_000);
    await mine('TRC20', 5);
    expect(await balanceOf(testApp, member.auth, 'USDT')).toBe(25_500_000);
  });

  it('records a transfer below the minimum without crediting it', async () => {
    const member = await newMember(testApp);
    const { address } = await addressOf(member, 501);
    const { txHash } = expectOk(await sendTransfer('TRC20', address, 9_999_999));
    await mine('TRC20', 4);
    expect(await recordOf(member, txHash)).toMatchObject({
      status: 3,
      amount: 9_999_999,
      remark: 'Below the minimum deposit of 10.000000 USDT; not credited',
    });
    expect(await balanceOf(testApp, member.auth, 'USDT')).toBe(0);
  });

  it('credits every transaction to an address once, even when blocks are made concurrently', async () => {
    const member = await newMember(testApp);
    const { address } = await addressOf(member, 502);
    // ERC20 addresses compare without case, as wallets write them either way.
    const mixedCase = `0x${address.slice(2).toUpperCase()}`;
    const transfers = [20_000_000, 30_000_000, 45_000_001];
    for (const amount of transfers) expectOk(await sendTransfer('ERC20', mixedCase, amount));
    await Promise.all(Array.from({ length: 6 }, () => mine('ERC20', 2)));
    await mine('ERC20', 3);
    const total = transfers.reduce((sum, amount) => sum + amount, 0);
    expect(await balanceOf(testApp, member.auth, 'USDT')).toBe(total);
    const records = (await depositRecords(testApp, member.auth)).filter(
      (record) => record.merchantCode === 5,
    );
    expect(records).toHaveLength(3);
    expect(records.every((record) => record.status === 2)).toBe(true);
  });

  it('credits once when the same confirmed transfer is reported many times at once', async () => {
    const member = await newMember(testApp);
    const { address } = await addressOf(member, 501);
    const body = JSON.stringify({
      event: 'chain.transfer',
      network: 'TRC20',
      txHash: 'a'.repeat(64),
      fromAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      toAddress: address,
      currencyCode: 'USDT',
      amount: 11_000_000,
      scale: 6,
      blockHeight: 1,
      confirmations: 5,
    });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => sendCallback(testApp, body)),
    );
    expect(answers.every((answer) => answer.code === 0 && answer.data.status === 2)).toBe(true);
    expect(await balanceOf(testApp, member.auth, 'USDT')).toBe(11_000_000);
    const changed = await sendCallback(testApp, body.replace('11000000', '12000000'));
    expect(changed.code).toBe(5113);
  });

  it('leaves transfers to addresses of no member alone, and refuses malformed addresses', async () => {
    const stranger = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    const { txHash } = expectOk(await sendTransfer('TRC20', stranger, 50_000_000));
    await mine('TRC20');
    const page = await testApp.app.inject({
      method: 'GET',
      url: `/sandbox/chain?network=TRC20&to=${stranger}`,
    });
    expect(page.body).toContain(txHash);
    expect(page.body).toContain('settled');
    const bad = await sendTransfer('TRC20', 'T123', 50_000_000);
    expectRefused(bad, 1000);
    expect(bad.msg).toContain('toAddress: not a valid TRC20 address');
    expectRefused(await sendTransfer('ERC20', stranger, 1), 1000);
    expectRefused(await sendTransfer('TRC20', stranger, -1), 1000);
  });

  it('takes transfers from its page, in USDT', async () => {
    const member = await newMember(testApp);
    const { address } = await addressOf(member, 501);
    const form = await testApp.app.inject({
      method: 'POST',
      url: '/sandbox/chain',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        network: 'TRC20',
        toAddress: address,
        amount: '12.5',
      }).toString(),
    });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('waits for the next block');
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/sandbox/chain',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        network: 'TRC20',
        toAddress: address,
        amount: '1.1234567',
      }).toString(),
    });
    expect(refused.body).toContain('at most 6 decimals');
    await mine('TRC20', 3);
    expect(await balanceOf(testApp, member.auth, 'USDT')).toBe(12_500_000);
  });

  it('leaves the ledger balanced after every movement of this file', async () => {
    await expectLedgerBalanced(testApp);
  });
});

describe('the sandbox chain on its timer', () => {
  let timed: DepositsTestApp;
  beforeAll(async () => {
    timed = await createDepositsTestApp({ blockIntervalMs: 40, confirmations: 2 });
  });
  afterAll(() => timed.close());

  it('makes blocks by itself and credits after the confirmations', async () => {
    const member = await newMember(timed);
    const { address } = expectOk(
      await timed.call<AddressInfo>(depositAddress.path, { ...member.auth, payTypeId: 501 }),
    );
    const sent = await timed.app.inject({
      method: 'POST',
      url: '/sandbox/chain/transfer',
      payload: { network: 'TRC20', toAddress: address, amount: 15_000_000 },
    });
    expect(sent.json()).toMatchObject({ code: 0 });
    const deadline = Date.now() + 15_000;
    while ((await balanceOf(timed, member.auth, 'USDT')) === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await balanceOf(timed, member.auth, 'USDT')).toBe(15_000_000);
    const [record] = await depositRecords(timed, member.auth);
    expect(record).toMatchObject({ status: 2, merchantCode: 5 });
  });
});
