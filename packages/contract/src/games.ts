import { z } from 'zod';
import { defineCall } from './call';
import { boundedInt, currencyIdField, epochMsField, textField } from './common';
import { idField, pageField, reasonField, sizeField } from './desk-fields';
import { balanceEntrySchema } from './wallet';

/**
 * Casino-style games (SPEC §1 live casino-style games, §6 `casinoSw` and `lotterySw`, §7 the
 * game paths). Games come from providers behind one interface; with a transfer wallet the member
 * moves money from the main balance into a provider's game balance when a game starts
 * (`game/play`) and back (`/game/balance/withdraw`, `/game/balance/one-click/withdraw`). The
 * built-in provider `house` runs provably fair games. SPEC gives no fields for these calls;
 * docs/games.md records the design.
 *
 * `gameCalls` joins `allCalls` (registry.ts) with the server module that binds them: until then
 * no suite, document or client offers them.
 */

const tag = 'games';

/**
 * The products of the games side, each behind a switch bit (SPEC §6): the four casino products on
 * `casinoSw` bits 2, 4, 8 and 16, the lottery on `lotterySw` bit 2.
 */
export const gameProducts = ['tables', 'originals', 'crash', 'slot', 'lottery'] as const;
export type GameProduct = (typeof gameProducts)[number];

/** Which switch and bit turns each product on. */
export const gameProductSwitch: Record<
  GameProduct,
  { switch: 'casinoSw' | 'lotterySw'; bit: number }
> = {
  tables: { switch: 'casinoSw', bit: 2 },
  originals: { switch: 'casinoSw', bit: 4 },
  crash: { switch: 'casinoSw', bit: 8 },
  slot: { switch: 'casinoSw', bit: 16 },
  lottery: { switch: 'lotterySw', bit: 2 },
};

/** Every bit the switches know: a value with other bits is refused. */
export const casinoSwBits = 2 | 4 | 8 | 16;
export const lotterySwBits = 2;

/** Whether a member's switches let them see and play a product. */
export function gameProductAllowed(
  product: GameProduct,
  switches: { casinoSw: number; lotterySw: number },
): boolean {
  const { switch: name, bit } = gameProductSwitch[product];
  return (switches[name] & bit) !== 0;
}

/** How a provider's wallet works: money moved into it (transfer), or it calls us per bet (seamless). */
export const gameWalletModes = ['transfer', 'seamless'] as const;
export type GameWalletMode = (typeof gameWalletModes)[number];

/** A provider's id, as its ledger bucket `game:<provider>` names it. */
export const gameProviderField = () =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be a provider id');

/** A game's id: `<provider>.<game>`, e.g. `house.dice`. */
export const gameIdField = () =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{1,64}$/, 'must be a game id');

/** A round's number: `G` and digits, the same on every retry of the call that made it. */
export const gameRoundNoField = () =>
  z
    .string()
    .trim()
    .regex(/^G[0-9]{1,30}$/, 'must be a round number');

/** A game of the catalogue, in the caller's language. */
export const gameSchema = z.object({
  gameId: z.string(),
  provider: z.string(),
  providerName: z.string(),
  product: z.enum(gameProducts),
  /** The game's code within its provider (`dice`). */
  code: z.string(),
  name: z.string(),
  walletMode: z.enum(gameWalletModes),
  /** The house edge in basis points (100 = 1 %): what the game keeps of a stake in the long run. */
  houseEdgeBps: z.number().int(),
  /** Least and most stake of one round, in minor units of the member's currency. */
  minStake: z.number().int(),
  maxStake: z.number().int(),
  /** The most one round pays, in minor units: a bet that could pay more is refused. */
  maxPayout: z.number().int(),
  /** Players who played it in the last five minutes. */
  online: z.number().int(),
});
export type Game = z.infer<typeof gameSchema>;

