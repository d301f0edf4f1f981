import { randomUUID } from 'node:crypto';
import {
  deskGameFigures,
  deskGameList,
  deskGameProviderSet,
  deskGameRoundList,
  deskGameSet,
  deskMemberGameSwitches,
  errorCatalogue,
  gameBalanceWithdrawAll,
  gameItem,
  gameList,
  gamePlay,
  houseDicePlay,
  houseLimboPlay,
  houseMinesCashOut,
  houseMinesReveal,
  houseMinesStart,
  housePlinkoPlay,
} from '@sb/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../../src/modules/ledger/ledger.service';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { operatorAuditLog } from '../../src/modules/operators/operators.schema';
import { expectContractOutput, expectOk, expectRefused } from '../identity/helpers';
import { balanceOf } from '../loans/helpers';
import { adminCall, operatorToken } from '../operators/helpers';
import { createTestApp, type TestApp } from '../test-app';
import { memberCall, minesLayoutOf, playerWithGameMoney, type RoundAnswer } from './helpers';

let testApp: TestApp;
let trader: string;
let finance: string;
let support: string;
beforeAll(async () => {
  testApp = await createTestApp();
  const at = Date.now();
  trader = await operatorToken(testApp, ['trader'], at);
  finance = await operatorToken(testApp, ['finance'], at);
  support = await operatorToken(testApp, ['support'], at);
});
afterAll(() => testApp.close());

const code = (name: keyof typeof errorCatalogue) => errorCatalogue[name].code;

async function lastAudit(action: string) {
  const [row] = await testApp.database.db
    .select()
    .from(operatorAuditLog)
    .where(eq(operatorAuditLog.action, action))
    .orderBy(desc(operatorAuditLog.id))
    .limit(1);
  return row;
}

