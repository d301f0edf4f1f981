import { describe, expect, it } from 'vitest';
import {
  checkPayoutAccount,
  describeWalletAddressProblem,
  findWalletAddressRule,
  isValidCnpj,
  isValidCpf,
  isValidWalletAddress,
  keepAddressCharacters,
  keepDigits,
  maskAccountNumber,
  type PayoutAccountInput,
  payoutAccountTypes,
  typeTakesPayoutAccount,
} from './payout-account';

const evmAddress = `0x${'a1B2c3D4e5'.repeat(4)}`;
const tronAddress = `T${'R7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'}`;
const rippleAddress = `r${'Hb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'}`;
const solanaAddress = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const validCpf = '52998224725';
const validCnpj = '11222333000181';

const outerIdsByRule = {
  '0x, 42': [1001, 1004, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1018, 1019, 1020],
  'T, 34': [1002, 1005, 1016],
  'r, 34': [1006],
  '32 to 44': [1022, 1023],
};

describe('wallet address rules by outer id (SPEC §5)', () => {
  it.each(outerIdsByRule['0x, 42'])('outer id %i takes 0x and 42 characters', (outerId) => {
    expect(isValidWalletAddress(outerId, evmAddress)).toBe(true);
    expect(evmAddress).toHaveLength(42);
    expect(isValidWalletAddress(outerId, evmAddress.slice(0, 41))).toBe(false);
    expect(isValidWalletAddress(outerId, `${evmAddress}0`)).toBe(false);
    expect(isValidWalletAddress(outerId, `0X${evmAddress.slice(2)}`)).toBe(false);
    expect(isValidWalletAddress(outerId, `1x${evmAddress.slice(2)}`)).toBe(false);
    expect(isValidWalletAddress(outerId, tronAddress)).toBe(false);
  });

  it.each(outerIdsByRule['T, 34'])('outer id %i takes T and 34 characters', (outerId) => {
    expect(tronAddress).toHaveLength(34);
    expect(isValidWalletAddress(outerId, tronAddress)).toBe(true);
    expect(isValidWalletAddress(outerId, tronAddress.slice(0, 33))).toBe(false);
    expect(isValidWalletAddress(outerId, `${tronAddress}x`)).toBe(false);
    expect(isValidWalletAddress(outerId, `t${tronAddress.slice(1)}`)).toBe(false);
    expect(isValidWalletAddress(outerId, evmAddress)).toBe(false);
  });

  it('outer id 1006 takes r and 34 characters', () => {
    expect(rippleAddress).toHaveLength(34);
    expect(isValidWalletAddress(1006, rippleAddress)).toBe(true);
    expect(isValidWalletAddress(1006, `R${rippleAddress.slice(1)}`)).toBe(false);
    expect(isValidWalletAddress(1006, rippleAddress.slice(0, 33))).toBe(false);
    expect(isValidWalletAddress(1006, `${rippleAddress}a`)).toBe(false);
  });

  it.each(outerIdsByRule['32 to 44'])('outer id %i takes 32 to 44 characters', (outerId) => {
    expect(isValidWalletAddress(outerId, 'a'.repeat(32))).toBe(true);
    expect(isValidWalletAddress(outerId, 'a'.repeat(44))).toBe(true);
    expect(isValidWalletAddress(outerId, solanaAddress)).toBe(true);
    expect(isValidWalletAddress(outerId, 'a'.repeat(31))).toBe(false);
    expect(isValidWalletAddress(outerId, 'a'.repeat(45))).toBe(false);
  });

  it('knows no rule for other outer ids, which keep only the general rules', () => {
    for (const outerId of [1003, 1017, 1021, 1024, 0]) {
      expect(findWalletAddressRule(outerId)).toBeUndefined();
    }
    expect(isValidWalletAddress(1003, 'anything-at_all1')).toBe(true);
    expect(isValidWalletAddress(1003, 'a'.repeat(90))).toBe(true);
    expect(describeWalletAddressProblem(1003, 'a'.repeat(91))).toBe(
      'must be at most 90 characters',
    );
  });

  it('allows only letters, digits, hyphen and underscore, and no empty address', () => {
    expect(describeWalletAddressProblem(1022, `${'a'.repeat(31)}-`)).toBeNull();
    expect(describeWalletAddressProblem(1022, `${'a'.repeat(31)}_`)).toBeNull();
    for (const bad of [' ', '.', '/', '+', 'é', '中', '\t']) {
      expect(describeWalletAddressProblem(1022, `${'a'.repeat(31)}${bad}`)).toBe(
        'may hold only letters, digits, hyphen and underscore',
      );
    }
    expect(describeWalletAddressProblem(1001, '')).toBe('is required');
  });

  it('says what shape the coin wants', () => {
    expect(describeWalletAddressProblem(1001, 'abc')).toBe(
      'must start with "0x" and be 42 characters long',
    );
    expect(describeWalletAddressProblem(1023, 'abc')).toBe('must be 32 to 44 characters long');
  });

  it('filters typed input the way the form does', () => {
    expect(keepAddressCharacters(' 0x12 ab-c_d.e/f ')).toBe('0x12ab-c_def');
    expect(keepDigits('+55 (11) 98765-4321')).toBe('5511987654321');
  });
});