export const gameList = defineCall({
  path: '/game/list',
  methods: ['GET', 'POST'],
  auth: 'public',
  tag,
  summary:
    "The games catalogue: the products the caller's switches allow (a visitor's: the site default), filtered by product and a search of names.",
  input: z.object({
    product: z.enum(gameProducts).optional(),
    search: textField(64).optional(),
  }),
  output: z.object({
    /** The products shown, with how many games each holds; only products with games. */
    products: z.array(z.object({ product: z.enum(gameProducts), count: z.number().int() })),
    games: z.array(gameSchema),
  }),
});

export const gameItem = defineCall({
  path: '/game/item',
  methods: ['GET', 'POST'],
  auth: 'public',
  tag,
  summary: 'One game of the catalogue by its id.',
  input: z.object({ gameId: gameIdField() }),
  output: gameSchema,
});

export const gamePlay = defineCall({
  path: '/game/play',
  auth: 'member',
  tag,
  summary:
    "Start a game: move `amount` (none when 0) from the main balance into the game's provider balance and answer the launch address. Money-moving: send an idempotency key.",
  input: z.object({
    gameId: gameIdField(),
    /** Minor units moved into the provider's balance first; 0 to move nothing. */
    amount: boundedInt(0, Number.MAX_SAFE_INTEGER).default(0),
    currencyId: currencyIdField().optional(),
  }),
  output: z.object({
    game: gameSchema,
    /** Where the game runs: a page of this site for the built-in provider. */
    launchUrl: z.string(),
    /** Minor units moved in by this call (0 when none). */
    transferred: z.number().int(),
    /** The provider balance after it, minor units. */
    gameBalance: z.number().int(),
    balance: balanceEntrySchema,
  }),
});

export const gameLaunchList = defineCall({
  path: '/game/launch/list',
  methods: ['GET', 'POST'],
  auth: 'member',
  tag,
  summary: 'The games the member played last, the most recent first (at most 12).',
  input: z.object({}),
  output: z.object({
    records: z.array(z.object({ game: gameSchema, lastPlayedAt: z.number().int() })),
  }),
});

export const gameMemberOnline = defineCall({
  path: '/game/member/online',
  methods: ['GET', 'POST'],
  auth: 'public',
  tag,
  summary: 'Players online: members who played in the last five minutes, in all and per game.',
  input: z.object({ gameId: gameIdField().optional() }),
  output: z.object({
    total: z.number().int(),
    games: z.array(z.object({ gameId: z.string(), online: z.number().int() })),
  }),
});

/** One provider balance of the member. */
export const gameBalanceSchema = z.object({
  provider: z.string(),
  providerName: z.string(),
  currencyId: z.number().int(),
  currencyCode: z.string(),
  scale: z.number().int(),
  /** Minor units in the provider's wallet. */
  amount: z.number().int(),
});
export type GameBalance = z.infer<typeof gameBalanceSchema>;

export const gameBalanceList = defineCall({
  path: '/game/balance',
  methods: ['GET', 'POST'],
  auth: 'member',
  tag,
  summary:
    "The member's game balances, one per provider and currency holding money, and their sum.",
  input: z.object({}),
  output: z.object({
    balances: z.array(gameBalanceSchema),
    /** Sum over providers in the member's current currency, minor units. */
    total: z.number().int(),
  }),
});

export const gameBalanceWithdraw = defineCall({
  path: '/game/balance/withdraw',
  auth: 'member',
  tag,
  summary:
    "Move money from one provider's balance back to the main balance: `amount`, or all of it when absent or empty. Money-moving: send an idempotency key.",
  input: z.object({
    provider: gameProviderField(),
    amount: boundedInt(1, Number.MAX_SAFE_INTEGER).optional(),
    currencyId: currencyIdField().optional(),
  }),
  output: z.object({
    provider: z.string(),
    /** Minor units moved back (0 when the balance was empty). */
    withdrawn: z.number().int(),
    gameBalance: z.number().int(),
    balance: balanceEntrySchema,
  }),
});

