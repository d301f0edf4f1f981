import { randomUUID } from 'node:crypto';
import {
  errorCatalogue,
  gameBalanceList,
  gameBalanceWithdraw,
  gameBalanceWithdrawAll,
  gameItem,
  gameLaunchList,
  gameList,
  gameMemberOnline,
  gamePlay,
  houseDicePlay,
  memberCreateTryPlay,
  type Session,
  visitorCreate,
} from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { expectContractOutput, expectOk, expectRefused } from '../identity/helpers';
import { balanceOf } from '../loans/helpers';
import { createTestApp, type TestApp } from '../test-app';
import { fundedMember, memberCall, playerWithGameMoney } from './helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const code = (name: keyof typeof errorCatalogue) => errorCatalogue[name].code;

describe('the catalogue', () => {
  it("lists the house's originals to a visitor and a member, each in the caller's language", async () => {
    const listed = expectContractOutput(gameList, expectOk(await testApp.call(gameList.path)));
    expect(listed.products).toEqual([{ product: 'originals', count: 4 }]);
    expect(listed.games.map((game) => game.gameId)).toEqual([
      'house.dice',
      'house.limbo',
      'house.plinko',
      'house.mines',
    ]);
    expect(listed.games[0]).toMatchObject({
      provider: 'house',
      walletMode: 'transfer',
      houseEdgeBps: 100,
      minStake: 100,
      maxStake: 1_000_000,
      maxPayout: 100_000_000,
    });
    const zh = expectOk(
      await testApp.call<{ games: { name: string }[] }>(gameList.path, { lang: 'zh' }),
    );
    expect(zh.games[0]?.name).toBe('骰子');
  });

  it('filters by product and a search of names in any language', async () => {
    const found = expectOk(
      await testApp.call<{ games: { gameId: string }[] }>(gameList.path, { search: 'MIN' }),
    );
    expect(found.games.map((game) => game.gameId)).toEqual(['house.mines']);
    const chinese = expectOk(
      await testApp.call<{ games: { gameId: string }[] }>(gameList.path, { search: '骰' }),
    );
    expect(chinese.games.map((game) => game.gameId)).toEqual(['house.dice']);
    const none = expectOk(
      await testApp.call<{ games: unknown[] }>(gameList.path, { product: 'slot' }),
    );
    expect(none.games).toEqual([]);
  });

  it('answers one game by id, and refuses one that does not exist naming it', async () => {
    const game = expectOk(await testApp.call(gameItem.path, { gameId: 'house.limbo', lang: 'en' }));
    expect(expectContractOutput(gameItem, game)).toMatchObject({ code: 'limbo', name: 'Limbo' });
    const missing = await testApp.call(gameItem.path, { gameId: 'house.poker' });
    expectRefused(missing, code('GAME_NOT_FOUND'));
    expect(missing.msg).toContain('gameId');
    expectRefused(await testApp.call(gameItem.path, { gameId: 'no dot' }), code('INVALID_INPUT'));
  });
});

describe('demo players and visitors', () => {
  it('lets a demo player play with demo money only', async () => {
    const created = await testApp.call<Session>(memberCreateTryPlay.path);
    const demo = expectOk(created);
    const moved = expectOk(
      await memberCall<{ transferred: number; balance: { currencyCode: string } }>(
        testApp,
        demo,
        gamePlay.path,
        { gameId: 'house.dice', amount: 5_000, idempotencyKey: randomUUID() },
      ),
    );
    expect(moved).toMatchObject({ transferred: 5_000, balance: { currencyCode: 'DEMO' } });
    const played = expectOk(
      await memberCall<{ round: { currencyCode: string; stake: number } }>(
        testApp,
        demo,
        houseDicePlay.path,
        { stake: 500, target: 5000, direction: 'over' },
      ),
    );
    expect(played.round).toMatchObject({ currencyCode: 'DEMO', stake: 500 });
    expectRefused(
      await memberCall(testApp, demo, gamePlay.path, {
        gameId: 'house.dice',
        amount: 100,
        currencyId: 1,
      }),
      code('CURRENCY_NOT_ALLOWED'),
    );
  });

  it('shows a visitor the lobby but not a game to play', async () => {
    const visitor = expectOk(await testApp.call<Session>(visitorCreate.path));
    expect(
      expectOk(await memberCall<{ games: unknown[] }>(testApp, visitor, gameList.path)).games,
    ).toHaveLength(4);
    expectRefused(
      await memberCall(testApp, visitor, gamePlay.path, { gameId: 'house.dice', amount: 100 }),
      code('LOGIN_REQUIRED'),
    );
  });
});

