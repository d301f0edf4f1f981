import { z } from 'zod';
import { defineCall } from './call';
import { boolField, boundedInt, textField } from './common';
import { plainTextField } from './site-content';

/**
 * Community: members share their orders, follow tipsters and copy shares to their slip (SPEC §1
 * shared orders, SPEC §7 `trade/order/share`, `share/list`, `share/verify`,
 * `share/personal/data`, `master/rank`). SPEC gives no fields for these calls; docs/community.md
 * records the design: the privacy levels, the signed snapshot and how a client checks it, the
 * figures, and the ranking's rules and score.
 */

const tag = 'community';

/**
 * What a share shows of its owner and amounts: `all` (name, stake and return), `no_amounts`
 * (name, but neither stake nor return), `anonymous` (no stake, no return and no owner: the
 * share is in no profile and names nobody).
 */
export const sharePrivacies = ['all', 'no_amounts', 'anonymous'] as const;
export type SharePrivacy = (typeof sharePrivacies)[number];

/** Longest comment a share may carry, in characters. */
export const shareCommentMax = 280;

/**
 * A share's code: 10 characters of an alphabet without 0, O, 1, I and L, so a code read aloud
 * or copied by hand is not mistaken. Lower case is taken as upper case.
 */
export const shareCodeAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const shareCodeLength = 10;
const shareCodePattern = new RegExp(`^[${shareCodeAlphabet}]{${shareCodeLength}}$`);

const shareCodeField = () =>
  z
    .string()
    .trim()
    .max(32)
    .transform((value) => value.toUpperCase())
    .refine((value) => shareCodePattern.test(value), {
      message: `must be a share code of ${shareCodeLength} characters`,
    });

const orderNoField = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9]+$/, 'must be an order number');

/** A tipster: the member's user id, as every answer naming a non-anonymous share gives it. */
const tipsterIdField = () => boundedInt(1, Number.MAX_SAFE_INTEGER);
const reasonField = () => textField(200).min(1);

/** What a leg is called in one language: its league, its sides and the selection's name. */
export const sharedLegNamesSchema = z.object({
  leagueName: z.string(),
  home: z.string(),
  away: z.string(),
  optName: z.string(),
});
export type SharedLegNames = z.infer<typeof sharedLegNamesSchema>;

/** One leg of a shared order, frozen as placed. Odds are ten-thousandths, times epoch ms. */
export const sharedLegSchema = z.object({
  optId: z.string(),
  gameId: z.number().int(),
  sportId: z.number().int(),
  leagueId: z.number().int(),
  leagueName: z.string(),
  home: z.string(),
  away: z.string(),
  playId: z.number().int(),
  specifiers: z.string(),
  outcomeId: z.string(),
  optName: z.string(),
  odds: z.number().int(),
  /** The match's start as the book had it when the order was shared; null if unknown. */
  kickOff: z.number().int().nullable(),
  /**
   * The leg's names in every language of the site (zh, zht, en), frozen and signed with the
   * rest; `leagueName`, `home`, `away` and `optName` above are the sharer's language. Absent from
   * a share of layout 1, frozen in the sharer's language only.
   */
  names: z
    .object({ zh: sharedLegNamesSchema, zht: sharedLegNamesSchema, en: sharedLegNamesSchema })
    .optional(),
});

/** What a shared order was when shared: what `share/verify` signs, with `settled` once final. */
export const sharePlacedSchema = z.object({
  /** Version of this document's layout: 2 holds each leg's names in every language, 1 did not. */
  v: z.union([z.literal(1), z.literal(2)]),
  code: z.string(),
  privacy: z.enum(sharePrivacies),
  /** Null for an anonymous share. */
  tipster: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  comment: z.string(),
  betType: z.number().int(),
  /** The product of the legs' odds, ten-thousandths. */
  odds: z.number().int(),
  currencyCode: z.string(),
  scale: z.number().int(),
  /** Minor units; null unless the privacy is `all`. */
  stake: z.number().int().nullable(),
  potentialPayout: z.number().int().nullable(),
  placedAt: z.number().int(),
  sharedAt: z.number().int(),
  legs: z.array(sharedLegSchema),
});
export type SharePlaced = z.infer<typeof sharePlacedSchema>;

