import { type OrderRecord, shareVerify } from '@sb/contract';
import { encodeOptionId, fromOddsUnits, memberOdds } from '@sb/domain';
import type { EventSnapshot } from '@sb/feed-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authOf, registerMember } from '../../server/test/identity/helpers';
import { expectOk, type Pick, placeBet, single } from '../../server/test/orders/helpers';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import { cny, fund, type TestMember } from '../../server/test/withdrawals/helpers';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';
import { checkScreen, viewports } from './screens';
import { createStillFeed } from './still-feed';
import { worldClock } from './world-clock';

warnWithoutChromium('shares');

/** The instant the feed is held at and the server's clock starts from. */
const instant = Date.UTC(2026, 0, 10, 15, 0, 0);
/** 1,000.00 CNY in minor units. */
const fundedMinor = 100_000;
const stakeMinor = 1_000;

function byTestId(page: Page, testId: string) {
  return page.getByTestId(testId);
}

/** The first pre-match match of the still world with an open, priced 1X2 market. */
function preMatchPick(events: EventSnapshot[]): Pick {
  for (const event of events) {
    if (event.fixture.kind !== 'match' || event.status.status !== 'not_started') continue;
    const market = event.markets.find((entry) => entry.playId === 3 && entry.status === 'active');
    const outcome = market?.outcomes.find((entry) => entry.active && entry.odds > 0);
    if (!market || !outcome) continue;
    return {
      event,
      market,
      outcomeId: outcome.id,
      optId: encodeOptionId({
        eventId: event.fixture.eventId,
        playId: market.playId,
        specifiers: market.specifiers,
        outcomeId: outcome.id,
      }),
      odds: memberOdds(fromOddsUnits(outcome.odds), market.playId, [0, 0, 0]),
    };
  }
  throw new Error('no pre-match pick in the world');
}

async function startServer() {
  const feed = createStillFeed('shares-e2e', instant);
  const clock = worldClock(instant);
  const testApp = await createTestApp({
    feedProvider: feed.provider,
    webDistDir,
    now: () => new Date(clock()),
  });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  return { testApp, feed, url: `http://127.0.0.1:${address.port}` };
}

async function fundedMember(testApp: TestApp) {
  const { account, password, session } = await registerMember(testApp);
  await fund(testApp, session.memberId, cny.currencyId, fundedMinor);
  const member: TestMember = { session, password, userId: session.memberId, auth: authOf(session) };
  return { account, member };
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
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let sharer: TestBrowser | undefined;
  let page: Page;
  let order: OrderRecord | undefined;
  let code = '';

  beforeAll(async () => {
    server = await startServer();
    sharer = await launchBrowser('sb-web-shares-a');
    page = sharer.page;
  }, 180_000);

  afterAll(async () => {
    await sharer?.close();
    await server?.testApp.close();
  });

  it('shares a bet from my bets with a privacy level and a comment, and shows its code and link', async () => {
    if (!server) throw new Error('server did not start');
    const { testApp, feed, url } = server;
    const { account, member } = await fundedMember(testApp);
    const pick = preMatchPick(feed.simulator.snapshot().events);
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
});
