import { deskMemberGameSwitches, type GameRound, gameOrderDetail } from '@sb/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, operatorToken } from '../../server/test/operators/helpers';
import { expectOk, type TestMember } from '../../server/test/withdrawals/helpers';
import { checkRound } from '../src/features/games/model/round-check';
import { hasChromium, launchBrowser, type TestBrowser, warnWithoutChromium } from './browser';
import { byTestId, fundedAccount, startStillServer } from './helpers';
import { checkScreen, viewports } from './screens';

warnWithoutChromium('games');

/** The instant the feed is held at and the server's clock starts from. */
const instant = Date.UTC(2026, 0, 10, 15, 0, 0);

async function logIn(page: Page, url: string, account: string, password: string) {
  await page.goto(`${url}/#/index`);
  await byTestId(page, 'login-open').click();
  await byTestId(page, 'login-account').fill(account);
  await byTestId(page, 'login-password').fill(password);
  await byTestId(page, 'login-submit').click();
  await byTestId(page, 'account-name').waitFor();
}

async function logOut(page: Page) {
  await byTestId(page, 'logout').click();
  await byTestId(page, 'login-open').waitFor();
}

/** The member's minor units as the page shows them, read off the element's data-amount. */
async function amountOf(page: Page, testId: string): Promise<number> {
  return Number(await byTestId(page, testId).getAttribute('data-amount'));
}