export const gameBalanceWithdrawAll = defineCall({
  path: '/game/balance/one-click/withdraw',
  auth: 'member',
  tag,
  summary:
    'Move every game balance of the current currency back to the main balance. Idempotent per idempotency key: a replay answers the first answer and moves nothing.',
  input: z.object({ currencyId: currencyIdField().optional() }),
  output: z.object({
    withdrawn: z.array(z.object({ provider: z.string(), amount: z.number().int() })),
    /** Minor units moved back over every provider. */
    total: z.number().int(),
    balance: balanceEntrySchema,
  }),
});

/** Where a round stands. `open`: staked, not decided (a mines round being played). */
export const gameRoundStatuses = ['open', 'won', 'lost', 'refunded'] as const;
export type GameRoundStatus = (typeof gameRoundStatuses)[number];

export const diceDirections = ['under', 'over'] as const;
export const plinkoRiskLevels = ['low', 'medium', 'high'] as const;
export const plinkoRowCounts = [8, 12, 16] as const;

/** What a round of each game was and drew (hundredths for dice and limbo, tiles 0–24 for mines). */
export const gameOutcomeSchema = z.discriminatedUnion('game', [
  z.object({
    game: z.literal('dice'),
    target: z.number().int(),
    direction: z.enum(diceDirections),
    /** The roll in hundredths (0–9999); null only on a refunded round. */
    roll: z.number().int().nullable(),
  }),
  z.object({
    game: z.literal('limbo'),
    target: z.number().int(),
    result: z.number().int().nullable(),
  }),
  z.object({
    game: z.literal('plinko'),
    rows: z.number().int(),
    risk: z.enum(plinkoRiskLevels),
    path: z.array(z.number().int()),
    slot: z.number().int().nullable(),
  }),
  z.object({
    game: z.literal('mines'),
    mines: z.number().int(),
    /** Safe tiles found, in the order found. */
    revealed: z.array(z.number().int()),
    /** The tile that hit a mine, if one did. */
    hit: z.number().int().nullable(),
    /** Where the mines lay: shown once the round ends, null while it is open. */
    layout: z.array(z.number().int()).nullable(),
    /** What a cash out now would pay per stake, ten-thousandths; 0 when none is possible. */
    nextMultiplier: z.number().int(),
  }),
]);
export type GameOutcome = z.infer<typeof gameOutcomeSchema>;

/** The seeds a round was drawn from: the server seed once revealed, its hash always. */
export const gameFairnessSchema = z.object({
  serverSeedHash: z.string(),
  /** Null until the player rotates the seed pair the round was drawn under. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});

export const gameRoundSchema = z.object({
  roundNo: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  provider: z.string(),
  product: z.enum(gameProducts),
  currencyId: z.number().int(),
  currencyCode: z.string(),
  scale: z.number().int(),
  /** Minor units staked and paid. */
  stake: z.number().int(),
  payout: z.number().int(),
  /** What the round paid per stake, ten-thousandths (0 when lost). */
  multiplier: z.number().int(),
  /** The house edge the round was played at, basis points. */
  houseEdgeBps: z.number().int(),
  status: z.enum(gameRoundStatuses),
  outcome: gameOutcomeSchema,
  fairness: gameFairnessSchema,
  createTime: z.number().int(),
  settleTime: z.number().int().nullable(),
});
export type GameRound = z.infer<typeof gameRoundSchema>;

export const gameOrderList = defineCall({
  path: '/game/order',
  methods: ['GET', 'POST'],
  auth: 'member',
  tag,
  summary: "The member's game rounds, newest first, a page at a time.",
  input: z.object({
    gameId: gameIdField().optional(),
    status: z.enum(gameRoundStatuses).optional(),
    startTime: epochMsField().optional(),
    endTime: epochMsField().optional(),
    page: boundedInt(1, 10_000).default(1),
    size: boundedInt(1, 100).default(20),
  }),
  output: z.object({
    records: z.array(gameRoundSchema),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  }),
});

