import { randomUUID } from 'node:crypto';
import {
  gameBalanceWithdraw,
  gameBalanceWithdrawAll,
  gamePlay,
  houseDicePlay,
  houseLimboPlay,
  houseMinesCashOut,
  houseMinesReveal,
  houseMinesStart,
  housePlinkoPlay,
  houseSeedRotate,
  type Session,
} from '@sb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { balanceOf } from '../loans/helpers';
import { createTestApp, type TestApp } from '../test-app';
import { ageRound, fundedMember, memberCall, minesLayoutOf, type RoundAnswer } from './helpers';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** A small deterministic stream of choices, so the day is the same on every run. */
function choices(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await testApp.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('a day of mixed play', () => {
  it('leaves the ledger whole, the game balances and the house side adding up to the rounds', async () => {
    const pick = choices(20261207);
    const members: Session[] = [];
    for (let at = 0; at < 4; at += 1) members.push(await fundedMember(testApp, 200_000));
    for (const member of members)
      await memberCall(testApp, member, gamePlay.path, {
        gameId: 'house.dice',
        amount: 50_000 + pick(50_000),
        idempotencyKey: randomUUID(),
      });
    const playOne = async (member: Session) => {
      const stake = 100 + pick(2_000);
      switch (pick(6)) {
        case 0:
          return memberCall(testApp, member, houseDicePlay.path, {
            stake,
            target: 500 + pick(9_000),
            direction: pick(2) ? 'over' : 'under',
          });
        case 1:
          return memberCall(testApp, member, houseLimboPlay.path, {
            stake,
            target: 101 + pick(2_000),
          });
        case 2:
          return memberCall(testApp, member, housePlinkoPlay.path, {
            stake,
            rows: [8, 12, 16][pick(3)],
            risk: ['low', 'medium', 'high'][pick(3)],
          });
        case 3: {
          const started = await memberCall<RoundAnswer>(testApp, member, houseMinesStart.path, {
            stake,
            mines: 1 + pick(10),
          });
          if (started.code !== 0) return started;
          const { roundNo } = started.data.round;
          const layout = await minesLayoutOf(testApp, roundNo);
          const turns = pick(4);
          for (let turn = 0; turn < turns; turn += 1) {
            const tile = pick(25);
            const moved = await memberCall<RoundAnswer>(testApp, member, houseMinesReveal.path, {
              roundNo,
              tile,
            });
            if (moved.data?.round.status !== 'open') return moved;
          }
          // Some are cashed out, some left open for the sweep.
          if (pick(3) > 0 && layout.length < 25)
            return memberCall(testApp, member, houseMinesCashOut.path, { roundNo });
          await ageRound(testApp, roundNo, 25);
          return started;
        }
        case 4:
          return memberCall(testApp, member, gameBalanceWithdraw.path, {
            provider: 'house',
            amount: 1 + pick(5_000),
            idempotencyKey: randomUUID(),
          });
        default:
          return memberCall(testApp, member, gamePlay.path, {
            gameId: 'house.plinko',
            amount: 1 + pick(5_000),
            idempotencyKey: randomUUID(),
          });
      }
    };
    // Members play side by side, each their own calls one after another.
    await Promise.all(
      members.map(async (member) => {
        for (let call = 0; call < 40; call += 1) await playOne(member);
      }),
    );
    await testApp.modules.games.sweepOpenRounds();
    for (const member of members) await memberCall(testApp, member, houseSeedRotate.path);

    const [rounds] = await rows<{ open: string; decided_hold: string; held: string }>(sql`
      select count(*) filter (where status = 'open') as open,
             coalesce(sum(stake - payout) filter (where status in ('won', 'lost')), 0) as decided_hold,
             coalesce(sum(stake) filter (where status = 'open'), 0) as held
        from game_rounds where currency_id = 1`);
    expect(Number(rounds?.open)).toBe(0);
    const [house] = await rows<{ balance: string }>(sql`
      select coalesce(sum(balance), 0) as balance from ledger_accounts
       where system_code = 'game_rounds' and currency_id = 1`);
    // The house's side of the games is what the decided rounds kept, to the minor unit.
    expect(Number(house?.balance)).toBe(Number(rounds?.decided_hold));
    for (const member of members) {
      const before = await balanceOf(testApp, member);
      const out = await memberCall<{ total: number }>(
        testApp,
        member,
        gameBalanceWithdrawAll.path,
        { idempotencyKey: randomUUID() },
      );
      expect(out.data.total).toBe(before.gameAmount);
      expect(await balanceOf(testApp, member)).toMatchObject({
        amount: before.amount + before.gameAmount,
        gameAmount: 0,
      });
    }
    const check = await checkLedger(testApp.database.db);
    expect(check, JSON.stringify(check)).toMatchObject({ ok: true });
    // Every member's money is where it started, less what the house kept.
    const total = (await Promise.all(members.map((member) => balanceOf(testApp, member)))).reduce(
      (sum, entry) => sum + entry.amount,
      0,
    );
    expect(total + Number(house?.balance)).toBe(4 * 200_000);
  });
});