describe('Brazilian documents', () => {
  it('accepts CPF and CNPJ numbers with the right check digits only', () => {
    expect(isValidCpf(validCpf)).toBe(true);
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247a5')).toBe(false);
    expect(isValidCnpj(validCnpj)).toBe(true);
    expect(isValidCnpj('11222333000182')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj(validCpf)).toBe(false);
  });
});

const bankCard = (fields: Partial<PayoutAccountInput> = {}): PayoutAccountInput => ({
  type: payoutAccountTypes.bankCard,
  outerId: 0,
  bankNo: '6222020200112233445',
  realName: '张三',
  mobile: '13800138000',
  ...fields,
});

const issuesOf = (input: PayoutAccountInput) => {
  const result = checkPayoutAccount(input);
  return result.ok ? [] : result.issues.map((issue) => `${issue.field}:${issue.kind}`);
};

describe('bank card accounts (type 0)', () => {
  it('needs card number, real name and phone, and stores them trimmed', () => {
    const result = checkPayoutAccount(bankCard({ realName: '  Maria da Silva ', name: ' ICBC ' }));
    expect(result).toEqual({
      ok: true,
      values: {
        bankNo: '6222020200112233445',
        realName: 'Maria da Silva',
        mobile: '13800138000',
        name: 'ICBC',
        accountType: null,
        extend1: null,
        address: null,
        duplicateKey: '6222020200112233445',
      },
    });
    expect(issuesOf(bankCard({ bankNo: undefined, realName: '', mobile: '  ' })).sort()).toEqual([
      'bankNo:required',
      'mobile:required',
      'realName:required',
    ]);
  });

  it('keeps the card number to 10-50 digits', () => {
    expect(issuesOf(bankCard({ bankNo: '1'.repeat(50) }))).toEqual([]);
    expect(issuesOf(bankCard({ bankNo: '1'.repeat(51) }))).toEqual(['bankNo:tooLong']);
    expect(issuesOf(bankCard({ bankNo: '1'.repeat(9) }))).toEqual(['bankNo:tooShort']);
    expect(issuesOf(bankCard({ bankNo: '6222 0202 0011 2233' }))).toEqual(['bankNo:characters']);
  });

  it('keeps the real name to 50 letters', () => {
    expect(issuesOf(bankCard({ realName: 'a'.repeat(50) }))).toEqual([]);
    expect(issuesOf(bankCard({ realName: 'a'.repeat(51) }))).toEqual(['realName:tooLong']);
    expect(issuesOf(bankCard({ realName: "Jean-Luc O'Neil Jr." }))).toEqual([]);
    expect(issuesOf(bankCard({ realName: '阿卜杜·热合曼' }))).toEqual([]);
    expect(issuesOf(bankCard({ realName: 'Agent 007' }))).toEqual(['realName:characters']);
    expect(issuesOf(bankCard({ realName: '<script>' }))).toEqual(['realName:characters']);
  });

  it('keeps the phone to 6-14 digits', () => {
    expect(issuesOf(bankCard({ mobile: '1'.repeat(14) }))).toEqual([]);
    expect(issuesOf(bankCard({ mobile: '1'.repeat(15) }))).toEqual(['mobile:tooLong']);
    expect(issuesOf(bankCard({ mobile: '12345' }))).toEqual(['mobile:tooShort']);
    expect(issuesOf(bankCard({ mobile: '+8613800138000' }))).toEqual(['mobile:characters']);
  });

  it('keeps the bank name to 50 characters and refuses fields the type does not use', () => {
    expect(issuesOf(bankCard({ name: 'b'.repeat(50) }))).toEqual([]);
    expect(issuesOf(bankCard({ name: 'b'.repeat(51) }))).toEqual(['name:tooLong']);
    expect(issuesOf(bankCard({ name: 'bank\u0007' }))).toEqual(['name:characters']);
    expect(issuesOf(bankCard({ extend1: 'x', accountType: 'PIX_CPF' })).sort()).toEqual([
      'accountType:notUsed',
      'extend1:notUsed',
    ]);
  });
});

