import { describe, expect, it } from 'vitest';
import { randomCaptchaCode, renderCaptchaSvg } from './captcha';

const svgOf = (image: string) => {
  expect(image.startsWith('data:image/svg+xml;base64,')).toBe(true);
  return Buffer.from(image.slice(image.indexOf(',') + 1), 'base64').toString('utf8');
};

/** The path data of each path drawn in strokes (the ink), in document order. */
const inkPathsOf = (svg: string) =>
  [...svg.matchAll(/<path d="([^"]*)" fill="none"/g)].map((match) => match[1] ?? '');

describe('the captcha image', () => {
  it('holds no text: no text, title or description elements and no text between tags', () => {
    for (let round = 0; round < 20; round += 1) {
      const code = randomCaptchaCode();
      const svg = svgOf(renderCaptchaSvg(code));
      expect(svg).toMatch(/^<svg [^>]*>[\s\S]*<\/svg>$/);
      for (const element of ['text', 'tspan', 'title', 'desc', 'foreignObject', 'font', 'use'])
        expect(svg).not.toContain(`<${element}`);
      // Everything between tags is empty: the characters exist only as drawn shapes.
      expect(svg.replace(/<[^>]*>/g, '')).toBe('');
      // Nor is the code written into any attribute as a string.
      expect(svg).not.toContain(code);
    }
  });

  it('deals every stroke into a few paths, none standing for one character', () => {
    const code = 'ABCD';
    const svg = svgOf(renderCaptchaSvg(code));
    expect(svg).not.toContain('<g');
    const paths = inkPathsOf(svg);
    expect(paths.length).toBeGreaterThanOrEqual(1);
    expect(paths.length).toBeLessThanOrEqual(3);
    // The pieces of the glyphs' six strokes, two noise curves and decoys: more subpaths than
    // characters and strokes, in no order of theirs.
    const subpaths = paths.join('').match(/M/g) ?? [];
    expect(subpaths.length).toBeGreaterThanOrEqual(6 + 2 + 2);
  });

  it('draws the same code differently every time', () => {
    const first = svgOf(renderCaptchaSvg('K7P3'));
    const second = svgOf(renderCaptchaSvg('K7P3'));
    expect(first).not.toBe(second);
    expect(inkPathsOf(first).join('')).not.toBe(inkPathsOf(second).join(''));
  });

  it('draws every character a code can hold, and refuses one its font lacks', () => {
    const characters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    for (let index = 0; index < characters.length; index += 4)
      expect(() => renderCaptchaSvg(characters.slice(index, index + 4))).not.toThrow();
    expect(() => renderCaptchaSvg('AB?D')).toThrow(/no glyph/);
  });
});
