import { randomUUID } from 'node:crypto';
import {
  errorCatalogue,
  gameOrderDetail,
  gameOrderList,
  houseDicePlay,
  houseLimboPlay,
  houseMinesCashOut,
  houseMinesReveal,
  houseMinesStart,
  housePlinkoPlay,
  houseSeed,
  houseSeedRotate,
} from '@sb/contract';
import {
  diceOutcome,
  limboOutcome,
  minesLayout,
  minesMultiplier,
  payoutOf,
  plinkoOutcome,
  serverSeedHash,
} from '@sb/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { expectContractOutput, expectOk, expectRefused } from '../identity/helpers';
import { balanceOf } from '../loans/helpers';
import { createTestApp, type TestApp } from '../test-app';
import {
  ageRound,
  memberCall,
  minesLayoutOf,
  playerWithGameMoney,
  type RoundAnswer,
} from './helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const code = (name: keyof typeof errorCatalogue) => errorCatalogue[name].code;

describe('instant rounds of the house', () => {
  it('plays dice: the stake out of the game balance, the payout back, and the roll drawn again from the revealed seed', async () => {
    const member = await playerWithGameMoney(testApp, 10_000);
    const seed = expectContractOutput(
      houseSeed,
      expectOk(await memberCall(testApp, member, houseSeed.path)),
    );
    expect(seed.nonce).toBe(0);
    const rounds: RoundAnswer[] = [];
    for (let at = 0; at < 5; at += 1)
      rounds.push(
        expectContractOutput(
          houseDicePlay,
          expectOk(
            await memberCall(testApp, member, houseDicePlay.path, {
              stake: '500',
              target: 5000,
              direction: 'under',
              idempotencyKey: randomUUID(),
            }),
          ),
        ),
      );
    let expected = 10_000;
    for (const [nonce, { round, gameBalance }] of rounds.entries()) {
      expected += round.payout - 500;
      expect(gameBalance).toBe(expected);
      expect(round).toMatchObject({
        gameId: 'house.dice',
        stake: 500,
        houseEdgeBps: 100,
        status: round.payout > 0 ? 'won' : 'lost',
        fairness: { serverSeedHash: seed.serverSeedHash, serverSeed: null, nonce },
      });
      expect(round.payout).toBe(round.status === 'won' ? 990 : 0);
    }
    const rotated = expectContractOutput(
      houseSeedRotate,
      expectOk(await memberCall(testApp, member, houseSeedRotate.path, { clientSeed: 'my-seed' })),
    );
    expect(rotated.revealed).toMatchObject({ serverSeedHash: seed.serverSeedHash, rounds: 5 });
    expect(serverSeedHash(rotated.revealed.serverSeed)).toBe(seed.serverSeedHash);
    expect(rotated.current).toMatchObject({ clientSeed: 'my-seed', nonce: 0 });
    expect(rotated.current.serverSeedHash).not.toBe(seed.serverSeedHash);
    for (const { round } of rounds) {
      const detail = expectContractOutput(
        gameOrderDetail,
        expectOk(
          await memberCall(testApp, member, gameOrderDetail.path, { roundNo: round.roundNo }),
        ),
      );
      expect(detail.fairness.serverSeed).toBe(rotated.revealed.serverSeed);
      const drawn = diceOutcome(
        {
          serverSeed: rotated.revealed.serverSeed,
          clientSeed: detail.fairness.clientSeed,
          nonce: detail.fairness.nonce,
        },
        { target: 5000, direction: 'under' },
        detail.houseEdgeBps,
      );
      expect(detail.outcome).toEqual({
        game: 'dice',
        target: 5000,
        direction: 'under',
        roll: drawn.roll,
      });
      expect(detail.payout).toBe(payoutOf(500, drawn.multiplier));
    }
    expect(await balanceOf(testApp, member)).toMatchObject({ gameAmount: expected });
    const listed = expectContractOutput(
      gameOrderList,
      expectOk(await memberCall(testApp, member, gameOrderList.path, { size: 2 })),
    );
    expect(listed).toMatchObject({ total: 5, page: 1, size: 2 });
    expect(listed.records.map((round) => round.roundNo)).toEqual(
      rounds
        .slice(3)
        .reverse()
        .map(({ round }) => round.roundNo),
    );
  });

  it('plays limbo and plinko, each drawn again from the revealed seed', async () => {
    const member = await playerWithGameMoney(testApp, 10_000);
    const limbo = expectOk(
      await memberCall<RoundAnswer>(testApp, member, houseLimboPlay.path, {
        stake: 200,
        target: 250,
        idempotencyKey: randomUUID(),
      }),
    );
    const plinko = expectOk(
      await memberCall<RoundAnswer>(testApp, member, housePlinkoPlay.path, {
        stake: 300,
        rows: '12',
        risk: 'high',
        idempotencyKey: randomUUID(),
      }),
    );
    const { revealed } = expectOk(
      await memberCall<{ revealed: { serverSeed: string; clientSeed: string } }>(
        testApp,
        member,
        houseSeedRotate.path,
      ),
    );
    const seeds = (nonce: number) => ({ ...revealed, nonce });
    const limboDrawn = limboOutcome(seeds(0), 250, 100);
    expect(limbo.round.outcome).toEqual({ game: 'limbo', target: 250, result: limboDrawn.result });
    expect(limbo.round.payout).toBe(payoutOf(200, limboDrawn.multiplier));
    const plinkoDrawn = plinkoOutcome(seeds(1), 12, 'high', 100);
    expect(plinko.round.outcome).toEqual({
      game: 'plinko',
      rows: 12,
      risk: 'high',
      path: plinkoDrawn.path,
      slot: plinkoDrawn.slot,
    });
    expect(plinko.round.payout).toBe(payoutOf(300, plinkoDrawn.multiplier));
    expect(plinko.round.multiplier).toBe(plinkoDrawn.multiplier);
  });

  it('answers a replayed key with the first round and refuses the key with another bet', async () => {
    const member = await playerWithGameMoney(testApp, 5_000);
    const key = randomUUID();
    const fields = { stake: 1_000, target: 4_000, direction: 'over', idempotencyKey: key };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        memberCall<RoundAnswer>(testApp, member, houseDicePlay.path, fields),
      ),
    );
    const numbers = new Set(answers.map((answer) => expectOk(answer).round.roundNo));
    expect(numbers.size).toBe(1);
    expectRefused(
      await memberCall(testApp, member, houseDicePlay.path, { ...fields, target: 4_001 }),
      code('IDEMPOTENCY_CONFLICT'),
    );
    const listed = expectOk(
      await memberCall<{ total: number }>(testApp, member, gameOrderList.path),
    );
    expect(listed.total).toBe(1);
  });

  it('never takes the game balance below zero under racing rounds', async () => {
    const member = await playerWithGameMoney(testApp, 3_000);
    // Limbo at 1 000× nearly always loses: each round costs its stake.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        memberCall<RoundAnswer>(testApp, member, houseLimboPlay.path, {
          stake: 1_000,
          target: 100_000,
          idempotencyKey: randomUUID(),
        }),
      ),
    );
    const played = answers.filter((answer) => answer.code === 0);
    const short = answers.filter((answer) => answer.code === code('GAME_BALANCE_SHORT'));
    expect(played.length + short.length).toBe(8);
    const won = played.reduce((sum, answer) => sum + answer.data.round.payout, 0);
    expect(played.length).toBeGreaterThanOrEqual(3);
    const { gameAmount } = await balanceOf(testApp, member);
    expect(gameAmount).toBe(3_000 - played.length * 1_000 + won);
    expect(gameAmount).toBeGreaterThanOrEqual(0);
    expect((await checkLedger(testApp.database.db)).ok).toBe(true);
  });

  it('refuses bad bets naming the field, changing nothing', async () => {
    const member = await playerWithGameMoney(testApp, 2_000);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ stake: 99, target: 5000, direction: 'under' }, code('GAME_STAKE_OUT_OF_RANGE'), 'stake'],
      [{ stake: 2_001, target: 5000, direction: 'under' }, code('GAME_BALANCE_SHORT'), ''],
      [
        { stake: 1_000_001, target: 5000, direction: 'under' },
        code('GAME_STAKE_OUT_OF_RANGE'),
        'stake',
      ],
      [{ stake: 100, target: 50, direction: 'under' }, code('INVALID_INPUT'), 'target'],
      [{ stake: 100, target: 9950, direction: 'under' }, code('INVALID_INPUT'), 'target'],
      [{ stake: 100, target: 10_000, direction: 'under' }, code('INVALID_INPUT'), 'target'],
      [{ stake: 100, target: 5000, direction: 'sideways' }, code('INVALID_INPUT'), 'direction'],
      [{ stake: '150.5', target: 5000, direction: 'under' }, code('INVALID_INPUT'), 'stake'],
    ];
    for (const [fields, expectedCode, field] of cases) {
      const answer = await memberCall(testApp, member, houseDicePlay.path, fields);
      expect(answer, JSON.stringify(fields)).toMatchObject({ code: expectedCode });
      expectRefused(answer, expectedCode);
      expect(answer.msg).toContain(field);
    }
    expectRefused(
      await memberCall(testApp, member, housePlinkoPlay.path, {
        stake: 100,
        rows: 10,
        risk: 'low',
      }),
      code('INVALID_INPUT'),
    );
    // 1 000 000× on a stake of 200 could pay 200 000 000, above the most a round pays.
    const above = await memberCall(testApp, member, houseLimboPlay.path, {
      stake: 200,
      target: 100_000_000,
    });
    expectRefused(above, code('GAME_PAYOUT_ABOVE_MAX'));
    expect(await balanceOf(testApp, member)).toMatchObject({ gameAmount: 2_000 });
    expect(
      expectOk(await memberCall<{ total: number }>(testApp, member, gameOrderList.path)).total,
    ).toBe(0);
  });
});

