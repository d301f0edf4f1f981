import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for each other (no 0/O, 1/I/L). */
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const captchaLength = 4;

export function randomCaptchaCode(): string {
  return Array.from({ length: captchaLength }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/**
 * A stroke font of our own: each character as pen strokes on an 8 × 12 grid (y down, the
 * baseline at 12), in moves (M), lines (L) and quadratic curves (Q). Drawn from these outlines,
 * the image holds no text and no font a parser could name: reading it means seeing it. Beyond
 * the alphabet it covers every letter and digit, so any code a test chooses can be drawn.
 */
const strokeFont: Record<string, string> = {
  A: 'M0,12 L4,0 L8,12 M1.5,7.5 L6.5,7.5',
  B: 'M0,12 L0,0 L5,0 Q8,0 8,3 Q8,6 5,6 L0,6 M5,6 Q8.5,6 8.5,9 Q8.5,12 5,12 L0,12',
  C: 'M8,2 Q6.5,0 4,0 Q0,0 0,6 Q0,12 4,12 Q6.5,12 8,10',
  D: 'M0,0 L0,12 L3.5,12 Q8,12 8,6 Q8,0 3.5,0 L0,0',
  E: 'M8,0 L0,0 L0,12 L8,12 M0,6 L6,6',
  F: 'M8,0 L0,0 L0,12 M0,6 L6,6',
  G: 'M8,2 Q6.5,0 4,0 Q0,0 0,6 Q0,12 4,12 Q8,12 8,7 L4.5,7',
  H: 'M0,0 L0,12 M8,0 L8,12 M0,6 L8,6',
  I: 'M2,0 L6,0 M4,0 L4,12 M2,12 L6,12',
  J: 'M8,0 L8,8.5 Q8,12 4.5,12 Q1,12 0.5,9',
  K: 'M0,0 L0,12 M8,0 L0,7.5 M2.5,5.5 L8,12',
  L: 'M0,0 L0,12 L8,12',
  M: 'M0,12 L0,0 L4,7 L8,0 L8,12',
  N: 'M0,12 L0,0 L8,12 L8,0',
  O: 'M4,0 Q0,0 0,6 Q0,12 4,12 Q8,12 8,6 Q8,0 4,0',
  P: 'M0,12 L0,0 L5,0 Q8.5,0 8.5,3.5 Q8.5,7 5,7 L0,7',
  Q: 'M4,0 Q0,0 0,6 Q0,12 4,12 Q8,12 8,6 Q8,0 4,0 M5,8.5 L8.5,12.5',
  R: 'M0,12 L0,0 L5,0 Q8.5,0 8.5,3.5 Q8.5,7 5,7 L0,7 M4,7 L8.5,12',
  S: 'M8,1.5 Q6.5,0 4,0 Q0,0 0,3 Q0,6 4,6 Q8,6 8,9 Q8,12 4,12 Q1.5,12 0,10.5',
  T: 'M0,0 L8,0 M4,0 L4,12',
  U: 'M0,0 L0,8 Q0,12 4,12 Q8,12 8,8 L8,0',
  V: 'M0,0 L4,12 L8,0',
  W: 'M0,0 L2,12 L4,4 L6,12 L8,0',
  X: 'M0,0 L8,12 M8,0 L0,12',
  Y: 'M0,0 L4,6 L8,0 M4,6 L4,12',
  Z: 'M0,0 L8,0 L0,12 L8,12',
  '0': 'M4,0 Q0,0 0,6 Q0,12 4,12 Q8,12 8,6 Q8,0 4,0 M6.5,2 L1.5,10',
  '1': 'M1.5,3 L4.5,0 L4.5,12 M1.5,12 L7.5,12',
  '2': 'M0.5,3 Q0.5,0 4,0 Q8,0 8,3.5 Q8,6 4,8.5 L0,12 L8,12',
  '3': 'M0.5,1.5 Q2,0 4,0 Q8,0 8,3 Q8,6 4.5,6 Q8.5,6 8.5,9 Q8.5,12 4,12 Q1.5,12 0,10.5',
  '4': 'M6,12 L6,0 L0,8.5 L8.5,8.5',
  '5': 'M8,0 L1,0 L0.5,5.5 Q2,4.5 4,4.5 Q8,4.5 8,8.25 Q8,12 4,12 Q1.5,12 0,10.5',
  '6': 'M7.5,1 Q6,0 4.5,0 Q0,0 0,7 Q0,12 4,12 Q8,12 8,8.5 Q8,5 4,5 Q1,5 0,7.5',
  '7': 'M0,0 L8,0 L3,12',
  '8': 'M4,6 Q0.5,6 0.5,3 Q0.5,0 4,0 Q7.5,0 7.5,3 Q7.5,6 4,6 Q0,6 0,9 Q0,12 4,12 Q8,12 8,9 Q8,6 4,6',
  '9': 'M0.5,11 Q2,12 3.5,12 Q8,12 8,5 Q8,0 4,0 Q0,0 0,3.5 Q0,7 4,7 Q7,7 8,4.5',
};

type Point = readonly [number, number];
/** One pen movement: a line to a point, or a quadratic curve through a control point. */
type Segment = { kind: 'L'; to: Point } | { kind: 'Q'; control: Point; to: Point };
/** A stroke: where the pen goes down, and its movements until it lifts. */
interface Stroke {
  start: Point;
  segments: Segment[];
}

function parseStrokes(outline: string): Stroke[] {
  const strokes: Stroke[] = [];
  const point = (text: string): Point => {
    const [x, y] = text.split(',').map(Number);
    return [x ?? 0, y ?? 0];
  };
  for (const command of outline.trim().split(/\s+(?=[MLQ])/)) {
    const [kind, ...points] = command.split(/[\s]+|(?<=[MLQ])/).filter((part) => part !== '');
    if (kind === 'M') strokes.push({ start: point(points[0] ?? ''), segments: [] });
    const current = strokes.at(-1);
    if (!current) continue;
    if (kind === 'L') current.segments.push({ kind: 'L', to: point(points[0] ?? '') });
    if (kind === 'Q')
      current.segments.push({
        kind: 'Q',
        control: point(points[0] ?? ''),
        to: point(points[1] ?? ''),
      });
  }
  return strokes;
}

const glyphs = new Map(
  Object.entries(strokeFont).map(([char, outline]) => [char, parseStrokes(outline)]),
);
const glyphWidth = 8;
const glyphHeight = 12;

const width = 120;
const height = 40;
/** Dark inks that all read well on the light ground; strokes of one character mix them. */
const inks = ['#1f4e79', '#7a2e2e', '#2e6b3a', '#5b3a7a', '#6b4a12', '#333a44'];

/** A uniform random number in [min, max), from the same source as the codes. */
function uniform(min: number, max: number): number {
  return min + (randomInt(1_000_000) / 1_000_000) * (max - min);
}
const pick = <T>(items: readonly T[]) => items[randomInt(items.length)] as T;

function shuffle<T>(items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [items[index], items[other]] = [items[other] as T, items[index] as T];
  }
  return items;
}

type Transform = (point: Point) => Point;

/** Places one glyph: its centre at (x, y), rotated, scaled and slanted on its own. */
function placement(x: number, y: number, size = 1): Transform {
  const angle = (uniform(-18, 18) * Math.PI) / 180;
  const scaleX = size * uniform(1.3, 1.6);
  const scaleY = size * uniform(1.85, 2.15);
  const slant = uniform(-0.2, 0.2);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return ([px, py]) => {
    const gx = (px - glyphWidth / 2 + slant * (py - glyphHeight / 2)) * scaleX;
    const gy = (py - glyphHeight / 2) * scaleY;
    return [x + gx * cos - gy * sin, y + gx * sin + gy * cos];
  };
}

/**
 * A wave through the whole image, applied after each glyph is placed: glyphs and noise bend
 * alike, so no glyph keeps the shape of its outline up to an affine map.
 */
function wave(): Transform {
  const amplitudeY = uniform(1, 2.5);
  const amplitudeX = uniform(0.5, 1.5);
  const periodX = uniform(45, 90);
  const periodY = uniform(25, 50);
  const phaseX = uniform(0, 2 * Math.PI);
  const phaseY = uniform(0, 2 * Math.PI);
  return ([x, y]) => [
    x + amplitudeX * Math.sin((2 * Math.PI * y) / periodY + phaseY),
    y + amplitudeY * Math.sin((2 * Math.PI * x) / periodX + phaseX),
  ];
}

/** Every point moved a little at random, so the same glyph never draws the same numbers. */
const wobble =
  (by: number): Transform =>
  ([x, y]) => [x + uniform(-by, by), y + uniform(-by, by)];

const compose =
  (...steps: Transform[]): Transform =>
  (point) =>
    steps.reduce((moved, step) => step(moved), point);

function transformStroke(stroke: Stroke, transform: Transform): Stroke {
  return {
    start: transform(stroke.start),
    segments: stroke.segments.map((segment) =>
      segment.kind === 'L'
        ? { kind: 'L', to: transform(segment.to) }
        : { kind: 'Q', control: transform(segment.control), to: transform(segment.to) },
    ),
  };
}

/** The same stroke drawn from its other end. */
function reverseStroke(stroke: Stroke): Stroke {
  const points = [stroke.start, ...stroke.segments.map((segment) => segment.to)];
  const segments: Segment[] = [];
  for (let index = stroke.segments.length - 1; index >= 0; index -= 1) {
    const segment = stroke.segments[index] as Segment;
    const to = points[index] as Point;
    segments.push(
      segment.kind === 'L' ? { kind: 'L', to } : { kind: 'Q', control: segment.control, to },
    );
  }
  return { start: points.at(-1) as Point, segments };
}

/**
 * Cuts a stroke into pieces at random joints and draws each piece either way round, so the
 * subpaths of the image follow no glyph's strokes one to one.
 */
function scatterStroke(stroke: Stroke): Stroke[] {
  const pieces: Stroke[] = [];
  let current: Stroke = { start: stroke.start, segments: [] };
  for (const segment of stroke.segments) {
    if (current.segments.length > 0 && randomInt(100) < 35) {
      pieces.push(current);
      current = { start: current.segments.at(-1)?.to ?? current.start, segments: [] };
    }
    current.segments.push(segment);
  }
  pieces.push(current);
  return pieces.map((piece) => (randomInt(2) === 0 ? reverseStroke(piece) : piece));
}

/** A long curve across the image, through the band the characters stand in. */
function noiseCurve(): Stroke {
  const fromLeft = randomInt(2) === 0;
  const start: Point = [fromLeft ? uniform(0, 15) : uniform(105, 120), uniform(10, 30)];
  const middle: Point = [uniform(45, 75), uniform(8, 32)];
  const end: Point = [fromLeft ? uniform(95, 120) : uniform(0, 25), uniform(10, 30)];
  return {
    start,
    segments: [
      { kind: 'Q', control: [uniform(25, 50), uniform(5, 35)], to: middle },
      { kind: 'Q', control: [uniform(70, 95), uniform(5, 35)], to: end },
    ],
  };
}

/**
 * A curved piece of some character's outline, smaller than a glyph and dropped anywhere: in the
 * markup it is a stroke like any other, so telling glyph from decoy means reading the shapes.
 * Only curves: a straight bar between two characters would read as a character of its own.
 */
const decoyPieces: Stroke[] = [...glyphs.values()].flatMap((outline) =>
  outline.flatMap((stroke) =>
    stroke.segments.flatMap((segment, index) =>
      segment.kind === 'Q'
        ? [
            {
              start: index === 0 ? stroke.start : (stroke.segments[index - 1] as Segment).to,
              segments: [segment],
            },
          ]
        : [],
    ),
  ),
);

function decoy(): Stroke {
  const place = placement(uniform(6, 114), uniform(6, 34), uniform(0.4, 0.6));
  return transformStroke(pick(decoyPieces), compose(place, wobble(0.4)));
}

const number = (value: number) => String(Math.round(value * 10) / 10);
const pointText = ([x, y]: Point) => `${number(x)} ${number(y)}`;

function pathData(strokes: readonly Stroke[]): string {
  return strokes
    .map(
      (stroke) =>
        `M${pointText(stroke.start)}${stroke.segments
          .map((segment) =>
            segment.kind === 'L'
              ? `L${pointText(segment.to)}`
              : `Q${pointText(segment.control)} ${pointText(segment.to)}`,
          )
          .join('')}`,
    )
    .join('');
}

/** How many paths the strokes are dealt into; none of them is one character. */
const inkPaths = 3;

/**
 * Draws the code as an SVG image without any text: each character from the stroke font above,
 * placed, turned, scaled and slanted on its own, the whole bent by a wave, every point moved a
 * little, and its strokes cut at random joints. Those pieces, long noise curves through the
 * characters and decoy strokes are shuffled together and dealt into a few paths of mixed inks
 * and widths, so no element, colour or order in the markup tells which piece is which
 * character. It stops a script that reads the markup; it does not stop OCR or a paid solver
 * (docs/security.md, Automated abuse).
 */
export function renderCaptchaSvg(code: string): string {
  const bend = wave();
  const pitch = (width - 16) / Math.max(code.length, 1);
  const characterStrokes = [...code.toUpperCase()].flatMap((char, index) => {
    const outline = glyphs.get(char);
    if (!outline) throw new Error(`the captcha font has no glyph for ${JSON.stringify(char)}`);
    const place = placement(
      8 + pitch * (index + 0.5) + uniform(-2, 2),
      height / 2 + uniform(-2.5, 2.5),
    );
    const transform = compose(wobble(0.18), place, bend, wobble(0.35));
    return outline.flatMap((stroke) => scatterStroke(transformStroke(stroke, transform)));
  });
  const noise = Array.from({ length: 2 }, () => transformStroke(noiseCurve(), bend));
  const decoys = Array.from({ length: 2 + randomInt(3) }, decoy);
  const dealt: Stroke[][] = Array.from({ length: inkPaths }, () => []);
  for (const stroke of shuffle([...characterStrokes, ...noise, ...decoys]))
    dealt[randomInt(inkPaths)]?.push(stroke);
  const paths = shuffle(
    dealt
      .filter((strokes) => strokes.length > 0)
      .map(
        (strokes) =>
          `<path d="${pathData(strokes)}" fill="none" stroke="${pick(inks)}" stroke-width="${number(uniform(1.5, 2.2))}" stroke-linecap="round" stroke-linejoin="round"/>`,
      ),
  ).join('');
  const speckles = Array.from(
    { length: 40 },
    () => `M${pointText([uniform(0, width), uniform(0, height)])}h0.1`,
  ).join('');
  const ground = `hsl(${randomInt(180, 240)} 25% ${randomInt(94, 98)}%)`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="${ground}"/>` +
    `<path d="${speckles}" stroke="${pick(inks)}" stroke-width="1.4" stroke-linecap="round" opacity="0.45"/>` +
    `${paths}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
