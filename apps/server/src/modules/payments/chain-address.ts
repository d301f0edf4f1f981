import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Address rules of the networks USDT deposits arrive on (SPEC §9: ERC20 and TRC20). ERC20
 * addresses are `0x` and 40 hex digits; TRC20 addresses are Base58Check of a 0x41 version byte and
 * 20 bytes, which always spells `T` and 33 more Base58 characters.
 */
export const chainNetworks = ['TRC20', 'ERC20'] as const;
export type ChainNetwork = (typeof chainNetworks)[number];

export function isChainNetwork(value: string): value is ChainNetwork {
  return (chainNetworks as readonly string[]).includes(value);
}

/** The USDT token contract on each network, named in payment URIs. */
const usdtContracts: Record<ChainNetwork, string> = {
  ERC20: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  TRC20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
};

const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const tronVersionByte = 0x41;

function sha256(data: Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

export function encodeBase58(bytes: Uint8Array): string {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let text = '';
  while (value > 0n) {
    text = base58Alphabet[Number(value % 58n)] + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

export function decodeBase58(text: string): Buffer | null {
  let value = 0n;
  for (const character of text) {
    const digit = base58Alphabet.indexOf(character);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  let hex = value === 0n ? '' : value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  const leadingZeros = text.length - text.replace(/^1+/, '').length;
  return Buffer.concat([Buffer.alloc(leadingZeros), Buffer.from(hex, 'hex')]);
}

function tronAddressOf(accountBytes: Uint8Array): string {
  const payload = Buffer.concat([Buffer.from([tronVersionByte]), accountBytes]);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return encodeBase58(Buffer.concat([payload, checksum]));
}

function addressOf(network: ChainNetwork, accountBytes: Uint8Array): string {
  return network === 'ERC20'
    ? `0x${Buffer.from(accountBytes).toString('hex')}`
    : tronAddressOf(accountBytes);
}

/** True for a well-formed address of the network, its checksum included on TRC20. */
export function isValidAddress(network: ChainNetwork, address: string): boolean {
  if (network === 'ERC20') return /^0x[0-9a-fA-F]{40}$/.test(address);
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const bytes = decodeBase58(address);
  if (bytes?.length !== 25 || bytes[0] !== tronVersionByte) return false;
  const checksum = sha256(sha256(bytes.subarray(0, 21))).subarray(0, 4);
  return checksum.equals(bytes.subarray(21));
}

/** ERC20 addresses are case-insensitive (the case is only a checksum); TRC20 ones are not. */
export function normalizeAddress(network: ChainNetwork, address: string): string {
  return network === 'ERC20' ? address.toLowerCase() : address;
}

/**
 * A member's deposit address: 20 bytes of HMAC(secret, network and user), so it is stable,
 * distinct per member and network, and cannot be guessed without the secret.
 */
export function deriveDepositAddress(
  secret: string,
  userId: number,
  network: ChainNetwork,
): string {
  const digest = createHmac('sha256', secret)
    .update(`deposit-address:${network}:${userId}`)
    .digest();
  return addressOf(network, digest.subarray(0, 20));
}

/** A random address, for the sender of a sandbox transfer. */
export function randomAddress(network: ChainNetwork): string {
  return addressOf(network, randomBytes(20));
}

/** A random transaction hash in the network's usual spelling. */
export function randomTransactionHash(network: ChainNetwork): string {
  const hex = randomBytes(32).toString('hex');
  return network === 'ERC20' ? `0x${hex}` : hex;
}

/**
 * What a deposit QR code holds: on ERC20 an EIP-681 token transfer to the address (chain 1); on
 * TRC20, where no standard exists, `tron:` with the address and the token contract.
 */
export function paymentUri(network: ChainNetwork, address: string): string {
  return network === 'ERC20'
    ? `ethereum:${usdtContracts.ERC20}@1/transfer?address=${address}`
    : `tron:${address}?token=${usdtContracts.TRC20}`;
}