/**
 * How a shared order ended, frozen once its order reached a final status: `won` (returned more
 * than staked), `lost` (less), `push` (the stake back), `void`, `cashed_out`, `rejected`.
 */
export const shareOutcomes = ['won', 'lost', 'push', 'void', 'cashed_out', 'rejected'] as const;
export type ShareOutcome = (typeof shareOutcomes)[number];

export const shareSettledSchema = z.object({
  /** See `orderStatus`. */
  status: z.number().int(),
  outcome: z.enum(shareOutcomes),
  /** Each leg's result, in the legs' order (see `legResults`); null for a leg never settled. */
  legResults: z.array(z.string().nullable()),
  /** Minor units returned; null unless the privacy is `all`. */
  payout: z.number().int().nullable(),
  settledAt: z.number().int(),
});
export type ShareSettled = z.infer<typeof shareSettledSchema>;

/** A share as any reader sees it: its frozen document and what it is now. */
export const shareSchema = z.object({
  code: z.string(),
  /** The member site's path of the share's page. */
  link: z.string(),
  placed: sharePlacedSchema,
  /** Null while the order is open. */
  settled: shareSettledSchema.nullable(),
  /** See `orderStatus`: the order's status now (open orders are read at answer time). */
  status: z.number().int(),
  /** Distinct members who copied it to their slip, its owner not counted. */
  copies: z.number().int(),
  /**
   * Each leg's names in the reader's language (the request's `lang`), in the legs' order: read
   * from the signed `placed.legs[i].names`, or the leg's own names for a share of layout 1.
   */
  legNames: z.array(sharedLegNamesSchema),
});
export type Share = z.infer<typeof shareSchema>;

/**
 * The proof of a share: SHA-256 over the canonical JSON of `{ placed, settled }` (keys sorted at
 * every depth, no spaces, UTF-8), and an Ed25519 signature over the same bytes with the server's
 * key; `publicKey` is that key's 32 raw bytes in base64. docs/community.md shows a check.
 */
export const shareProofSchema = z.object({
  algorithm: z.literal('Ed25519'),
  digest: z.string(),
  signature: z.string(),
  publicKey: z.string(),
  keyId: z.string(),
  /** Whether the server's own check of the stored document against its signature held. */
  valid: z.boolean(),
});

export const shareCreate = defineCall({
  path: '/trade/order/share',
  auth: 'member',
  tag,
  summary:
    "Shares one of the member's orders (open or settled) with a privacy level and a comment; sharing it again answers the same share",
  input: z.object({
    orderNo: orderNoField(),
    privacy: z.enum(sharePrivacies).default('all'),
    comment: plainTextField(shareCommentMax).default(''),
  }),
  output: shareSchema.extend({ isNew: z.boolean() }),
});

export const shareWithdraw = defineCall({
  path: '/trade/order/share/withdraw',
  auth: 'member',
  tag,
  summary: "Withdraws one of the member's shares: its code answers as withdrawn from then on",
  input: z.object({ code: shareCodeField() }),
  output: z.object({ code: z.string(), withdrawn: z.boolean() }),
});

/** Which shares a feed shows: newest, most copied, or of the tipsters the member follows. */
export const shareFeeds = ['latest', 'most_copied', 'following'] as const;

export const shareList = defineCall({
  path: '/trade/order/share/list',
  auth: 'public',
  tag,
  summary:
    'A feed of shares: latest, most copied, or from followed tipsters (members only), by sport, paged; total counts at most 1000 shares past the page (totalCapped: more follow)',
  input: z.object({
    feed: z.enum(shareFeeds).default('latest'),
    sportId: boundedInt(1, 2_147_483_647).optional(),
    page: boundedInt(1, 10_000).default(1),
    size: boundedInt(1, 50).default(20),
  }),
  output: z.object({
    records: z.array(shareSchema),
    /**
     * The feed's shares counted from the first, but never more than 1000 past the page's first
     * share: exact when `totalCapped` is false, otherwise a lower bound (show it as "1000+").
     */
    total: z.number().int(),
    /** Whether more shares follow the ones `total` counts: the feed goes on past it. */
    totalCapped: z.boolean(),
  }),
});

