/**
 * A QR code encoder (ISO/IEC 18004, byte mode, versions 1–40) for deposit addresses and shop
 * receipt codes. Written here rather than added as a dependency: it is one pure module, and the
 * wallet only ever needs byte mode. The structure follows the standard's own steps: data bits,
 * Reed–Solomon error correction per block, interleaving, function patterns, masking, format and
 * version information.
 */

export type CorrectionLevel = 'L' | 'M' | 'Q' | 'H';

/** A finished symbol: `modules[y][x]` is true for a dark module. */
export interface QrCode {
  version: number;
  size: number;
  level: CorrectionLevel;
  mask: number;
  modules: boolean[][];
}

// Error correction codewords per block and number of blocks, indexed by version (index 0 unused).
const eccPerBlock: Record<CorrectionLevel, readonly number[]> = {
  L: [
    -1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30,
    30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
  M: [
    -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28,
    28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  ],
  Q: [
    -1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30,
    30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
  H: [
    -1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
};
const blockCount: Record<CorrectionLevel, readonly number[]> = {
  L: [
    -1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14,
    15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
  ],
  M: [
    -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23,
    25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
  ],
  Q: [
    -1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34,
    34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
  ],
  H: [
    -1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35,
    37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
  ],
};
/** The two format bits of each level (the standard's order is M, L, H, Q = 0, 1, 2, 3). */
const levelFormatBits: Record<CorrectionLevel, number> = { L: 1, M: 0, Q: 3, H: 2 };

const bitOf = (value: number, index: number) => ((value >>> index) & 1) !== 0;

/** Modules left for data and error correction once the function patterns are drawn. */
function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const alignCount = Math.floor(version / 7) + 2;
    result -= (25 * alignCount - 10) * alignCount - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

export function dataCodewords(version: number, level: CorrectionLevel): number {
  const ecc = eccPerBlock[level][version] ?? 0;
  const blocks = blockCount[level][version] ?? 0;
  return Math.floor(rawDataModules(version) / 8) - ecc * blocks;
}

/** Multiplication in GF(2^8) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1. */
function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

function reedSolomonDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < result.length; j++) {
      result[j] = gfMultiply(result[j] ?? 0, root);
      if (j + 1 < result.length) result[j] = (result[j] ?? 0) ^ (result[j + 1] ?? 0);
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

/** The error correction codewords of one block of data codewords. */
export function reedSolomonRemainder(data: readonly number[], degree: number): number[] {
  const divisor = reedSolomonDivisor(degree);
  const result = new Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ (result.shift() ?? 0);
    result.push(0);
    divisor.forEach((coefficient, index) => {
      result[index] = (result[index] ?? 0) ^ gfMultiply(coefficient, factor);
    });
  }
  return result;
}

/** Splits the data into blocks, adds each block's error correction and interleaves them. */
function addEccAndInterleave(data: number[], version: number, level: CorrectionLevel): number[] {
  const blocks = blockCount[level][version] ?? 1;
  const eccLength = eccPerBlock[level][version] ?? 0;
  const rawCodewords = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blocks - (rawCodewords % blocks);
  const shortBlockLength = Math.floor(rawCodewords / blocks);
  const allBlocks: number[][] = [];
  let offset = 0;
  for (let i = 0; i < blocks; i++) {
    const length = shortBlockLength - eccLength + (i < shortBlocks ? 0 : 1);
    const block = data.slice(offset, offset + length);
    offset += length;
    const ecc = reedSolomonRemainder(block, eccLength);
    if (i < shortBlocks) block.push(0);
    allBlocks.push([...block, ...ecc]);
  }
  const result: number[] = [];
  for (let i = 0; i < shortBlockLength + 1; i++) {
    allBlocks.forEach((block, j) => {
      // The padding byte of short blocks is not part of the symbol.
      if (i !== shortBlockLength - eccLength || j >= shortBlocks) result.push(block[i] ?? 0);
    });
  }
  return result;
}

/** Mode, count, the bytes, terminator and pad codewords, as data codewords. */
function dataCodewordsOf(bytes: Uint8Array, version: number, level: CorrectionLevel): number[] {
  const bits: number[] = [];
  const append = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  append(0b0100, 4);
  append(bytes.length, version <= 9 ? 8 : 16);
  for (const byte of bytes) append(byte, 8);
  const capacityBits = dataCodewords(version, level) * 8;
  append(0, Math.min(4, capacityBits - bits.length));
  append(0, (8 - (bits.length % 8)) % 8);
  const codewords: number[] = [];
  for (let i = 0; i < bits.length; i += 8) {
    codewords.push(bits.slice(i, i + 8).reduce((value, bit) => (value << 1) | bit, 0));
  }
  for (let pad = 0xec; codewords.length < capacityBits / 8; pad ^= 0xec ^ 0x11) codewords.push(pad);
  return codewords;
}

function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
  const result = [6];
  for (let position = version * 4 + 10; result.length < count; position -= step) {
    result.splice(1, 0, position);
  }
  return result;
}

class QrSymbol {
  readonly size: number;
  readonly modules: boolean[][];
  readonly isFunction: boolean[][];

  constructor(
    readonly version: number,
    readonly level: CorrectionLevel,
  ) {
    this.size = version * 4 + 17;
    this.modules = Array.from({ length: this.size }, () =>
      new Array<boolean>(this.size).fill(false),
    );
    this.isFunction = Array.from({ length: this.size }, () =>
      new Array<boolean>(this.size).fill(false),
    );
  }

  setFunction(x: number, y: number, isDark: boolean): void {
    const row = this.modules[y];
    const functionRow = this.isFunction[y];
    if (!row || !functionRow) return;
    row[x] = isDark;
    functionRow[x] = true;
  }

  drawFunctionPatterns(): void {
    for (let i = 0; i < this.size; i++) {
      this.setFunction(6, i, i % 2 === 0);
      this.setFunction(i, 6, i % 2 === 0);
    }
    for (const [x, y] of [
      [3, 3],
      [this.size - 4, 3],
      [3, this.size - 4],
    ] as const) {
      for (let dy = -4; dy <= 4; dy++) {
        for (let dx = -4; dx <= 4; dx++) {
          const distance = Math.max(Math.abs(dx), Math.abs(dy));
          const xx = x + dx;
          const yy = y + dy;
          if (xx >= 0 && xx < this.size && yy >= 0 && yy < this.size)
            this.setFunction(xx, yy, distance !== 2 && distance !== 4);
        }
      }
    }
    const positions = alignmentPositions(this.version);
    const last = positions.length - 1;
    positions.forEach((x, i) => {
      positions.forEach((y, j) => {
        // Alignment patterns never overlap the three finder patterns.
        if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
        for (let dy = -2; dy <= 2; dy++) {
          for (let dx = -2; dx <= 2; dx++)
            this.setFunction(x + dx, y + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
        }
      });
    });
    this.drawFormatBits(0);
    this.drawVersion();
  }

  drawFormatBits(mask: number): void {
    const data = (levelFormatBits[this.level] << 3) | mask;
    let remainder = data;
    for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
    const bits = ((data << 10) | remainder) ^ 0x5412;
    for (let i = 0; i <= 5; i++) this.setFunction(8, i, bitOf(bits, i));
    this.setFunction(8, 7, bitOf(bits, 6));
    this.setFunction(8, 8, bitOf(bits, 7));
    this.setFunction(7, 8, bitOf(bits, 8));
    for (let i = 9; i < 15; i++) this.setFunction(14 - i, 8, bitOf(bits, i));
    for (let i = 0; i < 8; i++) this.setFunction(this.size - 1 - i, 8, bitOf(bits, i));
    for (let i = 8; i < 15; i++) this.setFunction(8, this.size - 15 + i, bitOf(bits, i));
    this.setFunction(8, this.size - 8, true);
  }

  drawVersion(): void {
    if (this.version < 7) return;
    let remainder = this.version;
    for (let i = 0; i < 12; i++) remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25);
    const bits = (this.version << 12) | remainder;
    for (let i = 0; i < 18; i++) {
      const a = this.size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      this.setFunction(a, b, bitOf(bits, i));
      this.setFunction(b, a, bitOf(bits, i));
    }
  }

  /** Places the codewords in the zigzag order, two columns at a time, skipping the timing column. */
  drawCodewords(codewords: readonly number[]): void {
    let bitIndex = 0;
    for (let right = this.size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (let vertical = 0; vertical < this.size; vertical++) {
        for (let j = 0; j < 2; j++) {
          const x = right - j;
          const isUpward = ((right + 1) & 2) === 0;
          const y = isUpward ? this.size - 1 - vertical : vertical;
          const row = this.modules[y];
          if (!row || this.isFunction[y]?.[x] || bitIndex >= codewords.length * 8) continue;
          row[x] = bitOf(codewords[bitIndex >>> 3] ?? 0, 7 - (bitIndex & 7));
          bitIndex++;
        }
      }
    }
  }

  /** XORs the data modules with a mask pattern; applying the same mask twice undoes it. */
  applyMask(mask: number): void {
    for (let y = 0; y < this.size; y++) {
      const row = this.modules[y];
      if (!row) continue;
      for (let x = 0; x < this.size; x++) {
        if (this.isFunction[y]?.[x]) continue;
        if (maskHits(mask, x, y)) row[x] = !row[x];
      }
    }
  }
}

function maskHits(mask: number, x: number, y: number): boolean {
  switch (mask) {
    case 0:
      return (x + y) % 2 === 0;
    case 1:
      return y % 2 === 0;
    case 2:
      return x % 3 === 0;
    case 3:
      return (x + y) % 3 === 0;
    case 4:
      return (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0;
    case 5:
      return ((x * y) % 2) + ((x * y) % 3) === 0;
    case 6:
      return (((x * y) % 2) + ((x * y) % 3)) % 2 === 0;
    default:
      return (((x + y) % 2) + ((x * y) % 3)) % 2 === 0;
  }
}

/**
 * The standard's penalty rules for runs of one colour, 2×2 blocks and the dark share. The finder-
 * like rule is left out: masks differ only in how easily a camera reads the symbol, never in
 * whether it decodes, and these three already steer away from the hard-to-read ones.
 */
function penaltyOf(modules: boolean[][]): number {
  const size = modules.length;
  let penalty = 0;
  let dark = 0;
  const at = (x: number, y: number) => modules[y]?.[x] ?? false;
  for (let a = 0; a < size; a++) {
    for (const isRow of [true, false]) {
      let run = 1;
      for (let b = 1; b <= size; b++) {
        const same = b < size && (isRow ? at(b, a) === at(b - 1, a) : at(a, b) === at(a, b - 1));
        if (same) run++;
        else {
          if (run >= 5) penalty += run - 2;
          run = 1;
        }
      }
    }
  }
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (at(x, y)) dark++;
      if (x < size - 1 && y < size - 1) {
        const colour = at(x, y);
        if (at(x + 1, y) === colour && at(x, y + 1) === colour && at(x + 1, y + 1) === colour)
          penalty += 3;
      }
    }
  }
  const total = size * size;
  const deviation = Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1;
  return penalty + Math.max(0, deviation) * 10;
}

