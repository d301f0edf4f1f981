import type { EventSnapshot, FeedMessage, MatchStatus } from '@sb/feed-sim';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { createStillFeed } from './still-feed';

/**
 * What the sports-screen suites share: a still world with a basketball match in its second half
 * (whose board row lists the winning margin), opening a match's detail by id, and telling the
 * server what the feed would say of a match.
 */

export type StillFeed = ReturnType<typeof createStillFeed>;

/**
 * A basketball match after half-time: the first half's lines are settled, so its board row fills
 * its five rows with the winning margin (play 10), as the server lists it.
 */
export function isSecondHalfBasketball(event: EventSnapshot): boolean {
  const offered = new Set(
    event.markets
      .filter((market) => market.status === 'active' || market.status === 'suspended')
      .map((market) => market.playId),
  );
  return (
    event.fixture.sportId === 2 &&
    event.status.status === 'live' &&
    (event.status.periodCode ?? 0) >= 5 &&
    offered.has(10) &&
    ![4, 5, 7, 11].some((playId) => offered.has(playId))
  );
}

/** The first quarter hour of a Saturday afternoon at which the world has such a match. */
export function instantWithSecondHalfBasketball(seed: string): number {
  const start = Date.UTC(2026, 0, 10, 12, 0, 0);
  for (let step = 0; step < 48; step++) {
    const instant = start + step * 15 * 60_000;
    const { events } = createStillFeed(seed, instant).simulator.snapshot();
    if (events.some(isSecondHalfBasketball)) return instant;
  }
  throw new Error('no basketball match in its second half on the afternoon');
}

/** Waits until the board shows the list asked for, not the previous one. */
export async function boardSettled(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByTestId('board-body').getAttribute('aria-busy'), { timeout: 20_000 })
    .toBe('false');
}

/** Scrolls the windowed board until the match's row is drawn, and answers it. */
export async function rowOf(page: Page, matchId: number): Promise<Locator> {
  const row = page.locator(`[data-testid="match-row"][data-match-id="${matchId}"]`);
  const list = page.getByTestId('match-list');
  await list.waitFor();
  for (let step = 0; step < 40 && (await row.count()) === 0; step++) {
    await list.evaluate((element) => element.scrollBy(0, 400));
    await page.waitForTimeout(100);
  }
  await row.waitFor();
  return row;
}

/** Shows the match's row through the search box (every sport), by its id. */
export async function searchRow(page: Page, event: EventSnapshot): Promise<Locator> {
  const { fixture } = event;
  const keyword =
    fixture.kind === 'match' ? (fixture.competitors[0]?.name ?? fixture.name) : fixture.name;
  await page.getByTestId('match-search').fill(keyword);
  await boardSettled(page);
  return rowOf(page, fixture.eventId);
}

/** Opens the detail from the match's row and waits for every market of the match. */
export async function openDetailFrom(row: Locator, page: Page, matchId: number): Promise<Locator> {
  await row.getByTestId('match-detail-open').click();
  const detail = page.getByTestId('match-detail');
  await expect.poll(() => detail.getAttribute('data-match-id')).toBe(String(matchId));
  await expect.poll(() => detail.getAttribute('aria-busy'), { timeout: 10_000 }).toBe('false');
  return detail;
}

/** The feed's word on a match: where it stands now, each message the match's next in order. */
export function saysOf(feed: StillFeed, event: EventSnapshot) {
  let seq = event.seq;
  return (status: Partial<MatchStatus>): void => {
    seq += 1;
    const message: FeedMessage = {
      type: 'odds_change',
      eventId: event.fixture.eventId,
      sportId: event.fixture.sportId,
      timestamp: Date.now(),
      seq,
      status: { ...event.status, ...status },
      markets: [],
    };
    feed.push([message]);
  };
}

/** Every cell of a board or detail market whose label or price is not shown whole, described. */
export function unreadableCells(market: Locator): Promise<string[]> {
  return market.evaluate((element) => {
    const faults: string[] = [];
    const cells = [...element.querySelectorAll<HTMLElement>('.odds-cell')];
    const boxes = cells.map((cell) => cell.getBoundingClientRect());
    cells.forEach((cell, index) => {
      const label = cell.querySelector<HTMLElement>('.odds-cell__label');
      const price = cell.querySelector<HTMLElement>('[data-testid="odds-option"]');
      const box = boxes[index];
      if (!label || !price || !box) return;
      const name = label.textContent ?? '';
      const lineHeight = Number.parseFloat(getComputedStyle(label).lineHeight) || 16;
      if (label.clientWidth === 0 || label.scrollWidth > label.clientWidth + 1)
        faults.push(`${name}: label cut`);
      // A band reads on one line in a board cell ("H11-15"); in the detail a name may wrap
      // between words, never inside the band.
      for (const whole of label.querySelectorAll<HTMLElement>('.odds-cell__whole'))
        if (whole.getClientRects().length > 1) faults.push(`${name}: band broken`);
      if (label.getBoundingClientRect().height > 2.6 * lineHeight)
        faults.push(`${name}: label stacked`);
      const priceBox = price.getBoundingClientRect();
      if (price.scrollWidth > price.clientWidth + 1 || priceBox.right > box.right + 0.5)
        faults.push(`${name}: price cut`);
      boxes.forEach((other, otherIndex) => {
        if (otherIndex <= index) return;
        const overlaps =
          box.left < other.right - 0.5 &&
          other.left < box.right - 0.5 &&
          box.top < other.bottom - 0.5 &&
          other.top < box.bottom - 0.5;
        if (overlaps) faults.push(`${name}: over another cell`);
      });
    });
    return faults;
  });
}
