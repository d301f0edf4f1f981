import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Where the browser suites leave a picture of every screen they check, at both sizes, named
 * `<suite>-<screen>-<phone|desktop>.png`, for a reviewer to look at (apps/web/README.md).
 */
export const screenshotDir = fileURLToPath(
  new URL('../../../test-results/screenshots', import.meta.url),
);

/** A phone (DEVELOPERS' sizes) and a desktop; 360 px, the narrowest phone, is checked too. */
export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;
export const narrowPhone = { width: 360, height: 740 } as const;

/** The smallest width a price may have on a phone: a thumb's touch target. */
export const minTouchPx = 40;

export interface LayoutFaults {
  /** The page is wider than the window: it scrolls sideways. */
  sideways: boolean;
  /** Text elements whose text is wider than their box (cut or ellipsised), described. */
  cut: string[];
  /** Prices narrower than `minTouchPx` on screen, described. */
  narrowPrices: string[];
  /** Rows of a windowed list that run into the row after them, described. */
  overlapping: string[];
}

/**
 * What a member would see wrong on the page as it is now: sideways scroll, cut text, prices too
 * small to touch, list rows running into each other. Only visible elements count; `within` narrows the text check to a part.
 */
export function layoutFaults(page: Page, within = 'body'): Promise<LayoutFaults> {
  return page.evaluate(
    ({ within, minTouchPx }) => {
      const root = document.querySelector(within) ?? document.body;
      const visible = (element: Element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        const style = getComputedStyle(element);
        return style.visibility !== 'hidden' && style.display !== 'none';
      };
      const describe = (element: Element) => {
        const testId = element.getAttribute('data-testid');
        const name = testId
          ? `[${testId}]`
          : `${element.tagName.toLowerCase()}.${element.className}`;
        return `${name} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
      };
      const cut: string[] = [];
      for (const element of root.querySelectorAll<HTMLElement>('*')) {
        // A text element: one that holds text of its own, not only through its children.
        const ownText = [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
        );
        if (!ownText || !visible(element)) continue;
        const style = getComputedStyle(element);
        // Text for screen readers only (`.visually-hidden`) is clipped to nothing on purpose.
        if (style.clip !== 'auto' || style.clipPath !== 'none') continue;
        // Scrolling parts (tab rows) may be wider than their box: they show that they scroll.
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
        if (element.scrollWidth > element.clientWidth + 1) cut.push(describe(element));
      }
      const narrowPrices = [...document.querySelectorAll('[data-testid="odds-option"]')]
        .filter(visible)
        .filter((element) => element.getBoundingClientRect().width < minTouchPx - 0.5)
        .map(describe);
      // A windowed list places its rows absolutely: a row taller than the room it was given
      // would run into the next one.
      const overlapping: string[] = [];
      for (const list of document.querySelectorAll('.virtual-list__spacer')) {
        // A row's content may overflow its box: its extent is what it draws, not its box.
        const rows = [...list.children]
          .map((row) => {
            const top = row.getBoundingClientRect().top;
            return { row, top, bottom: top + Math.max(row.scrollHeight, row.clientHeight) };
          })
          .sort((one, other) => one.top - other.top);
        rows.slice(1).forEach(({ row, top }, index) => {
          const before = rows[index];
          if (before && before.bottom > top + 1)
            overlapping.push(`${describe(before.row)} over ${describe(row)}`);
        });
      }
      return {
        sideways: document.documentElement.scrollWidth > window.innerWidth,
        cut,
        narrowPrices,
        overlapping,
      };
    },
    { within, minTouchPx },
  );
}

/**
 * Checks the page at a phone's and a desktop's size (and at 360 px when `narrowest`), ending at
 * the desktop size, and writes a picture of each: no sideways scroll, no cut text and, on
 * phones, no price narrower than a touch target. `shown` is scrolled into view first, the slip's
 * sheet brought up for it on a phone when it is there.
 */
export async function checkScreen(
  page: Page,
  name: string,
  options: { shown?: Locator; within?: string; narrowest?: boolean } = {},
): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  const sizes: [string, { width: number; height: number }][] = [
    ...(options.narrowest ? [['narrow', narrowPhone] as [string, typeof narrowPhone]] : []),
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ];
  for (const [size, viewport] of sizes) {
    await page.setViewportSize(viewport);
    // Layout settles after a resize (windowed lists measure themselves again).
    await page.waitForTimeout(300);
    // On a phone the slip waits behind the bar at the bottom: a part of it is shown from there.
    const slipBar = page.getByTestId('slip-dock-open');
    if (options.shown && !(await options.shown.isVisible()) && (await slipBar.isVisible()))
      await slipBar.click();
    await options.shown?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshotDir}/${name}-${size}.png` });
    const faults = await layoutFaults(page, options.within);
    expect(faults.sideways, `${name} at ${size} scrolls sideways`).toBe(false);
    expect(faults.cut, `${name} at ${size}: cut text`).toEqual([]);
    expect(faults.overlapping, `${name} at ${size}: rows running into each other`).toEqual([]);
    if (size !== 'desktop')
      expect(faults.narrowPrices, `${name} at ${size}: prices under ${minTouchPx} px`).toEqual([]);
  }
}