describe('local bank accounts (type 2)', () => {
  const localBank = (fields: Partial<PayoutAccountInput> = {}): PayoutAccountInput => ({
    type: payoutAccountTypes.localBank,
    outerId: 0,
    bankNo: '001234567890',
    realName: 'Li Si',
    name: 'Bank of Ningbo',
    ...fields,
  });

  it('needs card number, real name and bank name; the phone is optional', () => {
    expect(issuesOf(localBank())).toEqual([]);
    expect(issuesOf(localBank({ mobile: '13800138000' }))).toEqual([]);
    expect(issuesOf(localBank({ name: '' }))).toEqual(['name:required']);
  });

  it('keeps card number and real name to 30', () => {
    expect(issuesOf(localBank({ bankNo: '1'.repeat(30), realName: 'a'.repeat(30) }))).toEqual([]);
    expect(issuesOf(localBank({ bankNo: '1'.repeat(31) }))).toEqual(['bankNo:tooLong']);
    expect(issuesOf(localBank({ realName: 'a'.repeat(31) }))).toEqual(['realName:tooLong']);
    expect(issuesOf(localBank({ bankNo: '12345' }))).toEqual(['bankNo:tooShort']);
  });
});

describe('digital address accounts (types 1, 3 and 5)', () => {
  it('need only the address, checked by the channel coin', () => {
    for (const type of [1, 3, 5]) {
      const result = checkPayoutAccount({ type, outerId: 1002, bankNo: ` ${tronAddress} ` });
      expect(result).toMatchObject({
        ok: true,
        values: { bankNo: tronAddress, address: tronAddress, realName: null, mobile: null },
      });
      expect(issuesOf({ type, outerId: 1001, bankNo: tronAddress })).toEqual([
        'bankNo:walletAddress',
      ]);
      expect(issuesOf({ type, outerId: 1002 })).toEqual(['bankNo:required']);
    }
  });

  it('take a label but no real name or phone', () => {
    expect(issuesOf({ type: 3, outerId: 1002, bankNo: tronAddress, name: 'cold wallet' })).toEqual(
      [],
    );
    expect(
      issuesOf({ type: 5, outerId: 1001, bankNo: evmAddress, realName: 'A', mobile: '1234567' }),
    ).toEqual(['realName:notUsed', 'mobile:notUsed']);
  });

  it('count 0x addresses that differ only in case as the same account', () => {
    const upper = checkPayoutAccount({ type: 5, outerId: 1001, bankNo: evmAddress });
    const lower = checkPayoutAccount({ type: 5, outerId: 1001, bankNo: evmAddress.toLowerCase() });
    expect(upper.ok && lower.ok && upper.values.duplicateKey === lower.values.duplicateKey).toBe(
      true,
    );
    const tron = checkPayoutAccount({ type: 3, outerId: 1002, bankNo: tronAddress });
    expect(tron.ok && tron.values.duplicateKey).toBe(tronAddress);
  });
});