export const gameOrderDetail = defineCall({
  path: '/game/order/detail',
  methods: ['GET', 'POST'],
  auth: 'member',
  tag,
  summary: "One of the member's rounds with the seeds it was drawn from.",
  input: z.object({ roundNo: gameRoundNoField() }),
  output: gameRoundSchema,
});

// ---------------------------------------------------------------- the built-in provider

/** The seed pair a member plays the house's games under: the hash shown, the seed kept. */
export const houseSeedSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce of the next round. */
  nonce: z.number().int(),
});

/** A client seed: 1 to 64 printable characters but the colon and spaces. */
export const clientSeedField = () =>
  z
    .string()
    .trim()
    .regex(
      /^[\x21-\x39\x3b-\x7e]{1,64}$/,
      'must be 1 to 64 printable characters, no colon or space',
    );

export const houseSeed = defineCall({
  path: '/game/house/seed',
  methods: ['GET', 'POST'],
  auth: 'member',
  tag,
  summary:
    "The member's current seed pair of the house's games: the server seed's hash, the client seed and the next nonce.",
  input: z.object({}),
  output: houseSeedSchema,
});

export const houseSeedRotate = defineCall({
  path: '/game/house/seed/rotate',
  auth: 'member',
  tag,
  summary:
    'Reveal the current server seed and start a new pair with a fresh server seed and the client seed given (a random one when empty). Refused while a round is open.',
  input: z.object({ clientSeed: clientSeedField().optional() }),
  output: z.object({
    revealed: z.object({
      serverSeed: z.string(),
      serverSeedHash: z.string(),
      clientSeed: z.string(),
      /** Rounds played under it: nonces 0 to rounds − 1. */
      rounds: z.number().int(),
    }),
    current: houseSeedSchema,
  }),
});

const stakeInput = {
  /** Minor units, from the game's balance with the house. */
  stake: boundedInt(1, Number.MAX_SAFE_INTEGER),
  currencyId: currencyIdField().optional(),
};

/** What a round's call answers: the round and the house balance after it. */
const roundAnswer = z.object({ round: gameRoundSchema, gameBalance: z.number().int() });

export const houseDicePlay = defineCall({
  path: '/game/house/dice/play',
  auth: 'member',
  tag,
  summary:
    'A round of dice: the roll (0.00–99.99) under or over the target wins. Money-moving: send an idempotency key.',
  input: z.object({
    ...stakeInput,
    /** Hundredths, 0–9999; the chance to win must be 1 %–98 %. */
    target: boundedInt(0, 9_999),
    direction: z.enum(diceDirections),
  }),
  output: roundAnswer,
});

export const houseLimboPlay = defineCall({
  path: '/game/house/limbo/play',
  auth: 'member',
  tag,
  summary:
    'A round of limbo: the drawn multiplier reaching the target pays the target. Money-moving: send an idempotency key.',
  input: z.object({
    ...stakeInput,
    /** Hundredths: 101 (1.01×) to 100000000 (1000000×). */
    target: boundedInt(101, 100_000_000),
  }),
  output: roundAnswer,
});

export const housePlinkoPlay = defineCall({
  path: '/game/house/plinko/play',
  auth: 'member',
  tag,
  summary:
    "A ball of plinko: it falls through the rows and pays its slot's multiplier. Money-moving: send an idempotency key.",
  input: z.object({
    ...stakeInput,
    rows: z.union([z.literal(8), z.literal(12), z.literal(16)]),
    risk: z.enum(plinkoRiskLevels),
  }),
  output: roundAnswer,
});

