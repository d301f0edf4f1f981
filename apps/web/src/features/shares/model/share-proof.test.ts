import { describe, expect, it } from 'vitest';
import { canonicalJson, checkInBrowser, signedBytesOf } from './share-proof';

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: null, y: 'x' }], c: true } })).toBe(
      '{"a":{"c":true,"d":[2,{"y":"x","z":null}]},"b":1}',
    );
  });

  it('writes strings as JSON.stringify does', () => {
    expect(canonicalJson({ comment: '主队 "line"\n' })).toBe('{"comment":"主队 \\"line\\"\\n"}');
  });
});

describe('checkInBrowser', () => {
  const names = (home: string) => ({ leagueName: 'L', home, away: 'B', optName: home });
  const placed = {
    v: 2 as const,
    code: 'ABCDEFGHJK',
    privacy: 'all' as const,
    tipster: { id: 7, name: 'ab***z' },
    comment: '',
    betType: 0,
    odds: 21_000,
    currencyCode: 'CNY',
    scale: 2,
    stake: 1_000,
    potentialPayout: 2_100,
    placedAt: 1,
    sharedAt: 2,
    legs: [
      {
        optId: 'o1',
        gameId: 11,
        sportId: 1,
        leagueId: 2,
        leagueName: '联赛',
        home: '阿森纳',
        away: 'B',
        playId: 3,
        specifiers: '',
        outcomeId: '1',
        optName: '阿森纳',
        odds: 21_000,
        kickOff: 3,
        names: { zh: names('阿森纳'), zht: names('阿森納'), en: names('Arsenal') },
      },
    ],
  };

  it('checks the names of every language with the rest, and fails when one was changed', async () => {
    const subtle = globalThis.crypto.subtle;
    const keys = (await subtle.generateKey({ name: 'Ed25519' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const raw = new Uint8Array(await subtle.exportKey('raw', keys.publicKey));
    const publicKey = btoa(String.fromCharCode(...raw));
    const share = { placed, settled: null };
    const signature = new Uint8Array(
      await subtle.sign({ name: 'Ed25519' }, keys.privateKey, signedBytesOf(share)),
    );
    const signed = btoa(String.fromCharCode(...signature));
    expect(await checkInBrowser(share, signed, publicKey)).toBe('valid');
    const leg = placed.legs[0] as (typeof placed.legs)[number];
    const renamed = {
      placed: { ...placed, legs: [{ ...leg, names: { ...leg.names, en: names('Chelsea') } }] },
      settled: null,
    };
    expect(await checkInBrowser(renamed, signed, publicKey)).toBe('invalid');
  });
});
