import {
  type OrderRecord,
  type Share,
  shareCreate,
  shareVerify,
  shareWithdraw,
} from '@sb/contract';
import type { EventSnapshot, FeedMessage } from '@sb/feed-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, type Pick, parlay, placeBet, single } from '../../server/test/orders/helpers';
import type { TestMember } from '../../server/test/withdrawals/helpers';
import { hasChromium, launchBrowser, type TestBrowser, warnWithoutChromium } from './browser';
import { byTestId, fundedAccount, preMatchPicks, startStillServer } from './helpers';
import { checkScreen, viewports } from './screens';

warnWithoutChromium('shares');

/** The instant the feed is held at and the server's clock starts from. */
const instant = Date.UTC(2026, 0, 10, 15, 0, 0);
/** 1,000.00 CNY in minor units. */
const fundedMinor = 100_000;
const stakeMinor = 1_000;

/** A bet stop on the event: every market suspended, as the feed would send it next. */
function betStop(event: EventSnapshot): FeedMessage {
  const { fixture, status, seq } = event;
  return {
    type: 'bet_stop',
    eventId: fixture.eventId,
    sportId: fixture.sportId,
    timestamp: Date.now(),
    seq: seq + 1,
    reason: 'dangerous_attack',
    status,
  };
}

async function logIn(page: Page, url: string, account: string, password: string) {
  await page.goto(`${url}/#/index`);
  await byTestId(page, 'login-open').click();
  await byTestId(page, 'login-account').fill(account);
  await byTestId(page, 'login-password').fill(password);
  await byTestId(page, 'login-submit').click();
  await byTestId(page, 'account-name').waitFor();
}

