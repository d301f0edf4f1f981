import { z } from 'zod';
import { defineCall } from './call';
import { boolField, textField } from './common';

/**
 * Operators' settings of the partners configured in PARTNER_SECRETS (one secret per channel;
 * the secrets stay in configuration and no call shows them): whether each may sign players in,
 * and what a player it signs in for the first time starts with. docs/identity.md, Partners.
 */

/** Leagues a player may see; empty = all (SPEC §6 leagueIds). League ids are 32-bit integers. */
const leagueIdsSchema = z.array(z.number().int().positive().max(2_147_483_647)).max(500);

/** One configured partner channel with its settings (the defaults until an operator sets them). */
export const partnerSettingsSchema = z.object({
  channel: z.string(),
  /** A name for people; null when none was given. */
  name: z.string().nullable(),
  /** Off: the partner's logins answer 2011 and its players' sessions answer 403. */
  isEnabled: z.boolean(),
  /** isShow (live video) of players the partner signs in for the first time. */
  defaultIsShow: z.boolean(),
  /** leagueIds of players the partner signs in for the first time; empty = all. */
  defaultLeagueIds: leagueIdsSchema,
  /** Players the partner has signed in so far. */
  players: z.number().int(),
  /** Who changed the settings last and when (epoch ms); null while the defaults stand. */
  updatedBy: z.number().int().nullable(),
  updatedAt: z.number().int().nullable(),
});
export type PartnerSettings = z.infer<typeof partnerSettingsSchema>;

export const partnerList = defineCall({
  path: '/admin/api/partner/list',
  methods: ['GET', 'POST'],
  auth: { operator: ['support'] },
  tag: 'site',
  summary:
    'The partner channels configured on the server, each with its settings and how many players it has signed in.',
  input: z.object({}),
  output: z.object({ records: z.array(partnerSettingsSchema) }),
});

export const partnerSet = defineCall({
  path: '/admin/api/partner/set',
  auth: { operator: ['admin'] },
  tag: 'site',
  summary:
    "Change a configured partner's settings with a reason; fields left out keep their value. Turning it off refuses its logins and its players' sessions at once.",
  input: z.object({
    channel: textField(64).min(1),
    /** null clears it; an empty string is left out, as everywhere on the wire. */
    name: textField(64).nullable().optional(),
    isEnabled: boolField().optional(),
    defaultIsShow: boolField().optional(),
    defaultLeagueIds: leagueIdsSchema.optional(),
    reason: textField(200).min(1),
  }),
  output: partnerSettingsSchema.extend({
    /** False when the settings already stood so. */
    applied: z.boolean(),
  }),
});

export const partnerSettingsCalls = [partnerList, partnerSet] as const;
