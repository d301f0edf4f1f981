import { describe, expect, it } from 'vitest';
import {
  decodeBase58,
  deriveDepositAddress,
  encodeBase58,
  isValidAddress,
  normalizeAddress,
  paymentUri,
  randomAddress,
} from './chain-address';

describe('chain addresses', () => {
  it('derives a stable, distinct, well-formed address per member and network', () => {
    const trc = deriveDepositAddress('secret-one', 7, 'TRC20');
    const erc = deriveDepositAddress('secret-one', 7, 'ERC20');
    expect(trc).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(erc).toMatch(/^0x[0-9a-f]{40}$/);
    expect(isValidAddress('TRC20', trc)).toBe(true);
    expect(isValidAddress('ERC20', erc)).toBe(true);
    expect(deriveDepositAddress('secret-one', 7, 'TRC20')).toBe(trc);
    expect(deriveDepositAddress('secret-one', 8, 'TRC20')).not.toBe(trc);
    expect(deriveDepositAddress('secret-two', 7, 'TRC20')).not.toBe(trc);
  });

  it('accepts a real TRC20 address and refuses a changed checksum or the wrong shape', () => {
    const usdtContract = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    expect(isValidAddress('TRC20', usdtContract)).toBe(true);
    expect(isValidAddress('TRC20', `${usdtContract.slice(0, -1)}u`)).toBe(false);
    expect(isValidAddress('TRC20', usdtContract.slice(1))).toBe(false);
    expect(isValidAddress('TRC20', 'T0000000000000000000000000000000OI')).toBe(false);
    expect(isValidAddress('ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(true);
    expect(isValidAddress('ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ec')).toBe(false);
    expect(isValidAddress('ERC20', 'dAC17F958D2ee523a2206206994597C13D831ec7aa')).toBe(false);
  });

  it('round-trips Base58 with leading zero bytes', () => {
    const bytes = Buffer.from([0, 0, 1, 2, 255]);
    expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes);
    expect(decodeBase58('0OIl')).toBeNull();
  });

  it('random addresses are valid and ERC20 ones compare without case', () => {
    expect(isValidAddress('TRC20', randomAddress('TRC20'))).toBe(true);
    const erc = randomAddress('ERC20');
    expect(normalizeAddress('ERC20', erc.toUpperCase().replace('0X', '0x'))).toBe(erc);
  });

  it('builds payment URIs naming the address', () => {
    const erc = deriveDepositAddress('s', 1, 'ERC20');
    expect(paymentUri('ERC20', erc)).toBe(
      `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${erc}`,
    );
    expect(paymentUri('TRC20', 'TXYZ')).toBe('tron:TXYZ?token=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });
});