/** Encodes text (as UTF-8) in the smallest version that holds it at the given level. */
export function encodeQr(text: string, level: CorrectionLevel = 'M'): QrCode {
  const bytes = new TextEncoder().encode(text);
  let version = 1;
  for (; version <= 40; version++) {
    const neededBits = 4 + (version <= 9 ? 8 : 16) + bytes.length * 8;
    if (neededBits <= dataCodewords(version, level) * 8) break;
  }
  if (version > 40) throw new Error('Text is too long for a QR code.');
  const codewords = addEccAndInterleave(dataCodewordsOf(bytes, version, level), version, level);
  const symbol = new QrSymbol(version, level);
  symbol.drawFunctionPatterns();
  symbol.drawCodewords(codewords);
  let bestMask = 0;
  let bestPenalty = Number.POSITIVE_INFINITY;
  for (let mask = 0; mask < 8; mask++) {
    symbol.applyMask(mask);
    symbol.drawFormatBits(mask);
    const penalty = penaltyOf(symbol.modules);
    if (penalty < bestPenalty) {
      bestPenalty = penalty;
      bestMask = mask;
    }
    symbol.applyMask(mask);
  }
  symbol.applyMask(bestMask);
  symbol.drawFormatBits(bestMask);
  return { version, size: symbol.size, level, mask: bestMask, modules: symbol.modules };
}