export const houseMinesStart = defineCall({
  path: '/game/house/mines/start',
  auth: 'member',
  tag,
  summary:
    'Start a round of mines on a 5 × 5 board with 1–24 mines; one open round at a time. Money-moving: send an idempotency key.',
  input: z.object({ ...stakeInput, mines: boundedInt(1, 24) }),
  output: roundAnswer,
});

export const houseMinesReveal = defineCall({
  path: '/game/house/mines/reveal',
  auth: 'member',
  tag,
  summary:
    'Turn a tile of an open mines round: a mine ends it lost; the last safe tile cashes out.',
  input: z.object({ roundNo: gameRoundNoField(), tile: boundedInt(0, 24) }),
  output: roundAnswer,
});

export const houseMinesCashOut = defineCall({
  path: '/game/house/mines/cash/out',
  auth: 'member',
  tag,
  summary: 'Cash out an open mines round at its multiplier after at least one safe tile.',
  input: z.object({ roundNo: gameRoundNoField() }),
  output: roundAnswer,
});

// ---------------------------------------------------------------- the desk

const gamesDesk = { operator: ['trader'] } as const;

/** A game as the desk sees it: its settings and whether members can play it. */
export const deskGameSchema = gameSchema.extend({
  enabled: z.boolean(),
  providerEnabled: z.boolean(),
});

export const deskGameList = defineCall({
  path: '/admin/api/game/list',
  methods: ['GET', 'POST'],
  auth: { operator: ['trader', 'finance', 'support'] },
  tag,
  summary: 'Every game and provider with its settings, on or off.',
  input: z.object({}),
  output: z.object({
    providers: z.array(
      z.object({
        provider: z.string(),
        name: z.string(),
        walletMode: z.enum(gameWalletModes),
        enabled: z.boolean(),
      }),
    ),
    games: z.array(deskGameSchema),
  }),
});

export const deskGameSet = defineCall({
  path: '/admin/api/game/set',
  auth: gamesDesk,
  tag,
  summary:
    "Change a game's settings (on or off, house edge, stake bounds, most payout), with a reason; audited. Rounds already played keep the edge they were played at.",
  input: z.object({
    gameId: gameIdField(),
    enabled: z.boolean().optional(),
    houseEdgeBps: boundedInt(0, 2_000).optional(),
    minStake: boundedInt(1, Number.MAX_SAFE_INTEGER).optional(),
    maxStake: boundedInt(1, Number.MAX_SAFE_INTEGER).optional(),
    maxPayout: boundedInt(1, Number.MAX_SAFE_INTEGER).optional(),
    reason: reasonField(),
  }),
  output: deskGameSchema,
});

export const deskGameProviderSet = defineCall({
  path: '/admin/api/game/provider/set',
  auth: gamesDesk,
  tag,
  summary:
    'Turn a provider on or off, with a reason; audited. Off: its games cannot start and its rounds cannot be played; money in it can still be moved out.',
  input: z.object({ provider: gameProviderField(), enabled: z.boolean(), reason: reasonField() }),
  output: z.object({ provider: z.string(), enabled: z.boolean() }),
});

/** A round as the desk sees it: the member's beside it. */
export const deskGameRoundSchema = gameRoundSchema.extend({
  userId: z.number().int(),
  userName: z.string(),
});
export type DeskGameRound = z.infer<typeof deskGameRoundSchema>;

export const deskGameRoundList = defineCall({
  path: '/admin/api/game/round/list',
  methods: ['GET', 'POST'],
  auth: { operator: ['trader', 'support'] },
  tag,
  summary: 'Rounds by member, game, number, status and time, newest first.',
  input: z.object({
    userId: idField().optional(),
    gameId: gameIdField().optional(),
    roundNo: gameRoundNoField().optional(),
    status: z.enum(gameRoundStatuses).optional(),
    startTime: epochMsField().optional(),
    endTime: epochMsField().optional(),
    page: pageField(),
    size: sizeField(),
  }),
  output: z.object({ records: z.array(deskGameRoundSchema), total: z.number().int() }),
});