describe.skipIf(!hasChromium)('shared orders on the member site, in Chromium', () => {
  let server: Awaited<ReturnType<typeof startStillServer>> | undefined;
  let sharer: TestBrowser | undefined;
  let copier: TestBrowser | undefined;
  let page: Page;
  let other: Page;
  let sharingMember: TestMember | undefined;
  let picks: Pick[] = [];
  let order: OrderRecord | undefined;
  let code = '';
  /** The anonymous parlay's share, copied once too (one leg of it). */
  let parlayCode = '';

  beforeAll(async () => {
    server = await startStillServer('shares-e2e', { instant });
    picks = preMatchPicks(server.feed.simulator.snapshot().events, 3);
    sharer = await launchBrowser('sb-web-shares-a');
    copier = await launchBrowser('sb-web-shares-b');
    page = sharer.page;
    other = copier.page;
  }, 180_000);

  afterAll(async () => {
    await copier?.close();
    await sharer?.close();
    await server?.testApp.close();
  });

  it('shares a bet from my bets with a privacy level and a comment, and shows its code and link', async () => {
    if (!server) throw new Error('server did not start');
    const { testApp, url } = server;
    const { account, member } = await fundedAccount(testApp, fundedMinor);
    sharingMember = member;
    const [pick] = picks;
    if (!pick) throw new Error('no pick');
    order = expectOk(await placeBet(testApp, member, single(pick, stakeMinor)));
    expect(order.legs[0]?.gameId).toBe(pick.event.fixture.eventId);

    await page.setViewportSize(viewports.desktop);
    await logIn(page, url, account, member.password);
    await byTestId(page, 'my-bets-tab').click();
    const row = page.locator(`[data-testid="my-bet"][data-order-no="${order.orderNo}"]`);
    await row.waitFor({ timeout: 30_000 });
    await row.getByTestId('share-open').click();
    const dialog = byTestId(page, 'share-dialog');
    await dialog.waitFor();
    await byTestId(page, 'share-privacy').selectOption('no_amounts');
    await byTestId(page, 'share-comment').fill('Home side unbeaten in five.');
    expect(await byTestId(page, 'share-comment-count').textContent()).toBe('27 / 280');
    await checkScreen(page, 'shares-dialog', { shown: dialog, narrowest: true });

    await byTestId(page, 'share-order').click();
    const codeShown = byTestId(page, 'share-code');
    await codeShown.waitFor();
    code = (await codeShown.textContent()) ?? '';
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
    expect(await byTestId(page, 'share-link').textContent()).toBe(`${url}/#/share/${code}`);
    await checkScreen(page, 'shares-dialog-shared', { shown: dialog });

    // The server holds the share as asked: no amounts, the comment as typed.
    const verified = expectOk(
      await testApp.call<{ share: { placed: { privacy: string; comment: string; stake: null } } }>(
        shareVerify.path,
        { code },
      ),
    );
    expect(verified.share.placed).toMatchObject({
      privacy: 'no_amounts',
      comment: 'Home side unbeaten in five.',
      stake: null,
    });

    // Sharing it again answers the same code.
    await page.keyboard.press('Escape');
    await row.getByTestId('share-open').click();
    await byTestId(page, 'share-order').click();
    expect(await byTestId(page, 'share-code').textContent()).toBe(code);
    await page.keyboard.press('Escape');
  }, 180_000);

  it('shows a shared bet verified to another member, who copies it to their slip', async () => {
    if (!server || !order) throw new Error('no share to open');
    const { testApp, url } = server;
    const { account, member } = await fundedAccount(testApp, fundedMinor);
    await other.setViewportSize(viewports.desktop);
    await logIn(other, url, account, member.password);
    await other.goto(`${url}/#/share/${code}`);
    const sharePage = byTestId(other, 'share-page');
    await sharePage.waitFor();
    const verify = byTestId(other, 'share-verify');
    await expect.poll(() => verify.getAttribute('data-browser-check')).toBe('valid');
    expect(await verify.getAttribute('data-valid')).toBe('true');
    // Without stake and return: the odds and the sharer's name, no amounts.
    expect(await byTestId(other, 'share-stake').count()).toBe(0);
    expect(await byTestId(other, 'share-return').count()).toBe(0);
    expect(await byTestId(other, 'share-odds').getAttribute('data-odds')).toBe(String(order.odds));
    expect(await byTestId(other, 'share-tipster').textContent()).toMatch(/^Shared by \S+\*\*\*/);
    expect(await byTestId(other, 'share-comment-text').textContent()).toBe(
      'Home side unbeaten in five.',
    );
    expect(await other.getByTestId('bet-leg').getAttribute('data-oi')).toBe(order.legs[0]?.optId);
    // The page is reached from its link only: no header link names it.
    expect(await other.locator('[data-testid^="nav-share"]').count()).toBe(0);
    await checkScreen(other, 'shares-page-en', {
      within: '[data-testid="share-page"]',
      narrowest: true,
    });

    await byTestId(other, 'share-copy').click();
    const added = byTestId(other, 'share-copy-added');
    await added.waitFor();
    expect(await added.getAttribute('data-count')).toBe('1');
    expect(await byTestId(other, 'share-copy-dropped').count()).toBe(0);
    // The server counted the copy.
    await expect
      .poll(async () => {
        const answer = await testApp.call<{ share: { copies: number } }>(shareVerify.path, {
          code,
        });
        return expectOk(answer).share.copies;
      })
      .toBe(1);
    await byTestId(other, 'share-open-slip').click();
    const item = other.getByTestId('slip-item');
    await item.first().waitFor({ timeout: 30_000 });
    expect(await item.count()).toBe(1);
    expect(await item.first().getAttribute('data-oi')).toBe(order.legs[0]?.optId);
  }, 180_000);

  it('leaves out a leg whose market is closed now, naming it', async () => {
    if (!server || !sharingMember) throw new Error('no sharer');
    const { testApp, feed, url } = server;
    const [, open, stopped] = picks;
    if (!open || !stopped) throw new Error('not enough picks');
    const placed = expectOk(await placeBet(testApp, sharingMember, parlay([open, stopped])));
    const shared = expectOk(
      await testApp.call<Share>(shareCreate.path, {
        ...sharingMember.auth,
        orderNo: placed.orderNo,
        privacy: 'anonymous',
      }),
    );
    parlayCode = shared.code;
    feed.push([betStop(stopped.event)]);
    await other.goto(`${url}/#/share/${shared.code}`);
    await byTestId(other, 'share-verify').waitFor();
    expect(await byTestId(other, 'share-tipster').textContent()).toBe('Shared anonymously');
    await expect.poll(() => other.getByTestId('bet-leg').count()).toBe(2);
    await byTestId(other, 'share-copy').click();
    await byTestId(other, 'share-copy-added').waitFor();
    expect(await byTestId(other, 'share-copy-added').getAttribute('data-count')).toBe('1');
    const dropped = byTestId(other, 'share-copy-dropped');
    expect(await dropped.getAttribute('data-count')).toBe('1');
    // Named in the reader's language (the page's English), though placed in Chinese.
    const stoppedLeg = shared.placed.legs.find(
      (leg) => leg.gameId === stopped.event.fixture.eventId,
    );
    expect(stoppedLeg?.home).not.toBe(stoppedLeg?.names?.en.home);
    expect(await dropped.textContent()).toContain(stoppedLeg?.names?.en.home ?? 'no such leg');
    await checkScreen(other, 'shares-page-dropped', { within: '[data-testid="share-page"]' });
  }, 180_000);

  it('lists shares on the community page by feed and sport, and follows a tipster', async () => {
    if (!server || !order) throw new Error('no share to list');
    const { url } = server;
    await other.setViewportSize(viewports.desktop);
    await other.goto(`${url}/#/community?tab=shares`);
    const cards = byTestId(other, 'share-card');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(2);
    const single = other.locator(`[data-testid="share-card"][data-code="${code}"]`);
    expect(await single.getByTestId('share-tipster-open').count()).toBe(1);
    await checkScreen(other, 'shares-tab-en', {
      within: '[data-testid="shares-tab"]',
      narrowest: true,
    });

    // Latest: the parlay, shared last, first. Most copied: both were copied once, so the
    // newer first again.
    expect(await cards.first().getAttribute('data-code')).toBe(parlayCode);
    await byTestId(other, 'shares-feed-most_copied').click();
    await expect.poll(() => cards.first().getAttribute('data-code')).toBe(parlayCode);
    expect(await cards.nth(1).getAttribute('data-code')).toBe(code);

    // By sport: a sport none of the bets is of shows none.
    const sportIds = new Set<number>(picks.map((pick) => pick.event.fixture.sportId));
    const otherSport = [31, 23, 20, 5, 4].find((sportId) => !sportIds.has(sportId));
    await byTestId(other, 'shares-sport').selectOption(String(otherSport));
    await byTestId(other, 'shares-empty').waitFor();
    await byTestId(other, 'shares-sport').selectOption(String(picks[0]?.event.fixture.sportId));
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    await byTestId(other, 'shares-sport').selectOption('0');

    // The tipster's profile: follow, then the following feed holds their named share only.
    await single.getByTestId('share-tipster-open').click();
    const follow = byTestId(other, 'tipster-follow');
    await follow.waitFor();
    expect(await follow.getAttribute('data-followed')).toBe('false');
    expect(await byTestId(other, 'tipster-followers').textContent()).toBe('0');
    await follow.click();
    await expect.poll(() => follow.getAttribute('data-followed')).toBe('true');
    expect(await byTestId(other, 'tipster-followers').textContent()).toBe('1');
    await checkScreen(other, 'shares-tipster-en', { within: '[data-testid="shares-tab"]' });
    await byTestId(other, 'shares-feed-following').click();
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().getAttribute('data-code')).toBe(code);
    await follow.click();
    await expect.poll(() => follow.getAttribute('data-followed')).toBe('false');
    expect(await byTestId(other, 'tipster-followers').textContent()).toBe('0');
    await byTestId(other, 'shares-empty').waitFor();
  }, 180_000);

  it('shows the share page in Chinese, and a withdrawn code’s refusal', async () => {
    if (!server || !sharingMember) throw new Error('no sharer');
    const { testApp, url } = server;
    await other.evaluate(() => localStorage.setItem('lang', 'zh'));
    await other.goto(`${url}/#/share/${code}`);
    await other.reload();
    await byTestId(other, 'share-verify').waitFor();
    await expect.poll(() => byTestId(other, 'share-verify').textContent()).toContain('已验证');
    await checkScreen(other, 'shares-page-zh', { within: '[data-testid="share-page"]' });
    await other.goto(`${url}/#/community?tab=shares`);
    await byTestId(other, 'share-card').first().waitFor({ timeout: 30_000 });
    expect(await byTestId(other, 'shares-feed-latest').textContent()).toBe('最新');
    await checkScreen(other, 'shares-tab-zh', { within: '[data-testid="shares-tab"]' });
    // The compact layout routes the page too.
    await other.goto(`${url}/#/mini/share/${code}`);
    await byTestId(other, 'share-verify').waitFor();
    expect(await byTestId(other, 'share-page').getAttribute('data-code')).toBe(code);
    await other.goto(`${url}/#/share/${code}`);
    await byTestId(other, 'share-verify').waitFor();

    expectOk(await testApp.call(shareWithdraw.path, { ...sharingMember.auth, code }));
    await other.reload();
    const refused = byTestId(other, 'share-refused');
    await refused.waitFor();
    expect(await refused.textContent()).toBe('该分享不存在或已撤回');
    await checkScreen(other, 'shares-page-refused-zh', { within: '[data-testid="share-page"]' });
  }, 120_000);
});
