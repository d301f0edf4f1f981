import {
  memberCreateTryPlay,
  type Session,
  visitorCreate,
  type WithdrawAccount,
  type WithdrawChannel,
  withdrawAccountList,
  withdrawAccountOperate,
  withdrawBankList,
} from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContractOutput } from '../identity/helpers';
import { createTestApp, type TestApp } from '../test-app';
import {
  addAccount,
  addBankCard,
  authOf,
  channels,
  countRows,
  evmAddress,
  expectOk,
  expectRefused,
  newMember,
  type TestMember,
  tronAddress,
} from './helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const validCpf = '52998224725';

async function accountsOf(member: TestMember) {
  return expectContractOutput(
    withdrawAccountList,
    expectOk(await testApp.call<WithdrawAccount[]>(withdrawAccountList.path, member.auth)),
  );
}

/** Asserts the add is refused with `code`, its message naming `field`, and nothing stored. */
async function expectAddRefused(
  member: TestMember,
  fields: Record<string, unknown>,
  code: number,
  field: string,
) {
  const before = await countRows(testApp);
  const answer = await addAccount(testApp, member, fields);
  expectRefused(answer, code);
  expect(answer.msg).toContain(field);
  expect(await countRows(testApp)).toEqual(before);
}

describe('/app/api/wallet/bank (getBankList)', () => {
  it('lists every channel by merchant code with SPEC §3 fields and the held accounts', async () => {
    const member = await newMember(testApp);
    await addBankCard(testApp, member);
    const list = expectContractOutput(
      withdrawBankList,
      expectOk(await testApp.call<WithdrawChannel[]>(withdrawBankList.path, member.auth)),
    );
    expect(list.map((channel) => channel.merchantCode)).toEqual([0, 2, 3, 4, 5, 6, 7]);
    expect(list[0]).toMatchObject({
      merchantCode: 0,
      currencyCode: 'CNY',
      currencyId: 1,
      payTypeId: 21,
      payType: 'BANK_CARD',
      channelId: 201,
      outerId: 0,
      minAmount: 10_000,
      maxAmount: 5_000_000,
      scale: 2,
      holds: 1,
      accounts: [expect.objectContaining({ merchantCode: 0, bankNo: '6222020200112233445' })],
    });
    expect(list.find((channel) => channel.payType === 'USDT_TRC20')).toMatchObject({
      merchantCode: 3,
      outerId: 1002,
      scale: 6,
      holds: 0,
      accounts: [],
    });
    expect(list.find((channel) => channel.payType === 'USDT_ERC20')).toMatchObject({
      outerId: 1001,
    });
  });

  it('filters by merchant code', async () => {
    const member = await newMember(testApp);
    const answer = await testApp.call<WithdrawChannel[]>(withdrawBankList.path, {
      ...member.auth,
      merchantCode: 6,
    });
    expect(expectOk(answer).map((channel) => channel.payType)).toEqual(['PIX_KEY']);
  });

  it('answers 402 to a visitor and refuses demo players', async () => {
    const visitor = expectOk(await testApp.call<Session>(visitorCreate.path));
    expectRefused(await testApp.call(withdrawBankList.path, authOf(visitor)), 402);
    const demo = expectOk(await testApp.call<Session>(memberCreateTryPlay.path));
    expectRefused(await testApp.call(withdrawBankList.path, authOf(demo)), 2010);
  });
});

