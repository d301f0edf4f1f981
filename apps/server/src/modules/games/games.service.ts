import { randomBytes, randomUUID } from 'node:crypto';
import {
  type BalanceEntry,
  type DeskGameRound,
  type Game,
  type GameBalance,
  type GameOutcome,
  type GameProduct,
  type GameRound,
  type GameRoundStatus,
  gameProductAllowed,
  gameProducts,
  type Language,
} from '@sb/contract';
import {
  type Currency,
  currencies,
  defaultCurrencyCode,
  diceBetProblem,
  diceMultiplier,
  diceOutcome,
  type FairSeeds,
  findCurrencyById,
  limboOutcome,
  limboTargetProblem,
  minesLayout,
  minesMultiplier,
  minesTiles,
  type PlinkoRisk,
  type PlinkoRows,
  payoutOf,
  plinkoOutcome,
  plinkoPayTable,
  serverSeedHash,
} from '@sb/domain';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { gameBucket, type Ledger } from '../ledger/ledger.service';
import type { AuditWithin } from '../operators/audit.service';
import type { WalletMember } from '../wallet/wallet.service';
import {
  type CatalogueGame,
  catalogueGames,
  findCatalogueGame,
  findGameProvider,
  type GameProvider,
  type GameSettings,
  gameProviders,
} from './game-providers';
import type {
  GameProviderRow,
  GameQueries,
  GameRoundRow,
  GameSeedRow,
  GameSettingsRow,
  GamesRepository,
  GameTransferRow,
} from './games.repository';

/** A member's casino and lottery switches as their profile answers them. */
export interface GameSwitches {
  casinoSw: number;
  lotterySw: number;
}

export interface GamesServiceOptions {
  repository: GamesRepository;
  ledger: Ledger;
  /** What the wallet knows of a member; refuses unknown and blocked users. */
  findMember: (userId: number) => Promise<WalletMember>;
  balanceEntryOf: (member: WalletMember, currencyId: number) => Promise<BalanceEntry>;
  /** The member's balance list: the currencies they may move money in. */
  balancesOf: (member: WalletMember) => Promise<BalanceEntry[]>;
  /** Pushes the member's balances after their main balance changed; never rejects. */
  notifyBalanceChanged: (userId: number) => Promise<void>;
  /** The switches that apply to a member, or to a visitor (null): the site default. */
  gameSwitchesOf: (userId: number | null) => Promise<GameSwitches>;
  accountNames: (userIds: readonly number[]) => Promise<Map<number, string | null>>;
  now: () => Date;
}

/** How long a read of the desk's game settings serves other calls of this process. */
export const settingsReadEveryMs = 2_000;

/** Players "online" played in the last five minutes (SPEC's `/game/member/online`). */
export const onlineWindowMs = 5 * 60_000;
/** How many games recently played are listed. */
const recentLaunchCount = 12;
/**
 * An open round (mines) left alone this long is ended by the sweep: cashed out at its
 * multiplier when a safe tile was found, its stake given back otherwise (docs/games.md).
 */
export const openRoundLifetimeMs = 24 * 60 * 60_000;

