import { z } from 'zod';
import { defineCall } from './call';
import { boolField, intField, textField } from './common';
import { idField, pageField, reasonField, sizeField } from './desk-fields';
import { memberGameSwitchesSchema } from './games';
import { balanceEntrySchema } from './wallet';

/**
 * The members desk of the back office: search, a member's whole picture, blocking and risk
 * settings. Operators only; every change is audited with before and after.
 */

/** A member as the back office lists it. */
export const memberSummarySchema = z.object({
  userId: z.number().int(),
  uid: z.string(),
  /** The account name; null for visitors. */
  account: z.string().nullable(),
  /** memberType: 0 visitor, 1 member, 2 demo, 3 partner player. */
  type: z.number().int(),
  currencyId: z.number().int(),
  createdAt: z.number().int(),
  /** When the member was blocked (epoch ms); null when not blocked. */
  blockedAt: z.number().int().nullable(),
  riskLevel: z.number().int(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

export const memberSearch = defineCall({
  path: '/admin/api/member/list',
  methods: ['GET', 'POST'],
  auth: { operator: ['support', 'finance', 'trader'] },
  tag: 'members',
  summary:
    'Members whose account name starts with `q`, or whose uid or user id is `q`; newest first. Visitors and try-play (demo) accounts are left out unless `withVisitors` is true.',
  input: z.object({
    q: textField(64).optional(),
    /** Only blocked (true) or only unblocked (false) members. */
    blocked: boolField().optional(),
    /** Lists visitors and try-play (demo) accounts too; by default only real members are. */
    withVisitors: boolField().default(false),
    page: pageField(),
    size: sizeField(),
  }),
  output: z.object({ records: z.array(memberSummarySchema), total: z.number().int() }),
});

/** Risk settings of SPEC §6 an operator may set on a member. */
export const memberRiskSchema = z.object({
  /** Bets whose stake is above this (minor units) wait for review; 0 = no check. */
  riskAmount: z.number().int().min(0),
  riskLevel: z.number().int().min(0).max(9),
  playerOdds: z.number().int().min(0).max(9),
  /** Extra margins per play group, in ten-thousandths (SPEC §6 oddsConfig). */
  oddsConfig: z.array(z.number().int().min(0).max(5_000)).max(5),
  /** Leagues the member may see and bet on; empty = all. League ids are 32-bit integers. */
  leagueIds: z.array(z.number().int().positive().max(2_147_483_647)).max(500),
});
export type MemberRisk = z.infer<typeof memberRiskSchema>;

export const memberDetail = defineCall({
  path: '/admin/api/member/detail',
  methods: ['GET', 'POST'],
  auth: { operator: ['support', 'finance', 'trader'] },
  tag: 'members',
  summary: "One member: profile, risk settings, balances per currency and open bets' count.",
  input: z.object({ userId: idField() }),
  output: memberSummarySchema.extend({
    risk: memberRiskSchema,
    isShow: z.boolean(),
    balances: z.array(balanceEntrySchema),
    openOrders: z.number().int(),
    hasWithdrawPassword: z.boolean(),
    withdrawLocked: z.boolean(),
    /** The casino and lottery switches: the member's own and what applies (docs/games.md). */
    gameSwitches: memberGameSwitchesSchema,
  }),
});

export const memberBlock = defineCall({
  path: '/admin/api/member/block',
  auth: { operator: ['support'] },
  tag: 'members',
  summary:
    'Block a member (their sessions end and they cannot sign in) or unblock them, with a reason.',
  input: z.object({ userId: idField(), blocked: boolField(), reason: reasonField() }),
  output: z.object({
    userId: z.number().int(),
    blockedAt: z.number().int().nullable(),
    /** False when the member already stood so. */
    applied: z.boolean(),
  }),
});

export const memberRiskSet = defineCall({
  path: '/admin/api/member/risk',
  auth: { operator: ['trader'] },
  tag: 'members',
  summary:
    "Change a member's risk settings and whether they see live video (isShow); fields left out keep their value.",
  input: z.object({
    userId: idField(),
    riskAmount: intField().pipe(z.number().min(0)).optional(),
    riskLevel: intField().pipe(z.number().min(0).max(9)).optional(),
    playerOdds: intField().pipe(z.number().min(0).max(9)).optional(),
    oddsConfig: memberRiskSchema.shape.oddsConfig.optional(),
    leagueIds: memberRiskSchema.shape.leagueIds.optional(),
    /** SPEC §6 isShow: live video for the member. */
    isShow: boolField().optional(),
    reason: reasonField(),
  }),
  output: memberRiskSchema.extend({ isShow: z.boolean() }),
});

export const memberDeskCalls = [memberSearch, memberDetail, memberBlock, memberRiskSet] as const;
