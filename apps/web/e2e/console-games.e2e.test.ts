import { randomUUID } from 'node:crypto';
import {
  type CallOutput,
  deskGameList,
  gamePlay,
  houseDicePlay,
  memberProfile,
  type UserInfo,
} from '@sb/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../server/src/modules/operators/totp';
import {
  adminCall,
  createOperator,
  signIn,
  type TestOperator,
} from '../../server/test/operators/helpers';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import { cny, fund, newMember, type TestMember } from '../../server/test/withdrawals/helpers';
import {
  hasChromium,
  launchBrowser,
  type TestBrowser,
  warnWithoutChromium,
  webDistDir,
} from './browser';
import { checkScreen, viewports } from './screens';

warnWithoutChromium('console games desk');

type DiceAnswer = CallOutput<typeof houseDicePlay>;

/**
 * The games desk and the games switches (docs/games.md): an operator holding every role turns
 * a game off and on with a reason, changes its house edge, finds a member's round with its seeds,
 * reads the figures, sets the member's switches and the site default; in English and Chinese,
 * at phone and desktop sizes.
 */
describe.skipIf(!hasChromium)('the games desk in Chromium', () => {
  let testApp: TestApp;
  let url = '';
  let browser: TestBrowser;
  let page: Page;
  let admin: TestOperator;
  let member: TestMember;
  let round: DiceAnswer['round'];

  const byTestId = (testId: string) => page.getByTestId(testId);
  const dice = 'house.dice';

  beforeAll(async () => {
    testApp = await createTestApp({ webDistDir });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('test server has no port');
    url = `http://127.0.0.1:${address.port}`;
    admin = await createOperator(testApp.database, ['admin']);
    member = await newMember(testApp);
    browser = await launchBrowser('sb-console-games');
    page = browser.page;
    await page.setViewportSize(viewports.desktop);
    await page.goto(`${url}/console.html`);
    await byTestId('login-username').fill(admin.username);
    await byTestId('login-password').fill(admin.password);
    await byTestId('login-continue').click();
    await byTestId('login-totp').fill(totpCodeAt(admin.totpSecret, Date.now()));
    await byTestId('operator-name').waitFor();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });

  describe('the games switches', () => {
    const profile = async () => {
      const answer = await testApp.call<UserInfo>(memberProfile.path, member.auth);
      expect(answer.code, answer.msg).toBe(0);
      return { casinoSw: answer.data.casinoSw, lotterySw: answer.data.lotterySw };
    };

    it('sets a member’s casino switch of their own, the lottery following the site default', async () => {
      await page.setViewportSize(viewports.desktop);
      await page.goto(`${url}/console.html#/members/${member.userId}`);
      const form = byTestId('member-game-switches');
      await form.waitFor();
      // Both follow the default until changed; the products' boxes are unused meanwhile.
      expect(await byTestId('member-game-switch-casinoSw-follows').isChecked()).toBe(true);
      expect(await byTestId('member-game-switch-casinoSw-originals').isDisabled()).toBe(true);
      await byTestId('member-game-switch-casinoSw-follows').uncheck();
      await byTestId('member-game-switch-casinoSw-originals').check();
      await byTestId('member-game-switch-casinoSw-slot').check();
      // No reason, no change.
      await byTestId('member-game-switches-save').click();
      await byTestId('member-game-switches-problem').waitFor();
      await byTestId('member-game-switches-reason').fill('Originals and slots only');
      await byTestId('member-game-switches-save').click();
      await byTestId('member-game-switches-result').waitFor();
      expect(await byTestId('member-game-switches-own-casinoSw').textContent()).toBe(
        'Originals, Slots',
      );
      expect(await byTestId('member-game-switches-own-lotterySw').textContent()).toBe(
        'Follows the site default',
      );
      expect(await byTestId('member-game-switches-effective').textContent()).toBe(
        'Originals, Slots, Lottery',
      );
      expect(await profile()).toEqual({ casinoSw: 4 | 16, lotterySw: 2 });
      await checkScreen(page, 'console-games-member-switches', { shown: form, narrowest: true });
    }, 60_000);

    it('sets the site default, which a member following it gets', async () => {
      await page.setViewportSize(viewports.desktop);
      await page.goto(`${url}/console.html#/site/games`);
      const site = byTestId('site-game-switches');
      await site.waitFor();
      expect(await byTestId('site-game-switch-lotterySw-lottery').isChecked()).toBe(true);
      await byTestId('site-game-switch-lotterySw-lottery').uncheck();
      expect(await byTestId('site-game-switches-shown').textContent()).toBe(
        'Members without a setting of their own see: Live tables, Originals, Crash, Slots.',
      );
      await byTestId('site-game-switches-reason').fill('Lottery paused');
      await byTestId('site-game-switches-save').click();
      await byTestId('site-game-switches-result').waitFor();
      // The member's lottery follows the default; their casino switch is their own.
      await expect.poll(profile).toEqual({ casinoSw: 4 | 16, lotterySw: 0 });
      await checkScreen(page, 'console-games-site-switches', { shown: site, narrowest: true });
    }, 60_000);

    it('reads in Chinese', async () => {
      await byTestId('console-lang').selectOption('zh');
      await page.goto(`${url}/console.html#/members/${member.userId}`);
      const form = byTestId('member-game-switches');
      await form.waitFor();
      expect(await form.textContent()).toContain('跟随站点默认');
      await checkScreen(page, 'console-games-member-switches-zh', { shown: form, narrowest: true });
      await page.goto(`${url}/console.html#/site/games`);
      await byTestId('site-game-switches').waitFor();
      expect(await byTestId('site-game-switches-shown').textContent()).toBe(
        '没有个人设置的会员可见：真人桌台、原创游戏、崩溃、老虎机。',
      );
      await checkScreen(page, 'console-games-site-switches-zh', { narrowest: true });
      await byTestId('console-lang').selectOption('en');
    }, 60_000);
  });

  describe('the games desk', () => {
    beforeAll(async () => {
      // A trader of its own reads the catalogue: the admin's code is already spent by the browser.
      const trader = await createOperator(testApp.database, ['trader']);
      const token = (await signIn(testApp, trader, Date.now())).token;
      const catalogue = await adminCall<CallOutput<typeof deskGameList>>(
        testApp,
        deskGameList.path,
        {
          bearer: token,
        },
      );
      expect(catalogue.code, catalogue.msg).toBe(0);
      expect(catalogue.data.games.map((game) => game.gameId)).toContain(dice);

      // A member plays one round of dice, so the rounds and the figures have something to show.
      await fund(testApp, member.userId, cny.currencyId, 100_000);
      const played = await testApp.call(gamePlay.path, {
        ...member.auth,
        gameId: dice,
        amount: 10_000,
        idempotencyKey: randomUUID(),
      });
      expect(played.code, played.msg).toBe(0);
      const rolled = await testApp.call<DiceAnswer>(houseDicePlay.path, {
        ...member.auth,
        stake: 1_000,
        target: 5_000,
        direction: 'under',
        idempotencyKey: randomUUID(),
      });
      expect(rolled.code, rolled.msg).toBe(0);
      round = rolled.data.round;
    }, 60_000);

    it('turns a game off and on again, each with a reason', async () => {
      await page.setViewportSize(viewports.desktop);
      await byTestId('desk-games').click();
      const row = byTestId(`game-${dice}`);
      await row.waitFor();
      expect(await row.getAttribute('data-enabled')).toBe('true');
      // Names in the operator's language, not the server's default.
      expect(await row.textContent()).toContain('Dice');

      await byTestId(`game-switch-${dice}`).click();
      // No reason, no change.
      await byTestId(`game-switch-${dice}-confirm`).click();
      await expect.poll(() => page.getByText('Enter a reason first.').count()).toBe(1);
      await byTestId(`game-switch-${dice}-reason`).fill('Checking the dice');
      await byTestId(`game-switch-${dice}-confirm`).click();
      await expect.poll(() => row.getAttribute('data-enabled')).toBe('false');
      expect(await byTestId('game-catalogue-result').textContent()).toContain('is off');
      expect(await byTestId(`game-state-${dice}`).textContent()).toContain('Off');
      await checkScreen(page, 'console-games-catalogue', { shown: row, narrowest: true });

      await byTestId(`game-switch-${dice}`).click();
      await byTestId(`game-switch-${dice}-reason`).fill('Checked');
      await byTestId(`game-switch-${dice}-confirm`).click();
      await expect.poll(() => row.getAttribute('data-enabled')).toBe('true');
    }, 60_000);

    it('changes the house edge with a reason, and says the bounds are one figure in every currency', async () => {
      await byTestId(`game-edit-${dice}`).click();
      const form = byTestId('game-edit');
      await form.waitFor();
      await byTestId('game-edit-houseEdge').fill('2.5');
      // The bounds are one figure in every currency, which the form says with the saved most stake.
      expect(await byTestId('game-edit-bounds-note').textContent()).toContain(
        '10,000.00 CNY, 10,000.00 USDT, 10,000.00 BTC',
      );
      await checkScreen(page, 'console-games-edit', { shown: form, narrowest: true });
      await byTestId('game-edit-save').click();
      await byTestId('game-edit-save-reason').fill('Edge review');
      await byTestId('game-edit-save-confirm').click();
      await expect.poll(() => byTestId(`game-edge-${dice}`).textContent()).toBe('2.50 %');
      expect(await byTestId('game-edit').count()).toBe(0);
    }, 60_000);

    it('finds the member’s round by its number with the seeds it was drawn from', async () => {
      await byTestId('games-tab-rounds').click();
      await byTestId('game-rounds-roundNo').fill(round.roundNo);
      await byTestId('game-rounds-search').click();
      const row = byTestId(`game-round-${round.roundNo}`);
      await row.waitFor();
      expect(await byTestId('game-rounds-table').locator('tbody tr').count()).toBe(1);
      expect(await row.getAttribute('data-status')).toBe(round.status);
      expect(await row.textContent()).toContain(round.fairness.serverSeedHash);
      expect(await byTestId('game-round-nonce').textContent()).toBe(String(round.fairness.nonce));
      await checkScreen(page, 'console-games-rounds', { shown: row, narrowest: true });

      // A member with no rounds: the search says so rather than showing an empty table.
      await byTestId('game-rounds-roundNo').fill('');
      await byTestId('game-rounds-userId').fill(String(member.userId + 1_000));
      await byTestId('game-rounds-search').click();
      await byTestId('game-rounds-none').waitFor();
    }, 60_000);

    it('shows the figures per game, and says when a window holds no round', async () => {
      await byTestId('games-tab-figures').click();
      const row = byTestId(`game-figures-${dice}-${cny.currencyId}`);
      await row.waitFor();
      expect(await byTestId(`game-figures-rounds-${dice}-${cny.currencyId}`).textContent()).toBe(
        '1',
      );
      const hold = (1_000 - round.payout) / 100;
      expect(await byTestId(`game-figures-hold-${dice}-${cny.currencyId}`).textContent()).toBe(
        `${hold.toFixed(2)} CNY`,
      );
      await checkScreen(page, 'console-games-figures', { shown: row, narrowest: true });

      await byTestId('game-figures-from').fill('2020-01-01T00:00');
      await byTestId('game-figures-to').fill('2020-01-02T00:00');
      await byTestId('game-figures-show').click();
      await byTestId('game-figures-none').waitFor();
    }, 60_000);
    it('reads in Chinese, with no English left', async () => {
      await byTestId('console-lang').selectOption('zh');
      await page.goto(`${url}/console.html#/games`);
      await expect.poll(() => byTestId(`game-${dice}`).textContent()).toContain('骰子');
      expect(await byTestId(`game-${dice}`).textContent()).toContain('开启');
      await checkScreen(page, 'console-games-catalogue-zh', { narrowest: true });
      await byTestId('games-tab-rounds').click();
      await byTestId('game-rounds-search').click();
      await byTestId(`game-round-${round.roundNo}`).waitFor();
      await checkScreen(page, 'console-games-rounds-zh', { narrowest: true });
      await page.goto(`${url}/console.html#/members/${member.userId}`);
      await byTestId('member-game-switches').waitFor();
      await checkScreen(page, 'console-games-member-switches-zh', {
        shown: byTestId('member-game-switches'),
      });
    }, 60_000);
  });
});