/** A round's number on the wire: `G` and its id. */
export const roundNoOf = (id: number) => `G${id}`;
function roundIdOf(roundNo: string): number | undefined {
  const id = Number(roundNo.slice(1));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** What a member bets in one round of a house game, as the round keeps it. */
export type HouseBet =
  | { game: 'dice'; target: number; direction: 'under' | 'over' }
  | { game: 'limbo'; target: number }
  | { game: 'plinko'; rows: PlinkoRows; risk: PlinkoRisk }
  | { game: 'mines'; mines: number };

/** The mines outcome as stored: the layout kept from the start, shown only once it ends. */
type StoredOutcome =
  | Exclude<GameOutcome, { game: 'mines' }>
  | (Omit<Extract<GameOutcome, { game: 'mines' }>, 'layout'> & { layout: number[] });

/** Stake bounds are set in minor units of a scale-2 currency and read in the member's. */
const scaleFactorOf = (currency: Currency) => 10 ** Math.max(0, currency.scale - 2);

const providerName = (provider: GameProvider, language: Language) => provider.names[language];

/** Why a bet of a house game cannot be played; undefined when it can. */
function betProblem(bet: HouseBet): string | undefined {
  if (bet.game === 'dice') {
    const problem = diceBetProblem(bet);
    return problem && `target: ${problem}`;
  }
  if (bet.game === 'limbo') {
    const problem = limboTargetProblem(bet.target);
    return problem && `target: ${problem}`;
  }
  return undefined;
}

/** The most a bet can pay per stake, ten-thousandths (mines: the multiplier is capped instead). */
function mostMultiplierOf(bet: HouseBet, edgeBps: number): number {
  if (bet.game === 'dice') return diceMultiplier(bet, edgeBps);
  if (bet.game === 'limbo') return bet.target * 100;
  if (bet.game === 'plinko') return Math.max(...plinkoPayTable(bet.rows, bet.risk, edgeBps));
  return 0;
}

/** The draw of an instant game, or the start of a mines round. */
function drawOf(
  bet: HouseBet,
  seeds: FairSeeds,
  edgeBps: number,
): { outcome: StoredOutcome; multiplier: number; isOpen: boolean } {
  switch (bet.game) {
    case 'dice': {
      const drawn = diceOutcome(seeds, bet, edgeBps);
      return {
        outcome: { game: 'dice', target: bet.target, direction: bet.direction, roll: drawn.roll },
        multiplier: drawn.multiplier,
        isOpen: false,
      };
    }
    case 'limbo': {
      const drawn = limboOutcome(seeds, bet.target, edgeBps);
      return {
        outcome: { game: 'limbo', target: bet.target, result: drawn.result },
        multiplier: drawn.multiplier,
        isOpen: false,
      };
    }
    case 'plinko': {
      const drawn = plinkoOutcome(seeds, bet.rows, bet.risk, edgeBps);
      return {
        outcome: {
          game: 'plinko',
          rows: bet.rows,
          risk: bet.risk,
          path: drawn.path,
          slot: drawn.slot,
        },
        multiplier: drawn.multiplier,
        isOpen: false,
      };
    }
    case 'mines':
      return {
        outcome: {
          game: 'mines',
          mines: bet.mines,
          revealed: [],
          hit: null,
          layout: minesLayout(seeds, bet.mines),
          nextMultiplier: 0,
        },
        multiplier: 0,
        isOpen: true,
      };
  }
}

/** Whether a replayed round call asked for the same round as the first. */
function sameBet(
  row: GameRoundRow,
  gameId: string,
  stake: number,
  currencyId: number,
  bet: HouseBet,
) {
  if (row.gameId !== gameId || row.stake !== stake || row.currencyId !== currencyId) return false;
  const outcome = row.outcome as StoredOutcome;
  switch (bet.game) {
    case 'dice':
      return (
        outcome.game === 'dice' &&
        outcome.target === bet.target &&
        outcome.direction === bet.direction
      );
    case 'limbo':
      return outcome.game === 'limbo' && outcome.target === bet.target;
    case 'plinko':
      return outcome.game === 'plinko' && outcome.rows === bet.rows && outcome.risk === bet.risk;
    case 'mines':
      return outcome.game === 'mines' && outcome.mines === bet.mines;
  }
}

/** Whether a transfer's request, as stored (jsonb orders keys its own way), is `request`. */
function sameRequest(stored: unknown, request: Record<string, unknown>): boolean {
  const fields = stored as Record<string, unknown>;
  const keys = Object.keys(request);
  return (
    Object.keys(fields).length === keys.length && keys.every((key) => fields[key] === request[key])
  );
}

/** The outcome as the wire shows it: the mines layout only once the round has ended. */
function wireOutcome(row: GameRoundRow): GameOutcome {
  const outcome = row.outcome as StoredOutcome;
  if (outcome.game !== 'mines') return outcome;
  return { ...outcome, layout: row.status === 'open' ? null : outcome.layout };
}

export function createGamesService(options: GamesServiceOptions) {
  const { repository, ledger, now } = options;

  /**
   * The desk's changes over the providers' defaults, read at most every `settingsReadEveryMs`
   * (a round would otherwise read them twice): a change on this process applies at once, one on
   * another within that time.
   */
  let settingsRead:
    | { at: number; rows: Promise<[GameProviderRow[], GameSettingsRow[]]> }
    | undefined;
  function forgetSettings() {
    settingsRead = undefined;
  }
  async function settingsNow() {
    const at = Date.now();
    if (!settingsRead || at - settingsRead.at > settingsReadEveryMs) {
      const rows = Promise.all([repository.providerSettings(), repository.gameSettings()]);
      settingsRead = { at, rows };
      // A failed read is not kept: the next call reads again.
      rows.catch(() => {
        if (settingsRead?.rows === rows) settingsRead = undefined;
      });
    }
    const [providerRows, gameRows] = await settingsRead.rows;
    const providerOn = new Map(providerRows.map((row) => [row.provider, row.enabled]));
    const gameRowsById = new Map(gameRows.map((row) => [row.gameId, row]));
    return {
      isProviderOn: (provider: string) => providerOn.get(provider) ?? true,
      of(entry: CatalogueGame): GameSettings {
        const row = gameRowsById.get(entry.gameId);
        if (!row) return entry.game.defaults;
        const { enabled, houseEdgeBps, minStake, maxStake, maxPayout } = row;
        return { enabled, houseEdgeBps, minStake, maxStake, maxPayout };
      },
    };
  }
  type SettingsNow = Awaited<ReturnType<typeof settingsNow>>;

  function gameOf(
    entry: CatalogueGame,
    settings: GameSettings,
    currency: Currency,
    online: number,
    language: Language,
  ): Game {
    const factor = scaleFactorOf(currency);
    return {
      gameId: entry.gameId,
      provider: entry.provider.id,
      providerName: providerName(entry.provider, language),
      product: entry.game.product,
      code: entry.game.code,
      name: entry.game.names[language],
      walletMode: entry.provider.walletMode,
      houseEdgeBps: settings.houseEdgeBps,
      minStake: settings.minStake * factor,
      maxStake: settings.maxStake * factor,
      maxPayout: settings.maxPayout * factor,
      online,
    };
  }

  async function onlineByGame(): Promise<Map<string, number>> {
    const rows = await repository.onlineSince(new Date(now().getTime() - onlineWindowMs));
    return new Map(rows.map((row) => [row.gameId, row.online]));
  }

  /** A member who may play games (not a visitor) in a currency of theirs. */
  async function playerOf(userId: number, currencyId: number | undefined) {
    const member = await options.findMember(userId);
    if (member.isVisitor) throw new AppError('NOT_ALLOWED_FOR_MEMBER_TYPE');
    const currency = findCurrencyById(currencyId ?? member.currencyId);
    // Demo players play with demo money only, members with real money only.
    if (!currency || currency.isDemo !== member.isDemo)
      throw new AppError('CURRENCY_NOT_ALLOWED', String(currencyId ?? member.currencyId));
    // Another currency than the member's own is one of their balance list (held, or lent).
    if (
      currency.currencyId !== member.currencyId &&
      !(await options.balancesOf(member)).some((entry) => entry.currencyId === currency.currencyId)
    )
      throw new AppError('CURRENCY_NOT_ALLOWED', `currencyId: ${currency.currencyId}`);
    return { member, currency };
  }

  /** A game the member may play now: known, on with its provider, and open to their switches. */
  async function playableGame(gameId: string, userId: number, settings: SettingsNow) {
    const entry = findCatalogueGame(gameId);
    if (!entry) throw new AppError('GAME_NOT_FOUND', `gameId: ${gameId}`);
    if (!settings.isProviderOn(entry.provider.id) || !settings.of(entry).enabled)
      throw new AppError('GAME_OFF');
    if (!gameProductAllowed(entry.game.product, await options.gameSwitchesOf(userId)))
      throw new AppError('GAME_PRODUCT_NOT_ALLOWED');
    return entry;
  }

  /** The member's current seed pair locked in `queries`' transaction, begun when none is. */
  async function lockedSeed(queries: GameQueries, userId: number): Promise<GameSeedRow> {
    const current = await queries.currentSeed(userId, true);
    if (current) return current;
    await queries.insertSeed(newSeedOf(userId, randomBytes(8).toString('hex')));
    // Either this insert or one beside it is the current pair now.
    const begun = await queries.currentSeed(userId, true);
    if (!begun) throw new Error(`no current seed pair for member ${userId}`);
    return begun;
  }

  function newSeedOf(userId: number, clientSeed: string) {
    const serverSeed = randomBytes(32).toString('hex');
    return { userId, serverSeed, serverSeedHash: serverSeedHash(serverSeed), clientSeed };
  }

  /**
   * The round as the wire shows it, with the seeds it was drawn from (the server seed once the
   * member rotated the pair).
   */
  function roundOf(
    row: GameRoundRow,
    seed: GameSeedRow | undefined,
    language: Language,
  ): GameRound {
    const entry = findCatalogueGame(row.gameId);
    const currency = findCurrencyById(row.currencyId);
    if (!entry || !currency || !seed)
      throw new Error(`game round ${row.id} names what is gone (game, currency or seed)`);
    return {
      roundNo: roundNoOf(row.id),
      gameId: row.gameId,
      gameName: entry.game.names[language],
      provider: row.provider,
      product: entry.game.product,
      currencyId: currency.currencyId,
      currencyCode: currency.currencyCode,
      scale: currency.scale,
      stake: row.stake,
      payout: row.payout,
      multiplier: row.multiplier,
      houseEdgeBps: row.houseEdgeBps,
      status: row.status as GameRoundStatus,
      outcome: wireOutcome(row),
      fairness: {
        serverSeedHash: seed.serverSeedHash,
        serverSeed: seed.revealedAt ? seed.serverSeed : null,
        clientSeed: seed.clientSeed,
        nonce: row.nonce,
      },
      createTime: row.createdAt.getTime(),
      settleTime: row.settledAt?.getTime() ?? null,
    };
  }

  async function roundsOf(rows: readonly GameRoundRow[], language: Language) {
    const seeds = await repository.seedsByIds(rows.map((row) => row.seedId));
    return rows.map((row) => roundOf(row, seeds.get(row.seedId), language));
  }

  /**
   * Decides a round in `tx`: the stake leaves stakes_held, the payout goes to the member's game
   * balance and the rest to the house's game_rounds (a zero posting left out).
   */
  async function decide(
    queries: GameQueries,
    tx: Database,
    row: GameRoundRow,
    result: { payout: number; multiplier: number; outcome: StoredOutcome },
  ): Promise<GameRoundRow> {
    const { payout } = result;
    await ledger.transferWithin(tx, returnOf({ ...row, payout }));
    const moment = now();
    return queries.updateRound(row.id, {
      payout,
      multiplier: result.multiplier,
      status: payout > 0 ? 'won' : 'lost',
      outcome: result.outcome,
      touchedAt: moment,
      settledAt: moment,
    });
  }

  /**
   * The transaction that decides a round: its stake leaves stakes_held, its payout goes to the
   * member's game balance and the rest to the house's game_rounds (a zero posting left out).
   */
  function returnOf(
    row: Pick<GameRoundRow, 'id' | 'userId' | 'provider' | 'currencyId' | 'stake' | 'payout'>,
  ) {
    const { userId, currencyId, stake, payout } = row;
    const house = stake - payout;
    return {
      idempotencyKey: `game:return:${row.id}`,
      kind: 'game_return',
      reference: roundNoOf(row.id),
      postings: [
        { account: { systemCode: 'stakes_held' as const, currencyId }, amount: -stake },
        ...(payout > 0
          ? [{ account: { userId, bucket: gameBucket(row.provider), currencyId }, amount: payout }]
          : []),
        ...(house !== 0
          ? [{ account: { systemCode: 'game_rounds' as const, currencyId }, amount: house }]
          : []),
      ],
    };
  }

  /** Gives an open round's stake back in `tx` (a round ended with no result). */
  async function refund(queries: GameQueries, tx: Database, row: GameRoundRow) {
    const { userId, currencyId, stake } = row;
    await ledger.transferWithin(tx, {
      idempotencyKey: `game:refund:${row.id}`,
      kind: 'game_refund',
      reference: roundNoOf(row.id),
      postings: [
        { account: { systemCode: 'stakes_held', currencyId }, amount: -stake },
        { account: { userId, bucket: gameBucket(row.provider), currencyId }, amount: stake },
      ],
    });
    const moment = now();
    return queries.updateRound(row.id, {
      status: 'refunded',
      touchedAt: moment,
      settledAt: moment,
    });
  }

  /** What a mines round pays now, capped at the game's most (scaled to the round's currency). */
  function minesCashOutOf(
    row: GameRoundRow,
    outcome: Extract<StoredOutcome, { game: 'mines' }>,
    maxPayout: number,
  ) {
    const multiplier = minesMultiplier(outcome.mines, outcome.revealed.length, row.houseEdgeBps);
    return { multiplier, payout: Math.min(payoutOf(row.stake, multiplier), maxPayout) };
  }

  async function maxPayoutOf(row: GameRoundRow): Promise<number> {
    const entry = findCatalogueGame(row.gameId);
    const currency = findCurrencyById(row.currencyId);
    if (!entry || !currency) throw new Error(`game round ${row.id} names what is gone`);
    return (await settingsNow()).of(entry).maxPayout * scaleFactorOf(currency);
  }

  /** One of the member's rounds by number, locked in `queries`' transaction. */
  async function lockedRoundOf(queries: GameQueries, userId: number, roundNo: string) {
    const id = roundIdOf(roundNo);
    const row = id === undefined ? undefined : await queries.round(id, true);
    // Another member's round is answered as one that does not exist.
    if (!row || row.userId !== userId) throw new AppError('GAME_ROUND_NOT_FOUND');
    return row;
  }

  /** The round's answer: the round and the member's balance with its provider after it, read in `tx`. */
  async function roundAnswerIn(queries: GameQueries, tx: Database, row: GameRoundRow) {
    const gameBalance = await ledger.lockGameBalance(tx, row.userId, row.provider, row.currencyId);
    const seeds = await queries.seedsByIds([row.seedId]);
    return { row, seed: seeds.get(row.seedId), gameBalance };
  }

  function answerOf(
    answer: { row: GameRoundRow; seed: GameSeedRow | undefined; gameBalance: number },
    language: Language,
  ) {
    return { round: roundOf(answer.row, answer.seed, language), gameBalance: answer.gameBalance };
  }

  /**
   * A transfer between main and a provider's balance, once per member and key: the key is
   * claimed with the movement in one transaction, so a replay (or a racing call with the key)
   * finds the first one's answer and moves nothing; the same key with other data is refused.
   */
  async function transferOnce<Answer extends object>(
    userId: number,
    clientKey: string | undefined,
    kind: 'in' | 'out' | 'out_all',
    request: Record<string, unknown>,
    move: (queries: GameQueries, tx: Database, claim: GameTransferRow) => Promise<Answer>,
  ): Promise<{ answer: Answer; isReplay: boolean }> {
    const idempotencyKey = clientKey ?? `unkeyed:${randomUUID()}`;
    return repository.transaction(async (queries, tx) => {
      const claim = await queries.claimTransfer({ userId, idempotencyKey, kind, request });
      if (!claim) {
        const earlier = await queries.transferByKey(userId, idempotencyKey);
        if (!earlier?.answer || earlier.kind !== kind || !sameRequest(earlier.request, request))
          throw new AppError('IDEMPOTENCY_CONFLICT');
        return { answer: earlier.answer as Answer, isReplay: true };
      }
      const answer = await move(queries, tx, claim);
      await queries.saveTransferAnswer(claim.id, answer);
      return { answer, isReplay: false };
    });
  }

  /**
   * A round of a house game: the stake from the member's game balance to stakes_held and, for
   * an instant game, the draw and the decision, in one transaction under the member's seed
   * pair's lock; a replay of the key answers the first round.
   */
  async function playRound(
    userId: number,
    input: { stake: number; currencyId?: number | undefined },
    bet: HouseBet,
    clientKey: string | undefined,
    language: Language,
  ) {
    const gameId = `house.${bet.game}`;
    const { currency } = await playerOf(userId, input.currencyId);
    const settings = await settingsNow();
    const entry = await playableGame(gameId, userId, settings);
    const { houseEdgeBps, minStake, maxStake, maxPayout } = settings.of(entry);
    const factor = scaleFactorOf(currency);
    const { stake } = input;
    if (stake < minStake * factor || stake > maxStake * factor)
      throw new AppError(
        'GAME_STAKE_OUT_OF_RANGE',
        `stake: from ${minStake * factor} to ${maxStake * factor}`,
      );
    const problem = betProblem(bet);
    if (problem) throw new AppError('INVALID_INPUT', problem);
    if (payoutOf(stake, mostMultiplierOf(bet, houseEdgeBps)) > maxPayout * factor)
      throw new AppError(
        'GAME_PAYOUT_ABOVE_MAX',
        `stake: a round pays at most ${maxPayout * factor}`,
      );
    const idempotencyKey = clientKey ?? `unkeyed:${randomUUID()}`;
    const { currencyId } = currency;
    const provider = entry.provider.id;
    const answer = await repository.transaction(async (queries, tx) => {
      const seed = await lockedSeed(queries, userId);
      // Under the pair's lock a racing call with the key has committed, or has not begun.
      const earlier = await queries.roundByKey(userId, idempotencyKey);
      if (earlier) {
        if (!sameBet(earlier, gameId, stake, currencyId, bet))
          throw new AppError('IDEMPOTENCY_CONFLICT');
        return roundAnswerIn(queries, tx, earlier);
      }
      if (bet.game === 'mines' && (await queries.openRound(userId, gameId)))
        throw new AppError('GAME_ROUND_OPEN');
      const held = await ledger.lockGameBalance(tx, userId, provider, currencyId);
      if (held < stake) throw new AppError('GAME_BALANCE_SHORT');
      const seeds = {
        serverSeed: seed.serverSeed,
        clientSeed: seed.clientSeed,
        nonce: seed.nextNonce,
      };
      const drawn = drawOf(bet, seeds, houseEdgeBps);
      const payout = drawn.isOpen ? 0 : payoutOf(stake, drawn.multiplier);
      await queries.takeNonce(seed.id);
      const moment = now();
      // An instant round is written decided: its stake and its return are booked beside it.
      const round = await queries.insertRound({
        userId,
        gameId,
        provider,
        currencyId,
        stake,
        houseEdgeBps,
        status: drawn.isOpen ? 'open' : payout > 0 ? 'won' : 'lost',
        payout,
        multiplier: drawn.multiplier,
        outcome: drawn.outcome,
        seedId: seed.id,
        nonce: seeds.nonce,
        idempotencyKey,
        createdAt: moment,
        touchedAt: moment,
        settledAt: drawn.isOpen ? null : moment,
      });
      // Checked under the lock above, so a refusal here is a bug: it aborts the transaction.
      const once = { isRefusalFinal: true };
      await ledger.transferWithin(
        tx,
        {
          idempotencyKey: `game:stake:${round.id}`,
          kind: 'game_stake',
          reference: roundNoOf(round.id),
          postings: [
            { account: { userId, bucket: gameBucket(provider), currencyId }, amount: -stake },
            { account: { systemCode: 'stakes_held', currencyId }, amount: stake },
          ],
        },
        once,
      );
      if (!drawn.isOpen) await ledger.transferWithin(tx, returnOf(round), once);
      await queries.touchLaunch(userId, gameId, moment);
      return { row: round, seed, gameBalance: held - stake + payout };
    });
    return answerOf(answer, language);
  }

  /**
   * Turns a tile of an open mines round in `tx`: a mine ends it lost, the last safe tile (or a
   * payout reaching the game's most) cashes it out. A tile already turned answers the round as
   * it is, so a retried call changes nothing.
   */
  async function revealIn(
    queries: GameQueries,
    tx: Database,
    round: GameRoundRow,
    tile: number,
    settings: SettingsNow,
  ): Promise<GameRoundRow> {
    const outcome = round.outcome as StoredOutcome;
    if (outcome.game !== 'mines')
      throw new AppError('GAME_MOVE_NOT_ALLOWED', 'roundNo: not a mines round');
    if (outcome.revealed.includes(tile) || outcome.hit === tile) return round;
    if (round.status !== 'open') throw new AppError('GAME_ROUND_ENDED');
    const entry = findCatalogueGame(round.gameId);
    const currency = findCurrencyById(round.currencyId);
    if (!entry || !currency) throw new Error(`game round ${round.id} names what is gone`);
    if (!settings.isProviderOn(entry.provider.id) || !settings.of(entry).enabled)
      throw new AppError('GAME_OFF');
    if (outcome.layout.includes(tile))
      return decide(queries, tx, round, {
        payout: 0,
        multiplier: 0,
        outcome: { ...outcome, hit: tile, nextMultiplier: 0 },
      });
    const found = { ...outcome, revealed: [...outcome.revealed, tile] };
    const maxPayout = settings.of(entry).maxPayout * scaleFactorOf(currency);
    const cashOut = minesCashOutOf(round, found, maxPayout);
    const isBoardDone = found.revealed.length === minesTiles - outcome.mines;
    if (isBoardDone || cashOut.payout >= maxPayout)
      return decide(queries, tx, round, { ...cashOut, outcome: { ...found, nextMultiplier: 0 } });
    return queries.updateRound(round.id, {
      outcome: { ...found, nextMultiplier: cashOut.multiplier },
      touchedAt: now(),
    });
  }

  /**
   * Cashes out an open mines round in `tx` after a safe tile; one already cashed out answers as
   * it is. Allowed with the game or its provider off: it only pays out.
   */
  async function cashOutIn(
    queries: GameQueries,
    tx: Database,
    round: GameRoundRow,
    settings: SettingsNow,
  ): Promise<GameRoundRow> {
    const outcome = round.outcome as StoredOutcome;
    if (outcome.game !== 'mines')
      throw new AppError('GAME_MOVE_NOT_ALLOWED', 'roundNo: not a mines round');
    if (round.status === 'won') return round;
    if (round.status !== 'open') throw new AppError('GAME_ROUND_ENDED');
    if (outcome.revealed.length === 0)
      throw new AppError('GAME_MOVE_NOT_ALLOWED', 'roundNo: turn a safe tile before cashing out');
    const entry = findCatalogueGame(round.gameId);
    const currency = findCurrencyById(round.currencyId);
    if (!entry || !currency) throw new Error(`game round ${round.id} names what is gone`);
    const maxPayout = settings.of(entry).maxPayout * scaleFactorOf(currency);
    return decide(queries, tx, round, {
      ...minesCashOutOf(round, outcome, maxPayout),
      outcome: { ...outcome, nextMultiplier: 0 },
    });
  }

  /** Ends stale open rounds: a safe tile found cashes out, none gives the stake back. */
  async function sweepOpenRounds(): Promise<number> {
    const stale = await repository.staleOpenRounds(
      new Date(now().getTime() - openRoundLifetimeMs),
      100,
    );
    let ended = 0;
    for (const candidate of stale) {
      const maxPayout = await maxPayoutOf(candidate);
      const didEnd = await repository.transaction(async (queries, tx) => {
        const row = await queries.round(candidate.id, true);
        if (row?.status !== 'open') return false;
        const outcome = row.outcome as StoredOutcome;
        if (outcome.game === 'mines' && outcome.revealed.length > 0) {
          const { multiplier, payout } = minesCashOutOf(row, outcome, maxPayout);
          await decide(queries, tx, row, {
            payout,
            multiplier,
            outcome: { ...outcome, nextMultiplier: 0 },
          });
        } else await refund(queries, tx, row);
        return true;
      });
      if (didEnd) ended += 1;
    }
    return ended;
  }

  return {
    sweepOpenRounds,

    async list(
      userId: number | null,
      query: { product?: GameProduct | undefined; search?: string | undefined },
      language: Language,
    ) {
      const [settings, online, switches, member] = await Promise.all([
        settingsNow(),
        onlineByGame(),
        options.gameSwitchesOf(userId),
        userId === null ? undefined : options.findMember(userId),
      ]);
      const currency =
        (member && findCurrencyById(member.currencyId)) ??
        (currencies.find((entry) => entry.currencyCode === defaultCurrencyCode) as Currency);
      const shown = catalogueGames.filter(
        (entry) =>
          settings.isProviderOn(entry.provider.id) &&
          settings.of(entry).enabled &&
          gameProductAllowed(entry.game.product, switches),
      );
      const needle = query.search?.toLowerCase();
      const games = shown
        .filter((entry) => query.product === undefined || entry.game.product === query.product)
        .filter(
          (entry) =>
            !needle ||
            entry.game.code.includes(needle) ||
            Object.values(entry.game.names).some((name) => name.toLowerCase().includes(needle)),
        )
        .map((entry) =>
          gameOf(entry, settings.of(entry), currency, online.get(entry.gameId) ?? 0, language),
        );
      const products = gameProducts.flatMap((product) => {
        const count = shown.filter((entry) => entry.game.product === product).length;
        return count > 0 ? [{ product, count }] : [];
      });
      return { products, games };
    },

    async item(userId: number | null, gameId: string, language: Language): Promise<Game> {
      const [settings, online, member] = await Promise.all([
        settingsNow(),
        onlineByGame(),
        userId === null ? undefined : options.findMember(userId),
      ]);
      const entry = findCatalogueGame(gameId);
      if (!entry) throw new AppError('GAME_NOT_FOUND', `gameId: ${gameId}`);
      if (!gameProductAllowed(entry.game.product, await options.gameSwitchesOf(userId)))
        throw new AppError('GAME_PRODUCT_NOT_ALLOWED');
      if (!settings.isProviderOn(entry.provider.id) || !settings.of(entry).enabled)
        throw new AppError('GAME_OFF');
      const currency =
        (member && findCurrencyById(member.currencyId)) ??
        (currencies.find((one) => one.currencyCode === defaultCurrencyCode) as Currency);
      return gameOf(entry, settings.of(entry), currency, online.get(gameId) ?? 0, language);
    },

    /** `game/play`: the launch address, after moving `amount` into the provider's balance. */
    async play(
      userId: number,
      input: { gameId: string; amount: number; currencyId?: number | undefined },
      clientKey: string | undefined,
      language: Language,
    ) {
      const { member, currency } = await playerOf(userId, input.currencyId);
      const settings = await settingsNow();
      const entry = await playableGame(input.gameId, userId, settings);
      const provider = entry.provider.id;
      const { currencyId } = currency;
      let moved = { transferred: 0, gameBalance: 0 };
      if (input.amount > 0) {
        const { answer, isReplay } = await transferOnce(
          userId,
          clientKey,
          'in',
          { gameId: input.gameId, amount: input.amount, currencyId },
          async (queries, tx) => {
            await ledger.debitWithin(
              tx,
              {
                idempotencyKey: `game:in:${userId}:${clientKey ?? randomUUID()}`,
                kind: 'game_transfer_in',
                reference: `game:${provider}`,
                userId,
                currencyId,
                amountMinor: input.amount,
                to: { bucket: gameBucket(provider) },
              },
              { isRefusalFinal: true },
            );
            await queries.touchLaunch(userId, entry.gameId, now());
            return {
              transferred: input.amount,
              gameBalance: await ledger.lockGameBalance(tx, userId, provider, currencyId),
            };
          },
        );
        moved = answer;
        if (!isReplay) void options.notifyBalanceChanged(userId);
      } else {
        await repository.touchLaunch(userId, entry.gameId, now());
        moved.gameBalance =
          (await ledger.gameBalances(userId)).find(
            (row) => row.provider === provider && row.currencyId === currencyId,
          )?.amount ?? 0;
      }
      const online = await onlineByGame();
      return {
        game: gameOf(entry, settings.of(entry), currency, online.get(entry.gameId) ?? 0, language),
        launchUrl: entry.provider.launchUrl(entry.game.code),
        transferred: moved.transferred,
        gameBalance: moved.gameBalance,
        balance: await options.balanceEntryOf(member, currencyId),
      };
    },

    async launches(userId: number, language: Language) {
      const [rows, settings, online, member, switches] = await Promise.all([
        repository.recentLaunches(userId, recentLaunchCount),
        settingsNow(),
        onlineByGame(),
        options.findMember(userId),
        options.gameSwitchesOf(userId),
      ]);
      const currency = findCurrencyById(member.currencyId);
      if (!currency) return { records: [] };
      return {
        records: rows.flatMap((row) => {
          const entry = findCatalogueGame(row.gameId);
          if (!entry || !gameProductAllowed(entry.game.product, switches)) return [];
          const game = gameOf(
            entry,
            settings.of(entry),
            currency,
            online.get(row.gameId) ?? 0,
            language,
          );
          return [{ game, lastPlayedAt: row.lastPlayedAt.getTime() }];
        }),
      };
    },

    async online(gameId: string | undefined) {
      const since = new Date(now().getTime() - onlineWindowMs);
      const [rows, total] = await Promise.all([
        repository.onlineSince(since),
        repository.playersSince(since),
      ]);
      const games = rows
        .filter((row) => gameId === undefined || row.gameId === gameId)
        .sort((left, right) => left.gameId.localeCompare(right.gameId));
      return { total, games };
    },

    async balances(userId: number, language: Language) {
      const member = await options.findMember(userId);
      const rows = await ledger.gameBalances(userId);
      const balances: GameBalance[] = rows.flatMap((row) => {
        const provider = findGameProvider(row.provider);
        const currency = findCurrencyById(row.currencyId);
        if (!provider || !currency || row.amount <= 0) return [];
        return [
          {
            provider: row.provider,
            providerName: providerName(provider, language),
            currencyId: currency.currencyId,
            currencyCode: currency.currencyCode,
            scale: currency.scale,
            amount: row.amount,
          },
        ];
      });
      const total = balances
        .filter((balance) => balance.currencyId === member.currencyId)
        .reduce((sum, balance) => sum + balance.amount, 0);
      return { balances, total };
    },

    /** Moves `amount` (all when absent) of one provider's balance back to main. */
    async withdraw(
      userId: number,
      input: { provider: string; amount?: number | undefined; currencyId?: number | undefined },
      clientKey: string | undefined,
    ) {
      const { member, currency } = await playerOf(userId, input.currencyId);
      const provider = findGameProvider(input.provider);
      if (!provider) throw new AppError('GAME_NOT_FOUND', `provider: ${input.provider}`);
      const { currencyId } = currency;
      const { answer, isReplay } = await transferOnce(
        userId,
        clientKey,
        'out',
        { provider: provider.id, amount: input.amount ?? null, currencyId },
        async (_queries, tx) => {
          const held = await ledger.lockGameBalance(tx, userId, provider.id, currencyId);
          const amount = input.amount ?? held;
          if (amount > held) throw new AppError('GAME_BALANCE_SHORT', `amount: ${held} is held`);
          if (amount > 0)
            await ledger.transferWithin(tx, {
              idempotencyKey: `game:out:${userId}:${clientKey ?? randomUUID()}`,
              kind: 'game_transfer_out',
              reference: `game:${provider.id}`,
              postings: [
                {
                  account: { userId, bucket: gameBucket(provider.id), currencyId },
                  amount: -amount,
                },
                { account: { userId, bucket: 'main', currencyId }, amount },
              ],
            });
          return { provider: provider.id, withdrawn: amount, gameBalance: held - amount };
        },
      );
      if (!isReplay && answer.withdrawn > 0) void options.notifyBalanceChanged(userId);
      return { ...answer, balance: await options.balanceEntryOf(member, currencyId) };
    },

    /** Moves every provider balance of the currency back to main, in one ledger transaction. */
    async withdrawAll(
      userId: number,
      input: { currencyId?: number | undefined },
      clientKey: string | undefined,
    ) {
      const { member, currency } = await playerOf(userId, input.currencyId);
      const { currencyId } = currency;
      const { answer, isReplay } = await transferOnce(
        userId,
        clientKey,
        'out_all',
        { currencyId },
        async (_queries, tx) => {
          const providers = gameProviders.map((provider) => provider.id).sort();
          const withdrawn: { provider: string; amount: number }[] = [];
          for (const provider of providers) {
            const amount = await ledger.lockGameBalance(tx, userId, provider, currencyId);
            if (amount > 0) withdrawn.push({ provider, amount });
          }
          const total = withdrawn.reduce((sum, entry) => sum + entry.amount, 0);
          if (total > 0)
            await ledger.transferWithin(tx, {
              idempotencyKey: `game:out-all:${userId}:${clientKey ?? randomUUID()}`,
              kind: 'game_transfer_out',
              reference: 'game:all',
              postings: [
                ...withdrawn.map((entry) => ({
                  account: { userId, bucket: gameBucket(entry.provider), currencyId },
                  amount: -entry.amount,
                })),
                { account: { userId, bucket: 'main' as const, currencyId }, amount: total },
              ],
            });
          return { withdrawn, total };
        },
      );
      if (!isReplay && answer.total > 0) void options.notifyBalanceChanged(userId);
      return { ...answer, balance: await options.balanceEntryOf(member, currencyId) };
    },

    async rounds(
      userId: number,
      query: {
        gameId?: string | undefined;
        status?: GameRoundStatus | undefined;
        startTime?: number | undefined;
        endTime?: number | undefined;
        page: number;
        size: number;
      },
      language: Language,
    ) {
      if (
        query.startTime !== undefined &&
        query.endTime !== undefined &&
        query.endTime < query.startTime
      )
        throw new AppError('INVALID_INPUT', 'endTime: must not be before startTime');
      const { page, size, ...filter } = query;
      const { rows, total } = await repository.roundPage(
        { ...filter, userId },
        (page - 1) * size,
        size,
      );
      return { records: await roundsOf(rows, language), total, page, size };
    },

    async round(userId: number, roundNo: string, language: Language) {
      const id = roundIdOf(roundNo);
      const row = id === undefined ? undefined : await repository.round(id);
      if (!row || row.userId !== userId) throw new AppError('GAME_ROUND_NOT_FOUND');
      const [round] = await roundsOf([row], language);
      return round as GameRound;
    },

    async seed(userId: number) {
      await playerOf(userId, undefined);
      const seed = await repository.transaction((queries) => lockedSeed(queries, userId));
      return {
        serverSeedHash: seed.serverSeedHash,
        clientSeed: seed.clientSeed,
        nonce: seed.nextNonce,
      };
    },

    /** Reveals the current server seed and begins a new pair; refused while a round is open. */
    async rotateSeed(userId: number, clientSeed: string | undefined) {
      await playerOf(userId, undefined);
      return repository.transaction(async (queries) => {
        const current = await lockedSeed(queries, userId);
        if (await queries.hasOpenRound(userId)) throw new AppError('GAME_ROUND_OPEN');
        await queries.revealSeed(current.id, now());
        const next = await queries.insertSeed(
          newSeedOf(userId, clientSeed || randomBytes(8).toString('hex')),
        );
        if (!next) throw new Error(`member ${userId} began two seed pairs at once`);
        return {
          revealed: {
            serverSeed: current.serverSeed,
            serverSeedHash: current.serverSeedHash,
            clientSeed: current.clientSeed,
            rounds: current.nextNonce,
          },
          current: { serverSeedHash: next.serverSeedHash, clientSeed: next.clientSeed, nonce: 0 },
        };
      });
    },

    /** A round of a house game (`playRound`): dice, limbo, plinko, or the start of mines. */
    playHouseRound: playRound,

    /** Turns a tile of an open mines round (`revealIn`). */
    async minesReveal(
      userId: number,
      input: { roundNo: string; tile: number },
      language: Language,
    ) {
      const settings = await settingsNow();
      const answer = await repository.transaction(async (queries, tx) => {
        const round = await lockedRoundOf(queries, userId, input.roundNo);
        return roundAnswerIn(queries, tx, await revealIn(queries, tx, round, input.tile, settings));
      });
      return answerOf(answer, language);
    },

    /** Cashes out an open mines round after a safe tile; a round already cashed out answers as it is. */
    async minesCashOut(userId: number, roundNo: string, language: Language) {
      const settings = await settingsNow();
      const answer = await repository.transaction(async (queries, tx) => {
        const round = await lockedRoundOf(queries, userId, roundNo);
        return roundAnswerIn(queries, tx, await cashOutIn(queries, tx, round, settings));
      });
      return answerOf(answer, language);
    },

    // ------------------------------------------------------------ the desk

    async deskList(language: Language) {
      const [settings, online] = await Promise.all([settingsNow(), onlineByGame()]);
      const reference = currencies.find(
        (entry) => entry.currencyCode === defaultCurrencyCode,
      ) as Currency;
      return {
        providers: gameProviders.map((provider) => ({
          provider: provider.id,
          name: providerName(provider, language),
          walletMode: provider.walletMode,
          enabled: settings.isProviderOn(provider.id),
        })),
        games: catalogueGames.map((entry) =>
          deskGameOf(entry, settings, reference, online, language),
        ),
      };
    },

    async deskSetGame(
      input: {
        gameId: string;
        enabled?: boolean | undefined;
        houseEdgeBps?: number | undefined;
        minStake?: number | undefined;
        maxStake?: number | undefined;
        maxPayout?: number | undefined;
      },
      audit: AuditWithin,
      language: Language,
    ) {
      const entry = findCatalogueGame(input.gameId);
      if (!entry) throw new AppError('GAME_NOT_FOUND', `gameId: ${input.gameId}`);
      await repository.transaction(async (queries, tx) => {
        const row = await queries.lockGameSettings(entry.gameId);
        const before: GameSettings = row
          ? {
              enabled: row.enabled,
              houseEdgeBps: row.houseEdgeBps,
              minStake: row.minStake,
              maxStake: row.maxStake,
              maxPayout: row.maxPayout,
            }
          : entry.game.defaults;
        const after: GameSettings = {
          enabled: input.enabled ?? before.enabled,
          houseEdgeBps: input.houseEdgeBps ?? before.houseEdgeBps,
          minStake: input.minStake ?? before.minStake,
          maxStake: input.maxStake ?? before.maxStake,
          maxPayout: input.maxPayout ?? before.maxPayout,
        };
        if (after.maxStake < after.minStake)
          throw new AppError(
            'INVALID_INPUT',
            input.maxStake === undefined
              ? `minStake: must not be above the most stake ${after.maxStake}`
              : `maxStake: must not be below the least stake ${after.minStake}`,
          );
        await queries.saveGameSettings({ gameId: entry.gameId, ...after }, now());
        await audit(tx, { before, after });
      });
      forgetSettings();
      const [settings, online] = await Promise.all([settingsNow(), onlineByGame()]);
      const reference = currencies.find(
        (one) => one.currencyCode === defaultCurrencyCode,
      ) as Currency;
      return deskGameOf(entry, settings, reference, online, language);
    },

    async deskSetProvider(input: { provider: string; enabled: boolean }, audit: AuditWithin) {
      const provider = findGameProvider(input.provider);
      if (!provider) throw new AppError('GAME_NOT_FOUND', `provider: ${input.provider}`);
      await repository.transaction(async (queries, tx) => {
        const rows = await queries.providerSettings();
        const before = rows.find((row) => row.provider === provider.id)?.enabled ?? true;
        await queries.saveProviderSetting(provider.id, input.enabled, now());
        await audit(tx, { before: { enabled: before }, after: { enabled: input.enabled } });
      });
      forgetSettings();
      return { provider: provider.id, enabled: input.enabled };
    },

    async deskRounds(
      query: {
        userId?: number | undefined;
        gameId?: string | undefined;
        roundNo?: string | undefined;
        status?: GameRoundStatus | undefined;
        startTime?: number | undefined;
        endTime?: number | undefined;
        page: number;
        size: number;
      },
      language: Language,
    ): Promise<{ records: DeskGameRound[]; total: number }> {
      const { page, size, roundNo, ...filter } = query;
      const roundId = roundNo === undefined ? undefined : roundIdOf(roundNo);
      if (roundNo !== undefined && roundId === undefined) return { records: [], total: 0 };
      const { rows, total } = await repository.roundPage(
        { ...filter, roundId },
        (page - 1) * size,
        size,
      );
      const [rounds, names] = await Promise.all([
        roundsOf(rows, language),
        options.accountNames(rows.map((row) => row.userId)),
      ]);
      return {
        records: rounds.map((round, at) => {
          const userId = (rows[at] as GameRoundRow).userId;
          return { ...round, userId, userName: names.get(userId) ?? '' };
        }),
        total,
      };
    },

    async deskFigures(
      query: { startTime?: number | undefined; endTime?: number | undefined },
      language: Language,
    ) {
      const rows = await repository.figures({
        start: query.startTime === undefined ? undefined : new Date(query.startTime),
        end: query.endTime === undefined ? undefined : new Date(query.endTime),
      });
      return {
        records: rows.flatMap((row) => {
          const entry = findCatalogueGame(row.gameId);
          const currency = findCurrencyById(row.currencyId);
          if (!entry || !currency) return [];
          const hold = row.wagered - row.paid;
          return [
            {
              gameId: row.gameId,
              gameName: entry.game.names[language],
              currencyId: currency.currencyId,
              currencyCode: currency.currencyCode,
              scale: currency.scale,
              rounds: row.rounds,
              wagered: row.wagered,
              paid: row.paid,
              hold,
              holdBps: row.wagered > 0 ? Math.round((hold * 10_000) / row.wagered) : 0,
            },
          ];
        }),
      };
    },
  };

  function deskGameOf(
    entry: CatalogueGame,
    settings: SettingsNow,
    reference: Currency,
    online: Map<string, number>,
    language: Language,
  ) {
    const own = settings.of(entry);
    return {
      ...gameOf(entry, own, reference, online.get(entry.gameId) ?? 0, language),
      enabled: own.enabled,
      providerEnabled: settings.isProviderOn(entry.provider.id),
    };
  }
}

export type GamesService = ReturnType<typeof createGamesService>;