export const shareVerify = defineCall({
  path: '/trade/order/share/verify',
  auth: 'public',
  tag,
  summary: 'A share by its code with the proof that its frozen document is what was signed',
  input: z.object({ code: shareCodeField() }),
  output: z.object({ share: shareSchema, proof: shareProofSchema }),
});

export const shareKey = defineCall({
  path: '/trade/order/share/key',
  auth: 'public',
  tag,
  summary: 'The public key that signs shares, to check a share/verify proof without the server',
  input: z.object({}),
  output: z.object({
    algorithm: z.literal('Ed25519'),
    publicKey: z.string(),
    keyId: z.string(),
  }),
});

/** A tipster's figures over their settled, non-anonymous, visible shares (docs/community.md). */
export const tipsterProfileSchema = z.object({
  tipsterId: z.number().int(),
  name: z.string(),
  /** Shares whose order ended won, lost or push. */
  settledShares: z.number().int(),
  wins: z.number().int(),
  /** Wins over won and lost shares, ten-thousandths (6250 = 62.5 %); 0 without any. */
  winRate: z.number().int(),
  /** Profit over staked at a level stake of 1 per share, ten-thousandths (may be negative). */
  yield: z.number().int(),
  longestWinStreak: z.number().int(),
  /** Sports of their shares, most shared first. */
  sports: z.array(z.object({ sportId: z.number().int(), shares: z.number().int() })),
  followers: z.number().int(),
  /** Whether the caller follows them (false for visitors). */
  isFollowed: z.boolean(),
  recent: z.array(shareSchema),
});

export const sharePersonalData = defineCall({
  path: '/trade/order/share/personal/data',
  auth: 'public',
  tag,
  summary:
    "A tipster's public profile: settled shares, win rate, yield, longest win streak, sports, followers, recent shares",
  input: z.object({ tipsterId: tipsterIdField() }),
  output: tipsterProfileSchema,
});

const followOutput = z.object({
  tipsterId: z.number().int(),
  isFollowed: z.boolean(),
  followers: z.number().int(),
});

export const shareFollow = defineCall({
  path: '/trade/order/share/follow',
  auth: 'member',
  tag,
  summary: 'Follows a tipster (idempotent); members cannot follow themselves',
  input: z.object({ tipsterId: tipsterIdField() }),
  output: followOutput,
});

export const shareUnfollow = defineCall({
  path: '/trade/order/share/unfollow',
  auth: 'member',
  tag,
  summary: 'Stops following a tipster (idempotent)',
  input: z.object({ tipsterId: tipsterIdField() }),
  output: followOutput,
});

export const shareCopy = defineCall({
  path: '/trade/order/share/copy',
  auth: 'member',
  tag,
  summary:
    "Counts the member's copy of a share to their slip: distinct members, the owner not counted",
  input: z.object({ code: shareCodeField() }),
  output: z.object({ code: z.string(), copies: z.number().int(), isCounted: z.boolean() }),
});

/** The windows of the tipster ranking, in days. */
export const rankWindows = [7, 30, 90] as const;
export type RankWindow = (typeof rankWindows)[number];

/** A ranked tipster and the figures behind their place (docs/community.md, "Ranking"). */
export const rankedTipsterSchema = z.object({
  /** 1 for the first, counted over every page. */
  rank: z.number().int(),
  tipsterId: z.number().int(),
  name: z.string(),
  /** Shares counted in the window. */
  orders: z.number().int(),
  wins: z.number().int(),
  /** Wins over won and lost shares, ten-thousandths. */
  winRate: z.number().int(),
  /** Mean of return over stake minus 1 at a level stake, ten-thousandths (may be negative). */
  yield: z.number().int(),
  /** The lower end of the yield's 95 % confidence interval, ten-thousandths: what ranks. */
  score: z.number().int(),
  /** Profit at a level stake of 1 per share, ten-thousandths of that stake. */
  profit: z.number().int(),
  longestWinStreak: z.number().int(),
});
export type RankedTipster = z.infer<typeof rankedTipsterSchema>;

