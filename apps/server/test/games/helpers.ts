import { randomUUID } from 'node:crypto';
import type { GameRound, Session } from '@sb/contract';
import { eq, sql } from 'drizzle-orm';
import { gameRounds } from '../../src/db/schema';
import { type Answer, authOf, registerMember } from '../identity/helpers';
import { fund } from '../loans/helpers';
import type { TestApp } from '../test-app';

export const cny = 1;

/** A member with `amount` minor units of CNY in their main balance. */
export async function fundedMember(testApp: TestApp, amount: number): Promise<Session> {
  const { session } = await registerMember(testApp);
  if (amount > 0) await fund(testApp, session.memberId, amount, `fund:${randomUUID()}`);
  return session;
}

/** A member's call with their auth and, when given, an idempotency key. */
export function memberCall<T>(
  testApp: TestApp,
  session: Session,
  path: string,
  fields: Record<string, unknown> = {},
): Promise<Answer<T>> {
  return testApp.call<T>(path, { ...authOf(session), ...fields });
}

export interface RoundAnswer {
  round: GameRound;
  gameBalance: number;
}

/** A member with `inGame` minor units moved into the house's balance (and `inMain` left in main). */
export async function playerWithGameMoney(testApp: TestApp, inGame: number, inMain = 0) {
  const session = await fundedMember(testApp, inGame + inMain);
  const answer = await memberCall<{ gameBalance: number }>(testApp, session, '/game/play', {
    gameId: 'house.dice',
    amount: inGame,
    idempotencyKey: randomUUID(),
  });
  if (answer.code !== 0) throw new Error(`moving money in failed: ${answer.msg}`);
  return session;
}

/** Where the mines of an open round lie, as the server holds them (the wire hides it). */
export async function minesLayoutOf(testApp: TestApp, roundNo: string): Promise<number[]> {
  const [row] = await testApp.database.db
    .select({ outcome: gameRounds.outcome })
    .from(gameRounds)
    .where(eq(gameRounds.id, Number(roundNo.slice(1))));
  if (!row) throw new Error(`no round ${roundNo}`);
  return (row.outcome as { layout: number[] }).layout;
}

/** Makes a round look left alone since `hoursAgo` hours, for the sweep. */
export async function ageRound(testApp: TestApp, roundNo: string, hoursAgo: number) {
  await testApp.database.db
    .update(gameRounds)
    .set({ touchedAt: sql`now() - make_interval(hours => ${hoursAgo})` })
    .where(eq(gameRounds.id, Number(roundNo.slice(1))));
}
