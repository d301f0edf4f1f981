import { describe, expect, it } from 'vitest';
import { dataCodewords, encodeQr, qrDots, reedSolomonRemainder } from './qr-code';

/** Reads the 15 format bits around the top-left finder back into level bits and mask. */
function readFormat(modules: boolean[][]): { levelBits: number; mask: number } {
  const bit = (x: number, y: number) => (modules[y]?.[x] ? 1 : 0);
  const positions: [number, number][] = [
    [8, 0],
    [8, 1],
    [8, 2],
    [8, 3],
    [8, 4],
    [8, 5],
    [8, 7],
    [8, 8],
    [7, 8],
    [5, 8],
    [4, 8],
    [3, 8],
    [2, 8],
    [1, 8],
    [0, 8],
  ];
  let bits = 0;
  positions.forEach(([x, y], index) => {
    bits |= bit(x, y) << index;
  });
  const data = (bits ^ 0x5412) >>> 10;
  return { levelBits: data >>> 3, mask: data & 7 };
}

describe('QR encoder', () => {
  it('computes the Reed–Solomon codewords of the standard 1-M example', () => {
    const data = [
      0x10, 0x20, 0x0c, 0x56, 0x61, 0x80, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec,
      0x11,
    ];
    expect(reedSolomonRemainder(data, 10)).toEqual([
      0xa5, 0x24, 0xd4, 0xc1, 0xed, 0x36, 0xc7, 0x87, 0x2c, 0x55,
    ]);
  });

  it('knows the data capacity of the standard table', () => {
    expect(dataCodewords(1, 'M')).toBe(16);
    expect(dataCodewords(5, 'M')).toBe(86);
    expect(dataCodewords(10, 'M')).toBe(216);
    expect(dataCodewords(40, 'M')).toBe(2334);
    expect(dataCodewords(40, 'L')).toBe(2956);
  });

  it('picks the smallest version that holds the text and draws its finders', () => {
    const small = encodeQr('hello');
    expect(small.version).toBe(1);
    expect(small.size).toBe(21);
    // 14 bytes fit version 1-M (16 codewords less mode and count); 15 do not.
    expect(encodeQr('a'.repeat(14)).version).toBe(1);
    expect(encodeQr('a'.repeat(15)).version).toBe(2);
    const trc20 = encodeQr(
      'tron:TJRabPrwbZy45sbavfcjinPJC18kjpRTv8?token=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
    expect(trc20.size).toBe(trc20.version * 4 + 17);
    for (const [x, y] of [
      [0, 0],
      [trc20.size - 7, 0],
      [0, trc20.size - 7],
    ] as const) {
      // A finder: dark ring, light ring, dark 3×3 centre.
      expect(trc20.modules[y]?.[x]).toBe(true);
      expect(trc20.modules[y + 1]?.[x + 1]).toBe(false);
      expect(trc20.modules[y + 3]?.[x + 3]).toBe(true);
    }
  });

  it('writes format information for level M and the mask it chose', () => {
    const code = encodeQr('ethereum:0x0123456789abcdef0123456789abcdef01234567@1/transfer');
    expect(readFormat(code.modules)).toEqual({ levelBits: 0, mask: code.mask });
    expect(readFormat(encodeQr('x', 'H').modules).levelBits).toBe(2);
  });

  it('writes version information from version 7 on', () => {
    const code = encodeQr('z'.repeat(130));
    expect(code.version).toBeGreaterThanOrEqual(7);
    // Version bits sit in the 6×3 block left of the top-right finder; the version is their top 6.
    let bits = 0;
    for (let i = 0; i < 18; i++) {
      if (code.modules[Math.floor(i / 3)]?.[code.size - 11 + (i % 3)]) bits |= 1 << i;
    }
    expect(bits >>> 12).toBe(code.version);
  });

  it('refuses a dot scale outside (0, 1]', () => {
    const code = encodeQr('abc');
    for (const dotScale of [0, -0.5, 1.01, Number.NaN]) {
      expect(() => qrDots(code, { sizePx: 200, marginPx: 20, dotScale })).toThrow(
        'dotScale should be in range (0, 1].',
      );
    }
    const full = qrDots(code, { sizePx: 200, marginPx: 20, dotScale: 1 });
    const dark = code.modules.flat().filter(Boolean).length;
    expect(full).toHaveLength(dark);
    const half = qrDots(code, { sizePx: 200, marginPx: 20, dotScale: 0.5 });
    expect(half.some((dot) => dot.size < (full[0]?.size ?? 0))).toBe(true);
  });
});