export const deskGameFigures = defineCall({
  path: '/admin/api/game/figures',
  methods: ['GET', 'POST'],
  auth: { operator: ['trader', 'finance'] },
  tag,
  summary:
    'Per game and currency over a window of settlement time: rounds, wagered, paid and hold (wagered − paid), with the hold in basis points of what was wagered.',
  input: z.object({ startTime: epochMsField().optional(), endTime: epochMsField().optional() }),
  output: z.object({
    records: z.array(
      z.object({
        gameId: z.string(),
        gameName: z.string(),
        currencyId: z.number().int(),
        currencyCode: z.string(),
        scale: z.number().int(),
        rounds: z.number().int(),
        wagered: z.number().int(),
        paid: z.number().int(),
        hold: z.number().int(),
        /** Hold in basis points of the wagered; 0 when nothing was wagered. */
        holdBps: z.number().int(),
      }),
    ),
  }),
});

// ---------------------------------------------------------------- switches

/** A member's game switches as the desk sees them (the members desk's detail answers them too). */
export const memberGameSwitchesSchema = z.object({
  /** The member's own values; null follows the site default. */
  own: z.object({
    casinoSw: z.number().int().nullable(),
    lotterySw: z.number().int().nullable(),
  }),
  /** What the member's profile answers. */
  effective: z.object({ casinoSw: z.number().int(), lotterySw: z.number().int() }),
});
export type MemberGameSwitches = z.infer<typeof memberGameSwitchesSchema>;

/** A switch value: any of the known bits, or empty for "follow the site default". */
const switchValue = (bits: number) =>
  boundedInt(0, bits).refine((value) => (value & ~bits) === 0, 'has a bit no product uses');

export const deskMemberGameSwitches = defineCall({
  path: '/admin/api/member/game/switches',
  auth: { operator: ['support'] },
  tag,
  summary:
    "Set a member's casino and lottery switches (SPEC §6 bit flags), or let one follow the site default (absent or empty), with a reason; audited.",
  input: z.object({
    userId: idField(),
    casinoSw: switchValue(casinoSwBits).optional(),
    lotterySw: switchValue(lotterySwBits).optional(),
    reason: reasonField(),
  }),
  output: z.object({ userId: z.number().int() }).extend(memberGameSwitchesSchema.shape),
});

export const siteGameSwitches = defineCall({
  path: '/admin/api/site/game/switches',
  methods: ['GET', 'POST'],
  auth: { operator: ['admin'] },
  tag,
  summary: 'The site default of the casino and lottery switches, for members without their own.',
  input: z.object({}),
  output: z.object({ casinoSw: z.number().int(), lotterySw: z.number().int() }),
});

export const siteGameSwitchesSet = defineCall({
  path: '/admin/api/site/game/switches/set',
  auth: { operator: ['admin'] },
  tag,
  summary: 'Set the site default of the casino and lottery switches, with a reason; audited.',
  input: z.object({
    casinoSw: switchValue(casinoSwBits),
    lotterySw: switchValue(lotterySwBits),
    reason: reasonField(),
  }),
  output: z.object({ casinoSw: z.number().int(), lotterySw: z.number().int() }),
});

export const gameCalls = [
  gameList,
  gameItem,
  gamePlay,
  gameLaunchList,
  gameMemberOnline,
  gameBalanceList,
  gameBalanceWithdraw,
  gameBalanceWithdrawAll,
  gameOrderList,
  gameOrderDetail,
  houseSeed,
  houseSeedRotate,
  houseDicePlay,
  houseLimboPlay,
  housePlinkoPlay,
  houseMinesStart,
  houseMinesReveal,
  houseMinesCashOut,
  deskGameList,
  deskGameSet,
  deskGameProviderSet,
  deskGameRoundList,
  deskGameFigures,
  deskMemberGameSwitches,
  siteGameSwitches,
  siteGameSwitchesSet,
] as const;
