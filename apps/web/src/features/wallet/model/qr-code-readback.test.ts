import { describe, expect, it } from 'vitest';
import { type CorrectionLevel, encodeQr } from './qr-code';

/**
 * Reads a symbol back with code written apart from the encoder, from the standard's tables for
 * versions 1–7 at levels M and Q: function patterns, format bits, unmasking, the zigzag, block
 * de-interleaving, a Reed–Solomon syndrome check of every block, and the byte-mode segment.
 */
const totalCodewords = [0, 26, 44, 70, 100, 134, 172, 196];
const blocksOf: Record<'M' | 'Q', number[]> = {
  M: [0, 1, 1, 1, 2, 2, 4, 4],
  Q: [0, 1, 1, 2, 2, 4, 4, 6],
};
const eccOf: Record<'M' | 'Q', number[]> = {
  M: [0, 10, 16, 26, 18, 24, 16, 18],
  Q: [0, 13, 22, 18, 26, 18, 24, 18],
};
const alignmentCentres = [[], [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38]];

function gfMul(a: number, b: number): number {
  let product = 0;
  for (let i = 0; i < 8; i++) {
    if (b & (1 << i)) product ^= a << i;
  }
  for (let bit = 14; bit >= 8; bit--) {
    if (product & (1 << bit)) product ^= 0x11d << (bit - 8);
  }
  return product;
}

function syndromesAreZero(block: number[], eccLength: number): boolean {
  let alpha = 1;
  for (let j = 0; j < eccLength; j++) {
    let value = 0;
    for (const codeword of block) value = gfMul(value, alpha) ^ codeword;
    if (value !== 0) return false;
    alpha = gfMul(alpha, 2);
  }
  return true;
}

function functionModules(version: number): boolean[][] {
  const size = version * 4 + 17;
  const marks = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const mark = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < size && y < size) (marks[y] as boolean[])[x] = true;
  };
  for (let i = 0; i < size; i++) {
    mark(6, i);
    mark(i, 6);
  }
  // Finders with separators and the format areas beside them.
  for (let a = 0; a < 9; a++) {
    for (let b = 0; b < 9; b++) {
      mark(a, b);
      if (a < 8) mark(size - 1 - a, b);
      if (b < 8) mark(a, size - 1 - b);
    }
  }
  const centres = alignmentCentres[version] ?? [];
  for (const cx of centres) {
    for (const cy of centres) {
      const overlapsFinder =
        (cx < 9 && cy < 9) || (cx < 9 && cy > size - 10) || (cx > size - 10 && cy < 9);
      if (overlapsFinder) continue;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) mark(cx + dx, cy + dy);
    }
  }
  if (version >= 7) {
    for (let a = 0; a < 6; a++) {
      for (let b = 0; b < 3; b++) {
        mark(a, size - 11 + b);
        mark(size - 11 + b, a);
      }
    }
  }
  return marks;
}

const masks: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(y / 2) + Math.floor(x / 3)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

function readBack(modules: boolean[][]): { text: string; level: string; blocksChecked: number } {
  const size = modules.length;
  const version = (size - 17) / 4;
  const dark = (x: number, y: number) => modules[y]?.[x] === true;
  let format = 0;
  const formatCells = [
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
  formatCells.forEach(([x = 0, y = 0], index) => {
    if (dark(x, y)) format |= 1 << index;
  });
  format ^= 0x5412;
  const level = (['M', 'L', 'H', 'Q'] as const)[format >>> 13] ?? 'M';
  const mask = masks[(format >>> 10) & 7] ?? masks[0];
  if (level !== 'M' && level !== 'Q') throw new Error(`read-back covers M and Q, not ${level}`);

  const isFunction = functionModules(version);
  const bits: number[] = [];
  for (let right = size - 1; right > 0; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((size - 1 - right) >> 1) % 2 === 0;
    for (let step = 0; step < size; step++) {
      const y = upward ? size - 1 - step : step;
      for (const x of [right, right - 1]) {
        if (isFunction[y]?.[x]) continue;
        bits.push(Number(dark(x, y) !== (mask?.(x, y) ?? false)));
      }
    }
  }
  const total = totalCodewords[version] ?? 0;
  const codewords = Array.from({ length: total }, (_, i) =>
    bits.slice(i * 8, i * 8 + 8).reduce((value, bit) => (value << 1) | bit, 0),
  );

  const blockCount = blocksOf[level][version] ?? 1;
  const eccLength = eccOf[level][version] ?? 0;
  const dataTotal = total - blockCount * eccLength;
  const shortData = Math.floor(dataTotal / blockCount);
  const longBlocks = dataTotal % blockCount;
  const dataLengths = Array.from({ length: blockCount }, (_, i) =>
    i >= blockCount - longBlocks ? shortData + 1 : shortData,
  );
  const blocks = dataLengths.map(() => [] as number[]);
  let next = 0;
  for (let i = 0; i < shortData + 1; i++) {
    dataLengths.forEach((length, b) => {
      if (i < length) blocks[b]?.push(codewords[next++] ?? 0);
    });
  }
  for (let i = 0; i < eccLength; i++)
    for (const block of blocks) block.push(codewords[next++] ?? 0);
  for (const block of blocks) {
    if (!syndromesAreZero(block, eccLength)) throw new Error('a block fails its syndrome check');
  }

  const data = blocks.flatMap((block, b) => block.slice(0, dataLengths[b]));
  const dataBits = data.flatMap((byte) =>
    Array.from({ length: 8 }, (_, i) => (byte >> (7 - i)) & 1),
  );
  const read = (from: number, length: number) =>
    dataBits.slice(from, from + length).reduce((value, bit) => (value << 1) | bit, 0);
  if (read(0, 4) !== 0b0100) throw new Error('not a byte-mode segment');
  const count = read(4, 8);
  const bytes = Uint8Array.from({ length: count }, (_, i) => read(12 + i * 8, 8));
  return { text: new TextDecoder().decode(bytes), level, blocksChecked: blocks.length };
}

describe('QR encoder read back independently', () => {
  const samples = [
    'hi',
    'tron:TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    'ethereum:0xdac17f958d2ee523a2206206994597c13d831ec7@1/transfer?address=0x0123',
    '收款码 shop receipt 0123456789 '.repeat(4),
    'y'.repeat(100),
    'z'.repeat(120),
    'x'.repeat(150),
  ];

  for (const level of ['M', 'Q'] as CorrectionLevel[]) {
    it(`decodes what it encodes at level ${level}, multi-block versions included`, () => {
      const versions = new Set<number>();
      for (const text of samples) {
        const code = encodeQr(text, level);
        if (code.version > 7) continue;
        versions.add(code.version);
        const decoded = readBack(code.modules);
        expect(decoded.text).toBe(text);
        expect(decoded.level).toBe(level);
      }
      expect(Math.max(...versions)).toBe(7);
    });
  }

  it('notices a damaged module, so the read-back can fail', () => {
    const code = encodeQr('tron:TJRabPrwbZy45sbavfcjinPJC18kjpRTv8');
    const damaged = code.modules.map((row) => [...row]);
    const row = damaged[code.size - 1] as boolean[];
    row[code.size - 1] = !row[code.size - 1];
    expect(() => readBack(damaged)).toThrow('syndrome');
  });
});