describe('Pix accounts (types 6 and 7)', () => {
  const pixKey = (fields: Partial<PayoutAccountInput>): PayoutAccountInput => ({
    type: payoutAccountTypes.pixKey,
    outerId: 0,
    realName: 'João Souza',
    extend1: validCpf,
    ...fields,
  });
  const pixDocument = (fields: Partial<PayoutAccountInput>): PayoutAccountInput => ({
    type: payoutAccountTypes.pixDocument,
    outerId: 0,
    realName: 'Padaria Souza',
    ...fields,
  });

  it('type 6 takes phone, e-mail and random keys with the holder CPF', () => {
    expect(issuesOf(pixKey({ accountType: 'PIX_PHONE', bankNo: '5511987654321' }))).toEqual([]);
    expect(issuesOf(pixKey({ accountType: 'PIX_PHONE', bankNo: '551198765432' }))).toEqual([]);
    expect(issuesOf(pixKey({ accountType: 'PIX_PHONE', bankNo: '11987654321' }))).toEqual([
      'bankNo:format',
    ]);
    expect(issuesOf(pixKey({ accountType: 'PIX_PHONE', bankNo: '+5511987654321' }))).toEqual([
      'bankNo:format',
    ]);
    const email = checkPayoutAccount(pixKey({ accountType: 'PIX_EMAIL', bankNo: 'Joao@Ex.com' }));
    expect(email).toMatchObject({ ok: true, values: { bankNo: 'joao@ex.com' } });
    expect(issuesOf(pixKey({ accountType: 'PIX_EMAIL', bankNo: 'joao.ex.com' }))).toEqual([
      'bankNo:format',
    ]);
    expect(
      issuesOf(pixKey({ accountType: 'PIX_EMAIL', bankNo: `${'j'.repeat(70)}@ex.com.br` })),
    ).toEqual(['bankNo:format']);
    const evp = '123E4567-E89B-12D3-A456-426614174000';
    expect(checkPayoutAccount(pixKey({ accountType: 'PIX_EVP', bankNo: evp }))).toMatchObject({
      ok: true,
      values: { bankNo: evp.toLowerCase(), accountType: 'PIX_EVP', extend1: validCpf },
    });
    expect(issuesOf(pixKey({ accountType: 'PIX_EVP', bankNo: evp.slice(1) }))).toEqual([
      'bankNo:format',
    ]);
  });

  it('type 6 needs a valid holder CPF and refuses document kinds', () => {
    expect(
      issuesOf(pixKey({ accountType: 'PIX_PHONE', bankNo: '5511987654321', extend1: '' })),
    ).toEqual(['extend1:required']);
    expect(
      issuesOf(
        pixKey({ accountType: 'PIX_PHONE', bankNo: '5511987654321', extend1: '12345678900' }),
      ),
    ).toEqual(['extend1:format']);
    expect(issuesOf(pixKey({ accountType: 'PIX_CPF', bankNo: validCpf }))).toEqual([
      'accountType:format',
    ]);
  });

  it('type 7 takes a CPF or CNPJ key and no holder document', () => {
    expect(issuesOf(pixDocument({ accountType: 'PIX_CPF', bankNo: validCpf }))).toEqual([]);
    expect(issuesOf(pixDocument({ accountType: 'PIX_CNPJ', bankNo: validCnpj }))).toEqual([]);
    expect(issuesOf(pixDocument({ accountType: 'PIX_CPF', bankNo: validCnpj }))).toEqual([
      'bankNo:format',
    ]);
    expect(issuesOf(pixDocument({ accountType: 'PIX_CNPJ', bankNo: '11222333000180' }))).toEqual([
      'bankNo:format',
    ]);
    expect(issuesOf(pixDocument({ accountType: 'PIX_EVP', bankNo: validCpf }))).toEqual([
      'accountType:format',
    ]);
    expect(
      issuesOf(pixDocument({ accountType: 'PIX_CPF', bankNo: validCpf, extend1: validCpf })),
    ).toEqual(['extend1:notUsed']);
    expect(issuesOf(pixDocument({ bankNo: validCpf }))).toEqual(['accountType:required']);
  });
});

describe('types', () => {
  it('save accounts for every known type except 4', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(typeTakesPayoutAccount)).toEqual([
      true,
      true,
      true,
      true,
      false,
      true,
      true,
      true,
      false,
    ]);
    expect(() => checkPayoutAccount({ type: 4, outerId: 0 })).toThrow(/takes no payout account/);
  });
});

describe('account numbers shown masked', () => {
  it('keeps only the ends of a number', () => {
    expect(maskAccountNumber('6222021234567890123')).toBe('6222 **** 0123');
    expect(maskAccountNumber('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBe('TJRa **** RTv8');
    expect(maskAccountNumber('1234567')).toBe('****4567');
    expect(maskAccountNumber('123')).toBe('123');
  });
});