describe('the games desk', () => {
  it('turns a game off and on with a reason, audited, and members cannot start it meanwhile', async () => {
    const member = await playerWithGameMoney(testApp, 2_000);
    const off = expectContractOutput(
      deskGameSet,
      expectOk(
        await adminCall(testApp, deskGameSet.path, {
          bearer: trader,
          fields: { gameId: 'house.limbo', enabled: 'false', reason: 'maintenance' },
        }),
      ),
    );
    expect(off).toMatchObject({ gameId: 'house.limbo', enabled: false, providerEnabled: true });
    expect(await lastAudit('game.set')).toMatchObject({
      targetType: 'game',
      targetId: 'house.limbo',
      reason: 'maintenance',
      before: { enabled: true, houseEdgeBps: 100 },
      after: { enabled: false, houseEdgeBps: 100 },
    });
    const listed = expectOk(await testApp.call<{ games: { gameId: string }[] }>(gameList.path));
    expect(listed.games.map((game) => game.gameId)).not.toContain('house.limbo');
    expectRefused(await testApp.call(gameItem.path, { gameId: 'house.limbo' }), code('GAME_OFF'));
    expectRefused(
      await memberCall(testApp, member, houseLimboPlay.path, { stake: 100, target: 200 }),
      code('GAME_OFF'),
    );
    expectRefused(
      await memberCall(testApp, member, gamePlay.path, { gameId: 'house.limbo', amount: 100 }),
      code('GAME_OFF'),
    );
    expectOk(
      await adminCall(testApp, deskGameSet.path, {
        bearer: trader,
        fields: { gameId: 'house.limbo', enabled: true, reason: 'back' },
      }),
    );
    expectOk(await memberCall(testApp, member, houseLimboPlay.path, { stake: 100, target: 200 }));
  });

  it('plays new rounds at a changed house edge and stake bounds; played rounds keep theirs', async () => {
    const member = await playerWithGameMoney(testApp, 5_000);
    const before = expectOk(
      await memberCall<RoundAnswer>(testApp, member, houseDicePlay.path, {
        stake: 100,
        target: 5000,
        direction: 'under',
      }),
    );
    expectOk(
      await adminCall(testApp, deskGameSet.path, {
        bearer: trader,
        fields: { gameId: 'house.dice', houseEdgeBps: 250, minStake: 200, reason: 'new terms' },
      }),
    );
    const after = expectOk(
      await memberCall<RoundAnswer>(testApp, member, houseDicePlay.path, {
        stake: 200,
        target: 5000,
        direction: 'under',
      }),
    );
    expect(before.round.houseEdgeBps).toBe(100);
    expect(after.round.houseEdgeBps).toBe(250);
    if (after.round.status === 'won') expect(after.round.multiplier).toBe(19_500);
    const low = await memberCall(testApp, member, houseDicePlay.path, {
      stake: 100,
      target: 5000,
      direction: 'under',
    });
    expectRefused(low, code('GAME_STAKE_OUT_OF_RANGE'));
    expect(low.msg).toContain('stake: from 200 to 1000000');
    const crossed = await adminCall(testApp, deskGameSet.path, {
      bearer: trader,
      fields: { gameId: 'house.dice', maxStake: 150, reason: 'x' },
    });
    expectRefused(crossed, code('INVALID_INPUT'));
    expect(crossed.msg).toContain('maxStake');
    expectOk(
      await adminCall(testApp, deskGameSet.path, {
        bearer: trader,
        fields: { gameId: 'house.dice', houseEdgeBps: 100, minStake: 100, reason: 'as before' },
      }),
    );
    const tooHigh = await adminCall(testApp, deskGameSet.path, {
      bearer: trader,
      fields: { gameId: 'house.dice', houseEdgeBps: 2_001, reason: 'x' },
    });
    expectRefused(tooHigh, code('INVALID_INPUT'));
    expect(tooHigh.msg).toContain('houseEdgeBps');
    expectRefused(
      await adminCall(testApp, deskGameSet.path, {
        bearer: trader,
        fields: { gameId: 'house.poker', enabled: true, reason: 'x' },
      }),
      code('GAME_NOT_FOUND'),
    );
  });

  it('turns a provider off: nothing starts, money still comes out, an open round still cashes out', async () => {
    const member = await playerWithGameMoney(testApp, 3_000);
    const { round } = expectOk(
      await memberCall<RoundAnswer>(testApp, member, houseMinesStart.path, {
        stake: 1_000,
        mines: 2,
      }),
    );
    const layout = await minesLayoutOf(testApp, round.roundNo);
    const tile = [...Array(25).keys()].find((one) => !layout.includes(one));
    expectOk(
      await memberCall(testApp, member, houseMinesReveal.path, { roundNo: round.roundNo, tile }),
    );
    expect(
      expectContractOutput(
        deskGameProviderSet,
        expectOk(
          await adminCall(testApp, deskGameProviderSet.path, {
            bearer: trader,
            fields: { provider: 'house', enabled: false, reason: 'incident' },
          }),
        ),
      ),
    ).toEqual({ provider: 'house', enabled: false });
    expect(await lastAudit('game_provider.set')).toMatchObject({
      targetId: 'house',
      before: { enabled: true },
      after: { enabled: false },
      reason: 'incident',
    });
    try {
      const desk = expectContractOutput(
        deskGameList,
        expectOk(await adminCall(testApp, deskGameList.path, { bearer: support })),
      );
      expect(desk.providers).toEqual([
        expect.objectContaining({ provider: 'house', enabled: false }),
      ]);
      expect(desk.games.every((game) => !game.providerEnabled)).toBe(true);
      expect(expectOk(await testApp.call<{ games: unknown[] }>(gameList.path)).games).toEqual([]);
      expectRefused(
        await memberCall(testApp, member, housePlinkoPlay.path, {
          stake: 100,
          rows: 8,
          risk: 'low',
        }),
        code('GAME_OFF'),
      );
      const others = [...Array(25).keys()].filter((one) => !layout.includes(one) && one !== tile);
      expectRefused(
        await memberCall(testApp, member, houseMinesReveal.path, {
          roundNo: round.roundNo,
          tile: others[0],
        }),
        code('GAME_OFF'),
      );
      expect(
        expectOk(
          await memberCall<RoundAnswer>(testApp, member, houseMinesCashOut.path, {
            roundNo: round.roundNo,
          }),
        ).round.status,
      ).toBe('won');
      expectOk(
        await memberCall(testApp, member, gameBalanceWithdrawAll.path, {
          idempotencyKey: randomUUID(),
        }),
      );
      expect(await balanceOf(testApp, member)).toMatchObject({ gameAmount: 0 });
    } finally {
      expectOk(
        await adminCall(testApp, deskGameProviderSet.path, {
          bearer: trader,
          fields: { provider: 'house', enabled: true, reason: 'resolved' },
        }),
      );
    }
  });

  it('shows and opens a product only to members whose switches allow it', async () => {
    const member = await playerWithGameMoney(testApp, 1_000);
    expectOk(
      await adminCall(testApp, deskMemberGameSwitches.path, {
        bearer: support,
        fields: { userId: member.memberId, casinoSw: 2 | 8, lotterySw: '', reason: 'tables only' },
      }),
    );
    const detail = expectOk(
      await adminCall<{ gameSwitches: unknown }>(testApp, '/admin/api/member/detail', {
        bearer: support,
        fields: { userId: member.memberId },
      }),
    );
    expect(detail.gameSwitches).toEqual({
      own: { casinoSw: 10, lotterySw: null },
      effective: { casinoSw: 10, lotterySw: 2 },
    });
    const listed = expectOk(
      await memberCall<{ products: unknown[]; games: unknown[] }>(testApp, member, gameList.path),
    );
    expect(listed).toEqual({ products: [], games: [] });
    expectRefused(
      await memberCall(testApp, member, gameItem.path, { gameId: 'house.dice' }),
      code('GAME_PRODUCT_NOT_ALLOWED'),
    );
    expectRefused(
      await memberCall(testApp, member, houseDicePlay.path, {
        stake: 100,
        target: 5000,
        direction: 'under',
      }),
      code('GAME_PRODUCT_NOT_ALLOWED'),
    );
    // Money already in comes out whatever the switches say.
    expectOk(
      await memberCall(testApp, member, gameBalanceWithdrawAll.path, {
        idempotencyKey: randomUUID(),
      }),
    );
    expectOk(
      await adminCall(testApp, deskMemberGameSwitches.path, {
        bearer: support,
        fields: { userId: member.memberId, casinoSw: 4, reason: 'originals back' },
      }),
    );
    expect(
      expectOk(await memberCall<{ games: unknown[] }>(testApp, member, gameList.path)).games,
    ).toHaveLength(4);
  });

  it('refuses the desk to roles its calls do not name', async () => {
    const refused = errorCatalogue.OPERATOR_NOT_PERMITTED.code;
    expectRefused(
      await adminCall(testApp, deskGameSet.path, {
        bearer: finance,
        fields: { gameId: 'house.dice', enabled: true, reason: 'x' },
      }),
      refused,
    );
    expectRefused(await adminCall(testApp, deskGameRoundList.path, { bearer: finance }), refused);
    expectRefused(await adminCall(testApp, deskGameFigures.path, { bearer: support }), refused);
  });

  it('finds rounds by member, game and number, and sums wagered, paid and hold per game', async () => {
    const member = await playerWithGameMoney(testApp, 20_000);
    const start = Date.now() - 1_000;
    const played: RoundAnswer[] = [];
    for (let at = 0; at < 6; at += 1)
      played.push(
        expectOk(
          await memberCall<RoundAnswer>(testApp, member, housePlinkoPlay.path, {
            stake: 1_000,
            rows: 16,
            risk: 'low',
          }),
        ),
      );
    const found = expectContractOutput(
      deskGameRoundList,
      expectOk(
        await adminCall(testApp, deskGameRoundList.path, {
          bearer: support,
          fields: { userId: member.memberId, gameId: 'house.plinko', size: 4 },
        }),
      ),
    );
    expect(found.total).toBe(6);
    expect(found.records).toHaveLength(4);
    expect(found.records[0]).toMatchObject({
      userId: member.memberId,
      userName: expect.any(String),
      roundNo: played[5]?.round.roundNo,
    });
    const one = expectOk(
      await adminCall<{ records: { roundNo: string }[]; total: number }>(
        testApp,
        deskGameRoundList.path,
        { bearer: trader, fields: { roundNo: played[2]?.round.roundNo } },
      ),
    );
    expect(one.records.map((round) => round.roundNo)).toEqual([played[2]?.round.roundNo]);
    const figures = expectContractOutput(
      deskGameFigures,
      expectOk(
        await adminCall(testApp, deskGameFigures.path, {
          bearer: finance,
          fields: { startTime: start },
        }),
      ),
    );
    const plinko = figures.records.find(
      (record) => record.gameId === 'house.plinko' && record.currencyId === 1,
    );
    const paid = played.reduce((sum, answer) => sum + answer.round.payout, 0);
    expect(plinko).toMatchObject({
      gameName: expect.any(String),
      currencyCode: 'CNY',
      rounds: 6,
      wagered: 6_000,
      paid,
      hold: 6_000 - paid,
      holdBps: Math.round(((6_000 - paid) * 10_000) / 6_000),
    });
    // The wagering record counts the rounds as the casino's, with no other change.
    const wagering = await createLedger(testApp.database.db).wagering({ userId: member.memberId });
    const casino = wagering.find((entry) => entry.product === 'casino');
    expect(casino).toMatchObject({ staked: 6_000, returned: paid, net: paid - 6_000 });
    expect((await checkLedger(testApp.database.db)).ok).toBe(true);
  });
});