describe('adding payout accounts', () => {
  it('saves each kind of account with the fields its type needs', async () => {
    const member = await newMember(testApp);
    const added = [
      {
        ...channels.bankCard,
        bankNo: '6222020200112233445',
        realName: '张三',
        mobile: '13800138000',
        name: 'ICBC',
      },
      { ...channels.localBank, bankNo: '001234567890', realName: 'Li Si', name: 'Bank of Ningbo' },
      { ...channels.usdtTrc20, bankNo: tronAddress },
      { ...channels.usdtErc20, bankNo: evmAddress, name: 'cold wallet' },
      {
        ...channels.pixKey,
        accountType: 'PIX_EMAIL',
        bankNo: 'joao@example.com',
        realName: 'João Souza',
        extend1: validCpf,
      },
      { ...channels.pixDocument, accountType: 'PIX_CPF', bankNo: validCpf, realName: 'João Souza' },
    ];
    for (const fields of added) {
      const account = expectContractOutput(
        withdrawAccountOperate,
        expectOk(await addAccount(testApp, member, { ...fields, payTypeName: 'whatever' })),
      );
      expect(account).toMatchObject({ merchantCode: fields.type, payTypeId: fields.payTypeId });
    }
    const accounts = await accountsOf(member);
    expect(accounts.map((account) => account.merchantCode)).toEqual([0, 2, 3, 5, 6, 7]);
    expect(accounts[0]).toMatchObject({
      payTypeName: 'Bank card',
      bankNo: '6222020200112233445',
      name: 'ICBC',
      realName: '张三',
      mobile: '13800138000',
      accountType: null,
      extend1: null,
      address: null,
      currencyId: 1,
    });
    expect(accounts[2]).toMatchObject({
      bankNo: tronAddress,
      address: tronAddress,
      currencyId: 10,
    });
    expect(accounts[4]).toMatchObject({
      accountType: 'PIX_EMAIL',
      extend1: validCpf,
      currencyId: 3,
    });
    const filtered = await testApp.call<WithdrawAccount[]>(withdrawAccountList.path, {
      ...member.auth,
      merchantCode: 5,
    });
    expect(expectOk(filtered).map((account) => account.bankNo)).toEqual([evmAddress]);
  });

  it('checks addresses by the channel coin: 0x and 42 for ERC20, T and 34 for TRC20', async () => {
    const member = await newMember(testApp);
    const refusedAddresses = [
      [channels.usdtErc20, tronAddress],
      [channels.usdtErc20, evmAddress.slice(0, 41)],
      [channels.usdtErc20, `${evmAddress}0`],
      [channels.usdtErc20, `0X${evmAddress.slice(2)}`],
      [channels.usdtTrc20, evmAddress],
      [channels.usdtTrc20, tronAddress.slice(0, 33)],
      [channels.usdtTrc20, `${tronAddress}1`],
      [channels.usdtTrc20, `t${tronAddress.slice(1)}`],
      [channels.usdtTrc20, `${tronAddress.slice(0, 33)}.`],
      [channels.usdtTrc20, 'T'.padEnd(91, 'a')],
    ] as const;
    for (const [channel, bankNo] of refusedAddresses) {
      await expectAddRefused(member, { ...channel, bankNo }, 5202, 'bankNo');
    }
    await expectAddRefused(member, { ...channels.usdtTrc20 }, 1000, 'bankNo: is required');
    expectOk(await addAccount(testApp, member, { ...channels.usdtErc20, bankNo: evmAddress }));
    expectOk(await addAccount(testApp, member, { ...channels.usdtTrc20, bankNo: tronAddress }));
  });

  it('needs card number, real name and phone for a bank card, and keeps SPEC lengths', async () => {
    const member = await newMember(testApp);
    const card = {
      ...channels.bankCard,
      bankNo: '6222020200112233445',
      realName: 'Zhang San',
      mobile: '13800138000',
    };
    await expectAddRefused(member, { ...card, mobile: '' }, 1000, 'mobile: is required');
    await expectAddRefused(member, { ...card, realName: undefined }, 1000, 'realName: is required');
    await expectAddRefused(
      member,
      { ...card, bankNo: '1'.repeat(51) },
      1000,
      'bankNo: must be at most 50',
    );
    await expectAddRefused(
      member,
      { ...card, realName: 'a'.repeat(51) },
      1000,
      'realName: must be at most 50',
    );
    await expectAddRefused(
      member,
      { ...card, mobile: '1'.repeat(15) },
      1000,
      'mobile: must be at most 14',
    );
    await expectAddRefused(
      member,
      { ...card, mobile: '138-0013-8000' },
      1000,
      'mobile: may hold only digits',
    );
    await expectAddRefused(
      member,
      { ...card, name: 'b'.repeat(51) },
      1000,
      'name: must be at most 50',
    );
    await expectAddRefused(member, { ...card, extend1: validCpf }, 1000, 'extend1: is not used');
    const local = {
      ...channels.localBank,
      bankNo: '1'.repeat(30),
      realName: 'a'.repeat(30),
      name: 'Bank',
    };
    await expectAddRefused(
      member,
      { ...local, bankNo: '1'.repeat(31) },
      1000,
      'bankNo: must be at most 30',
    );
    await expectAddRefused(
      member,
      { ...local, realName: 'a'.repeat(31) },
      1000,
      'realName: must be at most 30',
    );
    await expectAddRefused(member, { ...local, name: '' }, 1000, 'name: is required');
    expectOk(await addAccount(testApp, member, local));
  });

  it('checks Pix keys by kind', async () => {
    const member = await newMember(testApp);
    const key = { ...channels.pixKey, realName: 'João Souza', extend1: validCpf };
    await expectAddRefused(
      member,
      { ...key, accountType: 'PIX_PHONE', bankNo: '11987654321' },
      1000,
      'bankNo',
    );
    await expectAddRefused(
      member,
      { ...key, accountType: 'PIX_CPF', bankNo: validCpf },
      1000,
      'accountType',
    );
    await expectAddRefused(
      member,
      { ...key, accountType: 'PIX_EVP', bankNo: 'not-a-key', extend1: validCpf },
      1000,
      'bankNo',
    );
    await expectAddRefused(
      member,
      { ...key, accountType: 'PIX_PHONE', bankNo: '5511987654321', extend1: '12345678900' },
      1000,
      'extend1',
    );
    const document = { ...channels.pixDocument, realName: 'Padaria' };
    await expectAddRefused(
      member,
      { ...document, accountType: 'PIX_CNPJ', bankNo: '11222333000180' },
      1000,
      'bankNo',
    );
    expectOk(
      await addAccount(testApp, member, {
        ...document,
        accountType: 'PIX_CNPJ',
        bankNo: '11222333000181',
      }),
    );
    expectOk(
      await addAccount(testApp, member, {
        ...key,
        accountType: 'PIX_PHONE',
        bankNo: '5511987654321',
      }),
    );
  });

  it('refuses channels that do not exist or do not match the type, and type 4', async () => {
    const member = await newMember(testApp);
    const card = { bankNo: '6222020200112233445', realName: 'Zhang San', mobile: '13800138000' };
    await expectAddRefused(member, { ...channels.bankCard, channelId: 999, ...card }, 5201, '999');
    await expectAddRefused(
      member,
      { ...channels.bankCard, payTypeId: 22, ...card },
      5201,
      'pay type 22',
    );
    await expectAddRefused(member, { ...channels.bankCard, type: 2, ...card }, 5201, 'type 2');
    await expectAddRefused(member, { ...channels.depositRoute, ...card }, 1000, 'takes no account');
    await expectAddRefused(
      member,
      { channelId: 201, payTypeId: 21, ...card },
      1000,
      'type: is required',
    );
    await expectAddRefused(
      member,
      { ...channels.bankCard, ...card, iban: 'x' },
      1000,
      'unknown field "iban"',
    );
  });

  it('keeps at most 3 accounts per type, and refuses the same number twice', async () => {
    const member = await newMember(testApp);
    for (const bankNo of ['1111111111', '2222222222', '3333333333']) {
      await addBankCard(testApp, member, bankNo);
    }
    await expectAddRefused(
      member,
      { ...channels.bankCard, bankNo: '4444444444', realName: 'Zhang San', mobile: '13800138000' },
      5203,
      'already holds 3',
    );
    // Other types keep their own three.
    expectOk(await addAccount(testApp, member, { ...channels.usdtErc20, bankNo: evmAddress }));
    await expectAddRefused(
      member,
      { ...channels.usdtErc20, bankNo: evmAddress.toLowerCase() },
      5204,
      'bankNo',
    );
  });

  it('stores exactly 3 when many adds of one type race, and one of many identical adds', async () => {
    const member = await newMember(testApp);
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        addAccount(testApp, member, {
          ...channels.bankCard,
          bankNo: `62220202001122${String(index).padStart(5, '0')}`,
          realName: 'Zhang San',
          mobile: '13800138000',
        }),
      ),
    );
    expect(outcomes.filter((answer) => answer.code === 0)).toHaveLength(3);
    expect(outcomes.filter((answer) => answer.code === 5203)).toHaveLength(9);
    expect((await accountsOf(member)).filter((account) => account.merchantCode === 0)).toHaveLength(
      3,
    );

    const same = await Promise.all(
      Array.from({ length: 8 }, () =>
        addAccount(testApp, member, { ...channels.usdtTrc20, bankNo: tronAddress }),
      ),
    );
    expect(same.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(same.filter((answer) => answer.code === 5204)).toHaveLength(7);
  });
});