describe('mines', () => {
  it('turns safe tiles, cashes out at the multiplier, and shows the layout once it ends', async () => {
    const member = await playerWithGameMoney(testApp, 5_000);
    const started = expectContractOutput(
      houseMinesStart,
      expectOk(
        await memberCall(testApp, member, houseMinesStart.path, {
          stake: 1_000,
          mines: 3,
          idempotencyKey: randomUUID(),
        }),
      ),
    );
    expect(started.gameBalance).toBe(4_000);
    expect(started.round).toMatchObject({
      status: 'open',
      outcome: { game: 'mines', mines: 3, revealed: [], hit: null, layout: null },
    });
    const { roundNo } = started.round;
    expectRefused(
      await memberCall(testApp, member, houseMinesStart.path, { stake: 100, mines: 3 }),
      code('GAME_ROUND_OPEN'),
    );
    expectRefused(await memberCall(testApp, member, houseSeedRotate.path), code('GAME_ROUND_OPEN'));
    expectRefused(
      await memberCall(testApp, member, houseMinesCashOut.path, { roundNo }),
      code('GAME_MOVE_NOT_ALLOWED'),
    );
    const layout = await minesLayoutOf(testApp, roundNo);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter(
      (tile) => !layout.includes(tile),
    );
    const first = expectOk(
      await memberCall<RoundAnswer>(testApp, member, houseMinesReveal.path, {
        roundNo,
        tile: safe[0],
      }),
    );
    expect(first.round.outcome).toMatchObject({
      revealed: [safe[0]],
      layout: null,
      nextMultiplier: minesMultiplier(3, 1, 100),
    });
    // The same tile again changes nothing.
    const again = expectOk(
      await memberCall<RoundAnswer>(testApp, member, houseMinesReveal.path, {
        roundNo,
        tile: safe[0],
      }),
    );
    expect(again.round.outcome).toEqual(first.round.outcome);
    expectOk(await memberCall(testApp, member, houseMinesReveal.path, { roundNo, tile: safe[1] }));
    const cashed = expectOk(
      await memberCall<RoundAnswer>(testApp, member, houseMinesCashOut.path, { roundNo }),
    );
    const multiplier = minesMultiplier(3, 2, 100);
    expect(cashed.round).toMatchObject({
      status: 'won',
      multiplier,
      payout: payoutOf(1_000, multiplier),
      outcome: { layout, nextMultiplier: 0 },
    });
    expect(cashed.gameBalance).toBe(4_000 + payoutOf(1_000, multiplier));
    // A retried cash out answers the round; a move on it is refused.
    expect(
      expectOk(await memberCall<RoundAnswer>(testApp, member, houseMinesCashOut.path, { roundNo }))
        .round.payout,
    ).toBe(cashed.round.payout);
    expectRefused(
      await memberCall(testApp, member, houseMinesReveal.path, { roundNo, tile: safe[2] }),
      code('GAME_ROUND_ENDED'),
    );
    // The layout is the draw of the revealed seed.
    const { revealed } = expectOk(
      await memberCall<{ revealed: { serverSeed: string; clientSeed: string } }>(
        testApp,
        member,
        houseSeedRotate.path,
      ),
    );
    expect(minesLayout({ ...revealed, nonce: cashed.round.fairness.nonce }, 3)).toEqual(layout);
  });

  it('ends a round lost on a mine', async () => {
    const member = await playerWithGameMoney(testApp, 1_000);
    const { round } = expectOk(
      await memberCall<RoundAnswer>(testApp, member, houseMinesStart.path, {
        stake: 1_000,
        mines: 24,
      }),
    );
    const layout = await minesLayoutOf(testApp, round.roundNo);
    const mine = layout[0] as number;
    const lost = expectOk(
      await memberCall<RoundAnswer>(testApp, member, houseMinesReveal.path, {
        roundNo: round.roundNo,
        tile: mine,
      }),
    );
    expect(lost).toMatchObject({
      gameBalance: 0,
      round: { status: 'lost', payout: 0, outcome: { hit: mine, layout } },
    });
  });

  it("answers another member's round as one that does not exist", async () => {
    const owner = await playerWithGameMoney(testApp, 1_000);
    const other = await playerWithGameMoney(testApp, 1_000);
    const { round } = expectOk(
      await memberCall<RoundAnswer>(testApp, owner, houseMinesStart.path, { stake: 500, mines: 1 }),
    );
    for (const [path, fields] of [
      [houseMinesReveal.path, { roundNo: round.roundNo, tile: 0 }],
      [houseMinesCashOut.path, { roundNo: round.roundNo }],
      [gameOrderDetail.path, { roundNo: round.roundNo }],
    ] as const)
      expectRefused(await memberCall(testApp, other, path, fields), code('GAME_ROUND_NOT_FOUND'));
    expectRefused(
      await memberCall(testApp, owner, gameOrderDetail.path, { roundNo: 'G99999999999' }),
      code('GAME_ROUND_NOT_FOUND'),
    );
  });

  it('sweeps rounds left alone a day: cashed out after a safe tile, the stake given back before', async () => {
    const member = await playerWithGameMoney(testApp, 2_000);
    const { round: untouched } = expectOk(
      await memberCall<RoundAnswer>(testApp, member, houseMinesStart.path, {
        stake: 700,
        mines: 5,
      }),
    );
    await ageRound(testApp, untouched.roundNo, 25);
    expect(await testApp.modules.games.sweepOpenRounds()).toBe(1);
    const refunded = expectOk(
      await memberCall<RoundAnswer['round']>(testApp, member, gameOrderDetail.path, {
        roundNo: untouched.roundNo,
      }),
    );
    expect(refunded).toMatchObject({ status: 'refunded', payout: 0 });
    expect(await balanceOf(testApp, member)).toMatchObject({ gameAmount: 2_000 });
    const { round } = expectOk(
      await memberCall<RoundAnswer>(testApp, member, houseMinesStart.path, {
        stake: 1_000,
        mines: 5,
      }),
    );
    const layout = await minesLayoutOf(testApp, round.roundNo);
    const tile = [...Array(25).keys()].find((one) => !layout.includes(one));
    expectOk(
      await memberCall(testApp, member, houseMinesReveal.path, { roundNo: round.roundNo, tile }),
    );
    // A round touched within the day is left alone.
    expect(await testApp.modules.games.sweepOpenRounds()).toBe(0);
    await ageRound(testApp, round.roundNo, 30);
    expect(await testApp.modules.games.sweepOpenRounds()).toBe(1);
    const cashed = expectOk(
      await memberCall<RoundAnswer['round']>(testApp, member, gameOrderDetail.path, {
        roundNo: round.roundNo,
      }),
    );
    expect(cashed).toMatchObject({
      status: 'won',
      payout: payoutOf(1_000, minesMultiplier(5, 1, 100)),
    });
    expect((await checkLedger(testApp.database.db)).ok).toBe(true);
  });
});