/** SPEC §9 QR defaults. */
export const qrDefaults = { sizePx: 400, componentSizePx: 200, marginPx: 20, level: 'M' } as const;

export interface QrDot {
  x: number;
  y: number;
  size: number;
}

/**
 * The dark modules as squares in a `sizePx` square with `marginPx` of quiet zone. Data modules
 * are drawn `dotScale` of a module wide, centred; function patterns always whole, so scanners
 * still find them. SPEC §5: a dot scale outside (0, 1] is refused.
 */
export function qrDots(
  code: QrCode,
  options: { sizePx: number; marginPx: number; dotScale: number },
): QrDot[] {
  const { sizePx, marginPx, dotScale } = options;
  if (!(dotScale > 0 && dotScale <= 1)) throw new Error('dotScale should be in range (0, 1].');
  const moduleSize = (sizePx - 2 * marginPx) / code.size;
  const functionMask = new QrSymbol(code.version, code.level);
  functionMask.drawFunctionPatterns();
  const dots: QrDot[] = [];
  code.modules.forEach((row, y) => {
    row.forEach((isDark, x) => {
      if (!isDark) return;
      const scale = functionMask.isFunction[y]?.[x] ? 1 : dotScale;
      const size = moduleSize * scale;
      const offset = (moduleSize - size) / 2;
      dots.push({
        x: marginPx + x * moduleSize + offset,
        y: marginPx + y * moduleSize + offset,
        size,
      });
    });
  });
  return dots;
}