describe('removing payout accounts', () => {
  it('removes the member own account and frees its slot', async () => {
    const member = await newMember(testApp);
    const ids = [];
    for (const bankNo of ['1111111111', '2222222222', '3333333333']) {
      ids.push(await addBankCard(testApp, member, bankNo));
    }
    const removed = await testApp.call(withdrawAccountOperate.path, {
      ...member.auth,
      operType: 2,
      accountId: ids[1],
    });
    expect(expectOk(removed)).toBeNull();
    expect((await accountsOf(member)).map((account) => account.accountId)).toEqual([
      ids[0],
      ids[2],
    ]);
    // The freed slot takes a new account, even the one just removed.
    await addBankCard(testApp, member, '2222222222');
  });

  it("answers another member's account exactly like a missing one, and changes nothing", async () => {
    const owner = await newMember(testApp);
    const stranger = await newMember(testApp);
    const accountId = await addBankCard(testApp, owner);
    const before = await countRows(testApp);
    const theirs = await testApp.call(withdrawAccountOperate.path, {
      ...stranger.auth,
      operType: 2,
      accountId,
    });
    const missing = await testApp.call(withdrawAccountOperate.path, {
      ...stranger.auth,
      operType: 2,
      accountId: accountId + 1_000_000,
    });
    expectRefused(theirs, 5205);
    expect({ ...theirs, msg: theirs.msg.replace(String(accountId), 'N') }).toEqual({
      ...missing,
      msg: missing.msg.replace(String(accountId + 1_000_000), 'N'),
    });
    expect(await countRows(testApp)).toEqual(before);
    expect(await accountsOf(owner)).toHaveLength(1);
    const again = await testApp.call(withdrawAccountOperate.path, { ...owner.auth, operType: 2 });
    expectRefused(again, 1000);
    expect(again.msg).toContain('accountId: is required');
  });
});