describe('the game wallet', () => {
  it('moves money in exactly with game/play and answers the launch address', async () => {
    const member = await fundedMember(testApp, 10_000);
    const key = randomUUID();
    const answer = expectContractOutput(
      gamePlay,
      expectOk(
        await memberCall(testApp, member, gamePlay.path, {
          gameId: 'house.dice',
          amount: '3000',
          idempotencyKey: key,
        }),
      ),
    );
    expect(answer).toMatchObject({
      launchUrl: '/#/games/play/house.dice',
      transferred: 3_000,
      gameBalance: 3_000,
      balance: { amount: 7_000, gameAmount: 3_000 },
    });
    // A replay answers the first answer and moves nothing; the key with other data is refused.
    const replay = expectOk(
      await memberCall<{ transferred: number }>(testApp, member, gamePlay.path, {
        gameId: 'house.dice',
        amount: 3_000,
        idempotencyKey: key,
      }),
    );
    expect(replay.transferred).toBe(3_000);
    expectRefused(
      await memberCall(testApp, member, gamePlay.path, {
        gameId: 'house.dice',
        amount: 2_000,
        idempotencyKey: key,
      }),
      code('IDEMPOTENCY_CONFLICT'),
    );
    expect(await balanceOf(testApp, member)).toMatchObject({ amount: 7_000, gameAmount: 3_000 });
    // Nothing to move: the launch address alone.
    const launch = expectOk(
      await memberCall<{ transferred: number; gameBalance: number }>(
        testApp,
        member,
        gamePlay.path,
        { gameId: 'house.mines', amount: '' },
      ),
    );
    expect(launch).toMatchObject({ transferred: 0, gameBalance: 3_000 });
    const balances = expectContractOutput(
      gameBalanceList,
      expectOk(await memberCall(testApp, member, gameBalanceList.path, { lang: 'en' })),
    );
    expect(balances).toEqual({
      balances: [
        {
          provider: 'house',
          providerName: 'House originals',
          currencyId: 1,
          currencyCode: 'CNY',
          scale: 2,
          amount: 3_000,
        },
      ],
      total: 3_000,
    });
    const recent = expectContractOutput(
      gameLaunchList,
      expectOk(await memberCall(testApp, member, gameLaunchList.path)),
    );
    expect(recent.records.map((record) => record.game.gameId)).toEqual([
      'house.mines',
      'house.dice',
    ]);
    const online = expectContractOutput(
      gameMemberOnline,
      expectOk(await testApp.call(gameMemberOnline.path, { gameId: 'house.dice' })),
    );
    expect(online.total).toBeGreaterThanOrEqual(1);
    expect(online.games).toEqual([{ gameId: 'house.dice', online: expect.any(Number) }]);
  });

  it('refuses more than the main balance holds, and an unknown game, changing nothing', async () => {
    const member = await fundedMember(testApp, 1_000);
    expectRefused(
      await memberCall(testApp, member, gamePlay.path, {
        gameId: 'house.dice',
        amount: 1_001,
        idempotencyKey: randomUUID(),
      }),
      code('INSUFFICIENT_FUNDS'),
    );
    expectRefused(
      await memberCall(testApp, member, gamePlay.path, { gameId: 'other.dice', amount: 100 }),
      code('GAME_NOT_FOUND'),
    );
    const negative = await memberCall(testApp, member, gamePlay.path, {
      gameId: 'house.dice',
      amount: -5,
    });
    expectRefused(negative, code('INVALID_INPUT'));
    expect(negative.msg).toContain('amount');
    // A currency the member holds nothing in is not theirs to move.
    for (const [path, fields] of [
      [gamePlay.path, { gameId: 'house.dice', amount: 100 }],
      [gameBalanceWithdraw.path, { provider: 'house' }],
      [gameBalanceWithdrawAll.path, {}],
    ] as const)
      expectRefused(
        await memberCall(testApp, member, path, {
          ...fields,
          currencyId: 12,
          idempotencyKey: randomUUID(),
        }),
        code('CURRENCY_NOT_ALLOWED'),
      );
    expect(await balanceOf(testApp, member)).toMatchObject({ amount: 1_000, gameAmount: 0 });
  });

  it('moves part or all of one provider balance back, exactly', async () => {
    const member = await playerWithGameMoney(testApp, 5_000, 1_000);
    const part = expectContractOutput(
      gameBalanceWithdraw,
      expectOk(
        await memberCall(testApp, member, gameBalanceWithdraw.path, {
          provider: 'house',
          amount: 1_500,
          idempotencyKey: randomUUID(),
        }),
      ),
    );
    expect(part).toMatchObject({
      provider: 'house',
      withdrawn: 1_500,
      gameBalance: 3_500,
      balance: { amount: 2_500, gameAmount: 3_500 },
    });
    const tooMuch = await memberCall(testApp, member, gameBalanceWithdraw.path, {
      provider: 'house',
      amount: 3_501,
    });
    expectRefused(tooMuch, code('GAME_BALANCE_SHORT'));
    expect(tooMuch.msg).toContain('amount');
    expectRefused(
      await memberCall(testApp, member, gameBalanceWithdraw.path, { provider: 'elsewhere' }),
      code('GAME_NOT_FOUND'),
    );
    const rest = expectOk(
      await memberCall<{ withdrawn: number; gameBalance: number }>(
        testApp,
        member,
        gameBalanceWithdraw.path,
        { provider: 'house', amount: '' },
      ),
    );
    expect(rest).toMatchObject({ withdrawn: 3_500, gameBalance: 0 });
    expect(await balanceOf(testApp, member)).toMatchObject({ amount: 6_000, gameAmount: 0 });
  });

  it('moves every balance back with one-click/withdraw, once per key', async () => {
    const member = await playerWithGameMoney(testApp, 4_200);
    const key = randomUUID();
    const first = expectContractOutput(
      gameBalanceWithdrawAll,
      expectOk(
        await memberCall(testApp, member, gameBalanceWithdrawAll.path, { idempotencyKey: key }),
      ),
    );
    expect(first).toMatchObject({
      withdrawn: [{ provider: 'house', amount: 4_200 }],
      total: 4_200,
      balance: { amount: 4_200, gameAmount: 0 },
    });
    // Money moved in again is not taken by a replay of the first key.
    expectOk(
      await memberCall(testApp, member, gamePlay.path, {
        gameId: 'house.dice',
        amount: 1_000,
        idempotencyKey: randomUUID(),
      }),
    );
    const replay = expectOk(
      await memberCall<{ total: number }>(testApp, member, gameBalanceWithdrawAll.path, {
        idempotencyKey: key,
      }),
    );
    expect(replay.total).toBe(4_200);
    expect(await balanceOf(testApp, member)).toMatchObject({ amount: 3_200, gameAmount: 1_000 });
    const empty = expectOk(
      await memberCall<{ total: number }>(testApp, member, gameBalanceWithdrawAll.path, {
        idempotencyKey: randomUUID(),
      }),
    );
    expect(empty.total).toBe(1_000);
    const nothing = expectOk(
      await memberCall<{ total: number; withdrawn: unknown[] }>(
        testApp,
        member,
        gameBalanceWithdrawAll.path,
      ),
    );
    expect(nothing).toMatchObject({ total: 0, withdrawn: [] });
  });

  it('moves once under racing calls with one key, and never below zero under racing keys', async () => {
    const member = await fundedMember(testApp, 5_000);
    const key = randomUUID();
    const sameKey = await Promise.all(
      Array.from({ length: 6 }, () =>
        memberCall<{ transferred: number }>(testApp, member, gamePlay.path, {
          gameId: 'house.dice',
          amount: 1_000,
          idempotencyKey: key,
        }),
      ),
    );
    expect(sameKey.map((answer) => answer.code)).toEqual(Array(6).fill(0));
    expect(await balanceOf(testApp, member)).toMatchObject({ amount: 4_000, gameAmount: 1_000 });
    const racing = await Promise.all(
      Array.from({ length: 6 }, () =>
        memberCall(testApp, member, gamePlay.path, {
          gameId: 'house.dice',
          amount: 1_000,
          idempotencyKey: randomUUID(),
        }),
      ),
    );
    expect(racing.filter((answer) => answer.code === 0)).toHaveLength(4);
    expect(racing.filter((answer) => answer.code === code('INSUFFICIENT_FUNDS'))).toHaveLength(2);
    const out = await Promise.all(
      Array.from({ length: 4 }, () =>
        memberCall<{ total: number }>(testApp, member, gameBalanceWithdrawAll.path, {
          idempotencyKey: randomUUID(),
        }),
      ),
    );
    expect(out.reduce((sum, answer) => sum + (answer.data?.total ?? 0), 0)).toBe(5_000);
    expect(await balanceOf(testApp, member)).toMatchObject({ amount: 5_000, gameAmount: 0 });
    expect((await checkLedger(testApp.database.db)).ok).toBe(true);
  });
});