describe.skipIf(!hasChromium)('the games on the member site, in Chromium', () => {
  let server: Awaited<ReturnType<typeof startStillServer>> | undefined;
  let browser: TestBrowser | undefined;
  let page: Page;
  let support = '';
  let player = { account: '', member: undefined as TestMember | undefined };

  beforeAll(async () => {
    server = await startStillServer('games-e2e', { instant });
    // Signed in while the server's clock is still at `instant`, where the code is read.
    support = await operatorToken(server.testApp, ['support'], instant);
    const funded = await fundedAccount(server.testApp, 100_000);
    player = funded;
    browser = await launchBrowser('sb-web-games');
    page = browser.page;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.testApp.close();
  });

  it('transfers in, plays dice, verifies the round after rotating, withdraws it all', async () => {
    if (!server || !player.member) throw new Error('server did not start');
    const { member } = player;
    await logIn(page, server.url, player.account, member.password);
    await byTestId(page, 'nav-games').click();
    await byTestId(page, 'games-list').waitFor();
    await checkScreen(page, 'games-lobby', { narrowest: true });

    await page
      .locator('[data-testid="game-card"][data-game-id="house.dice"] [data-testid="game-play"]')
      .click();
    await byTestId(page, 'dice-panel').waitFor();
    expect(page.url()).toContain('#/games/play/house.dice');

    // 200.00 from main into the house's balance.
    await byTestId(page, 'game-transfer-open').click();
    const dialog = byTestId(page, 'game-transfer');
    await dialog.waitFor();
    expect(await byTestId(page, 'game-transfer-main').textContent()).toBe('1,000.00 CNY');
    await byTestId(page, 'game-transfer-amount').fill('200');
    await checkScreen(page, 'games-transfer', { shown: dialog });
    await byTestId(page, 'game-transfer-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => amountOf(page, 'game-balance')).toBe(20_000);
    expect(await byTestId(page, 'game-main-balance').textContent()).toBe('800.00 CNY');

    // A dice round of 10.00 under 50.00: chance and multiplier are shown before the roll.
    await byTestId(page, 'game-stake').fill('10');
    expect(await byTestId(page, 'dice-chance').textContent()).toBe('50.00%');
    expect(await byTestId(page, 'dice-multiplier').textContent()).toBe('1.98×');
    await byTestId(page, 'game-go').click();
    const result = byTestId(page, 'game-result');
    await expect.poll(() => result.getAttribute('data-status')).toMatch(/^(won|lost)$/);
    const roundNo = (await result.getAttribute('data-round-no')) ?? '';
    const played = expectOk(
      await server.testApp.call<GameRound>(gameOrderDetail.path, { ...member.auth, roundNo }),
    );
    const paid = played.status === 'won' ? played.payout : 0;
    await expect.poll(() => amountOf(page, 'game-balance')).toBe(20_000 - 1_000 + paid);
    await checkScreen(page, 'games-dice', { shown: result });

    // Before the seed is revealed the verifier says to rotate first.
    const row = page.locator(`[data-testid="game-round"][data-round-no="${roundNo}"]`);
    await row.click();
    const verify = byTestId(page, 'game-verify');
    await expect.poll(() => verify.getAttribute('data-verdict')).toBe('unavailable');
    await page.keyboard.press('Escape');

    await byTestId(page, 'game-seed-rotate').click();
    const revealed = byTestId(page, 'game-seed-revealed-seed');
    await revealed.waitFor();
    expect(await revealed.textContent()).toMatch(/^[0-9a-f]{64}$/);

    await row.click();
    await byTestId(page, 'game-verify-run').click();
    await expect.poll(() => verify.getAttribute('data-verdict')).toBe('match');
    // The browser drew what the server's own detail says, by the same code.
    const detail = expectOk(
      await server.testApp.call<GameRound>(gameOrderDetail.path, { ...member.auth, roundNo }),
    );
    expect(checkRound(detail)).toMatchObject({ hashMatches: true, outcomeMatches: true });
    await checkScreen(page, 'games-verify', { shown: verify });
    await page.keyboard.press('Escape');

    // Everything back to main.
    await byTestId(page, 'game-withdraw-all').click();
    await expect.poll(() => amountOf(page, 'game-balance')).toBe(0);
    await expect
      .poll(() => byTestId(page, 'game-main-balance').textContent())
      .toBe(
        `${((100_000 - 1_000 + paid) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} CNY`,
      );

    // The same screens in Chinese, without English words of ours.
    await byTestId(page, 'lang-select').selectOption('zh');
    await expect.poll(() => byTestId(page, 'game-withdraw-all').textContent()).toBe('一键转出');
    await checkScreen(page, 'games-dice-zh', { shown: result });
    await row.click();
    await byTestId(page, 'game-verify-run').click();
    await expect.poll(() => verify.getAttribute('data-verdict')).toBe('match');
    expect(await verify.textContent()).toContain('验证通过');
    await checkScreen(page, 'games-verify-zh', { shown: verify });
    await page.keyboard.press('Escape');
    await byTestId(page, 'game-transfer-open').click();
    await byTestId(page, 'game-transfer').waitFor();
    await checkScreen(page, 'games-transfer-zh', { shown: byTestId(page, 'game-transfer') });
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/#/mini/games`);
    await byTestId(page, 'games-list').waitFor();
    await checkScreen(page, 'games-lobby-zh');
    await byTestId(page, 'lang-select')
      .selectOption('en')
      .catch(() => undefined);
    await logOut(page);
  }, 240_000);

  it('plays limbo, plinko (its path drawn) and mines (a tile turned, then cashed out)', async () => {
    if (!server || !player.member) throw new Error('server did not start');
    await logIn(page, server.url, player.account, player.member.password);
    await page.goto(`${server.url}/#/games/play/house.limbo`);
    await byTestId(page, 'limbo-panel').waitFor();
    await byTestId(page, 'game-transfer-open').click();
    await byTestId(page, 'game-transfer-amount').fill('50');
    await byTestId(page, 'game-transfer-submit').click();
    await expect.poll(() => amountOf(page, 'game-balance')).toBe(5_000);
    const result = byTestId(page, 'game-result');

    await byTestId(page, 'limbo-target').fill('2');
    expect(await byTestId(page, 'limbo-chance').textContent()).toBe('49.50%');
    await byTestId(page, 'game-go').click();
    await expect.poll(() => result.getAttribute('data-status')).toMatch(/^(won|lost)$/);

    await page.goto(`${server.url}/#/games/play/house.plinko`);
    await byTestId(page, 'plinko-panel').waitFor();
    await page.locator('[data-testid="plinko-rows"][data-rows="16"]').click();
    await page.locator('[data-testid="plinko-risk"][data-risk="high"]').click();
    await expect.poll(() => amountOf(page, 'game-balance')).toBeGreaterThan(0);
    await byTestId(page, 'game-go').click();
    await expect.poll(() => result.getAttribute('data-status')).toMatch(/^(won|lost)$/);
    expect(await byTestId(page, 'plinko-board').getAttribute('data-slot')).toMatch(/^\d+$/);
    await checkScreen(page, 'games-plinko', { shown: byTestId(page, 'plinko-board') });

    await page.goto(`${server.url}/#/games/play/house.mines`);
    await byTestId(page, 'mines-panel').waitFor();
    await expect.poll(() => amountOf(page, 'game-balance')).toBeGreaterThan(0);
    await byTestId(page, 'mines-count').selectOption('1');
    await byTestId(page, 'game-go').click();
    const firstTile = page.locator('[data-testid="mines-tile"][data-tile="12"]');
    await expect.poll(() => firstTile.isEnabled()).toBe(true);
    await firstTile.click();
    await expect.poll(() => firstTile.getAttribute('data-state')).toMatch(/^(safe|hit)$/);
    if ((await firstTile.getAttribute('data-state')) === 'safe') {
      await checkScreen(page, 'games-mines-open', { shown: byTestId(page, 'mines-cash-out') });
      await byTestId(page, 'mines-cash-out').click();
      await expect.poll(() => result.getAttribute('data-status')).toBe('won');
    } else {
      expect(await result.getAttribute('data-status')).toBe('lost');
    }
    // The round over, the board shows where the mine lay.
    await expect
      .poll(() =>
        page
          .locator(
            '[data-testid="mines-tile"][data-state="mine"], [data-testid="mines-tile"][data-state="hit"]',
          )
          .count(),
      )
      .toBe(1);
    await checkScreen(page, 'games-mines', { shown: result });
    await byTestId(page, 'game-withdraw-all').click();
    await expect.poll(() => amountOf(page, 'game-balance')).toBe(0);
    await logOut(page);
  }, 180_000);

  it('shows a visitor the lobby and asks them to log in; a demo player plays with demo money', async () => {
    if (!server) throw new Error('server did not start');
    await page.goto(`${server.url}/#/games`);
    await byTestId(page, 'games-list').waitFor();
    await byTestId(page, 'games-sign-in').waitFor();
    expect(await byTestId(page, 'game-play').count()).toBe(0);
    expect(await byTestId(page, 'game-sign-in').count()).toBeGreaterThan(0);
    await checkScreen(page, 'games-lobby-visitor');

    await byTestId(page, 'try-play').click();
    await byTestId(page, 'account-name').waitFor();
    await page.goto(`${server.url}/#/mini/games/play/house.dice`);
    await byTestId(page, 'dice-panel').waitFor();
    await byTestId(page, 'game-transfer-open').click();
    await byTestId(page, 'game-transfer-amount').fill('100');
    await byTestId(page, 'game-transfer-submit').click();
    await expect.poll(() => amountOf(page, 'game-balance')).toBe(10_000);
    expect(await byTestId(page, 'game-balance').textContent()).toBe('100.00 DEMO');
    await byTestId(page, 'game-go').click();
    const result = byTestId(page, 'game-result');
    await expect.poll(() => result.getAttribute('data-status')).toMatch(/^(won|lost)$/);
    await checkScreen(page, 'games-demo-mini', { shown: result });
    await page.goto(`${server.url}/#/index`);
    await logOut(page);
  }, 120_000);

  it('offers no games link to a member whose switches allow no game', async () => {
    if (!server) throw new Error('server did not start');
    const { account, member } = await fundedAccount(server.testApp, 10_000);
    expectOk(
      await adminCall(server.testApp, deskMemberGameSwitches.path, {
        bearer: support,
        fields: {
          userId: member.userId,
          casinoSw: 0,
          lotterySw: 0,
          reason: 'Casino closed at the member’s request',
        },
      }),
    );
    await logIn(page, server.url, account, member.password);
    // The lobby's catalogue answers no product for them: the header has no games link...
    await byTestId(page, 'nav-records').waitFor();
    await page.waitForTimeout(1_000);
    expect(await byTestId(page, 'nav-games').count()).toBe(0);
    // ...and neither has the phone's account menu.
    await page.setViewportSize(viewports.phone);
    await byTestId(page, 'account-menu-open').click();
    await byTestId(page, 'account-menu-records').waitFor();
    expect(await byTestId(page, 'account-menu-games').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.setViewportSize(viewports.desktop);
    // The player of the first test, on the same page, is offered it.
    await logOut(page);
    if (!player.member) throw new Error('no player');
    await logIn(page, server.url, player.account, player.member.password);
    await byTestId(page, 'nav-games').waitFor();
  }, 120_000);
});
