import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for each other (no 0/O, 1/I/L). */
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const captchaLength = 4;

export function randomCaptchaCode(): string {
  return Array.from({ length: captchaLength }, () => alphabet[randomInt(alphabet.length)]).join('');
}

const width = 120;
const height = 40;
const colors = ['#1f4e79', '#7a2e2e', '#2e6b3a', '#5b3a7a', '#7a5a1f'];

/**
 * Draws the code as an SVG image: each glyph shifted, rotated and coloured on its own, under
 * crossing noise lines, so the text is not a plain string to copy out of the page.
 */
export function renderCaptchaSvg(code: string): string {
  const pick = <T>(items: readonly T[]) => items[randomInt(items.length)] as T;
  const glyphs = [...code]
    .map((char, index) => {
      const x = 14 + index * 26 + randomInt(-3, 4);
      const y = 28 + randomInt(-4, 5);
      const rotate = randomInt(-25, 26);
      const size = randomInt(20, 27);
      return `<text x="${x}" y="${y}" font-size="${size}" font-family="monospace" font-weight="bold" fill="${pick(colors)}" transform="rotate(${rotate} ${x} ${y})">${char}</text>`;
    })
    .join('');
  const lines = Array.from({ length: 5 }, () => {
    const points = [randomInt(width), randomInt(height), randomInt(width), randomInt(height)];
    return `<line x1="${points[0]}" y1="${points[1]}" x2="${points[2]}" y2="${points[3]}" stroke="${pick(colors)}" stroke-width="1" opacity="0.6"/>`;
  }).join('');
  const dots = Array.from(
    { length: 30 },
    () =>
      `<circle cx="${randomInt(width)}" cy="${randomInt(height)}" r="1" fill="${pick(colors)}" opacity="0.5"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f4f6f8"/>${dots}${glyphs}${lines}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