export const masterRank = defineCall({
  path: '/trade/order/master/rank',
  auth: 'public',
  tag,
  summary:
    'Top tipsters over 7, 30 or 90 days by a luck-aware score of their shared, settled orders, by sport, paged',
  input: z.object({
    window: z.literal(rankWindows, { error: 'must be 7, 30 or 90' }),
    sportId: boundedInt(1, 2_147_483_647).optional(),
    page: boundedInt(1, 10_000).default(1),
    size: boundedInt(1, 50).default(20),
  }),
  output: z.object({
    window: z.number().int(),
    /** Counted shares a tipster needs in the window to be ranked. */
    minOrders: z.number().int(),
    records: z.array(rankedTipsterSchema),
    total: z.number().int(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Operators
// ---------------------------------------------------------------------------------------------

export const shareHide = defineCall({
  path: '/admin/api/community/share/hide',
  auth: { operator: ['support'] },
  tag,
  summary: 'Hides a share from every reader (or shows it again); audited as share.hide|unhide',
  input: z.object({ code: shareCodeField(), hidden: boolField(), reason: reasonField() }),
  output: z.object({ code: z.string(), hidden: z.boolean(), applied: z.boolean() }),
});

export const tipsterHide = defineCall({
  path: '/admin/api/community/tipster/hide',
  auth: { operator: ['support'] },
  tag,
  summary:
    "Hides a tipster's shares and profile from every reader (or shows them again); audited as tipster.hide|unhide",
  input: z.object({ tipsterId: tipsterIdField(), hidden: boolField(), reason: reasonField() }),
  output: z.object({ tipsterId: z.number().int(), hidden: z.boolean(), applied: z.boolean() }),
});

/** A share as the desk lists it: who shared it, what it holds, and whether readers see it. */
export const deskShareSchema = z.object({
  code: z.string(),
  /** The sharer's user id, anonymous shares too: what `tipster/hide` takes. */
  tipsterId: z.number().int(),
  /** The sharer's account name as the desk sees it, unmasked; null when unknown. */
  account: z.string().nullable(),
  privacy: z.enum(sharePrivacies),
  /** The sports of its legs. */
  sportIds: z.array(z.number().int()),
  /** Each leg's names in the request's language (`lang`), as `Share.legNames`. */
  legNames: z.array(sharedLegNamesSchema),
  /** When it was shared, epoch ms. */
  createdAt: z.number().int(),
  copies: z.number().int(),
  /** See `orderStatus`: the order's status when the share was last read. */
  status: z.number().int(),
  /** How it ended once frozen; null while open. */
  outcome: z.enum(shareOutcomes).nullable(),
  withdrawn: z.boolean(),
  /** Hidden by an operator (the share itself). */
  hidden: z.boolean(),
  /** Its tipster hidden by an operator. */
  tipsterHidden: z.boolean(),
});
export type DeskShare = z.infer<typeof deskShareSchema>;

export const shareDeskList = defineCall({
  path: '/admin/api/community/share/list',
  methods: ['GET', 'POST'],
  auth: { operator: ['support'] },
  tag,
  summary:
    'Shares for the community desk, newest first, withdrawn and hidden ones too: by code (its beginning, any case), tipster and hidden flag, paged',
  input: z.object({
    /** The code or its beginning, any case. */
    code: textField(shareCodeLength).optional(),
    tipsterId: tipsterIdField().optional(),
    /** Only shares hidden (true) or not hidden (false), the share itself or its tipster. */
    hidden: boolField().optional(),
    page: boundedInt(1, 10_000).default(1),
    size: boundedInt(1, 100).default(20),
  }),
  output: z.object({ records: z.array(deskShareSchema), total: z.number().int() }),
});

export const communityCalls = [
  shareCreate,
  shareWithdraw,
  shareList,
  shareVerify,
  shareKey,
  sharePersonalData,
  shareFollow,
  shareUnfollow,
  shareCopy,
  masterRank,
  shareDeskList,
  shareHide,
  tipsterHide,
] as const;
