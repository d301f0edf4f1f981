import { z } from 'zod';
import { defineCall } from './call';
import { intField, languageSchema, textField, wirePasswordSchema } from './common';

/** Member types carried in the session field `type`. */
export const memberType = { visitor: 0, member: 1, demo: 2, partner: 3 } as const;
export type MemberType = (typeof memberType)[keyof typeof memberType];

/** channelType: `a1` for our own site's members, `v2` for partner (SDK) players. */
export const channelTypes = { site: 'a1', partner: 'v2' } as const;

/**
 * oddsConfig, five numbers: extra margin for non-handicap markets, extra margin for handicap
 * markets, base margin (all in thousandths of implied probability), a reserved slot, and the
 * risk level. Readers of SPEC's three-number form read the first three.
 */
export const oddsConfigSchema = z.tuple([
  z.number(),
  z.number(),
  z.number(),
  z.number(),
  z.number(),
]);

/** SPEC §3 user session: what login answers and the client stores. */
export const sessionSchema = z.object({
  uid: z.string(),
  token: z.string(),
  /** 0 for a visitor. */
  memberId: z.number().int(),
  account: z.string().nullable(),
  source: z.number().int(),
  languageCode: languageSchema,
  channelType: z.string(),
  agentId: z.number().int(),
  principal: z.string().nullable(),
  /** The partner's channel for partner players (the `channel` of their balance call), else null. */
  channel: z.string().nullable(),
  type: z.number().int(),
  /** Above 0 for a demo (try-play) account. */
  pUid: z.number().int(),
  oddsConfig: oddsConfigSchema,
  creditAmount: z.number().int(),
  loanAmount: z.number().int(),
  currencyCode: z.string(),
  currencyId: z.number().int(),
  assetID: z.string(),
  /** When the token stops working, epoch milliseconds. */
  expiresAt: z.number().int(),
  /**
   * A quick account still on SPEC's placeholder password (docs/identity.md "Quick accounts"):
   * it cannot sign in again, withdraw or change payout accounts until the member sets a password.
   */
  hasPlaceholderPassword: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** SPEC §3 user info, answered by the profile calls. */
export const userInfoSchema = z.object({
  memberId: z.number().int(),
  uid: z.string(),
  account: z.string().nullable(),
  type: z.number().int(),
  pUid: z.number().int(),
  isXyUser: z.boolean(),
  leagueIds: z.array(z.number().int()),
  isShow: z.boolean(),
  hasWithdrawPwd: z.boolean(),
  /** Stakes at or above this amount (minor units) are flagged by the risk check; 0 = off. */
  riskAmount: z.number().int(),
  oddsConfig: oddsConfigSchema,
  playerOdds: z.number().int(),
  riskLevel: z.number().int(),
  /** Preferred odds display style, SPEC §9 odds types 0–4. */
  hdpStyle: z.number().int(),
  casinoSw: z.number().int(),
  lotterySw: z.number().int(),
  languageCode: languageSchema,
  channelType: z.string(),
  agentId: z.number().int(),
  principal: z.string().nullable(),
  currencyCode: z.string(),
  currencyId: z.number().int(),
  assetID: z.string(),
  creditAmount: z.number().int(),
  loanAmount: z.number().int(),
  /** See the session's `hasPlaceholderPassword`. */
  hasPlaceholderPassword: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Letters, digits and underscore, 6 to 16 long, starting with a letter. */
export const accountNameSchema = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z][A-Za-z0-9_]{5,15}$/,
    'must be 6-16 letters, digits or _, starting with a letter',
  );

const captchaFields = {
  /** The captcha answer, required after repeated failed logins. */
  code: textField(16).optional(),
  captchaId: textField(64).optional(),
  captchaType: intField().optional(),
};

export const visitorCreate = defineCall({
  path: '/app/api/visitor/create',
  auth: 'public',
  tag: 'identity',
  summary: 'Create an anonymous visitor identity that can browse but not bet.',
  input: z.object({}),
  output: sessionSchema,
});

export const visitorLogin = defineCall({
  path: '/app/api/visitor/login',
  auth: 'session',
  tag: 'identity',
  summary: 'Resume a stored visitor identity; 403 when it no longer works.',
  input: z.object({}),
  output: sessionSchema,
});

export const memberCreateAccount = defineCall({
  path: '/app/api/member/create/account',
  auth: 'public',
  tag: 'identity',
  summary: 'Register a member account and sign it in.',
  input: z.object({
    account: accountNameSchema,
    pwd: wirePasswordSchema,
    promoteCode: textField(32).optional(),
  }),
  output: sessionSchema,
});

export const memberLoginAccount = defineCall({
  path: '/app/api/member/login/account',
  auth: 'public',
  tag: 'identity',
  summary: 'Sign in with account and password; a captcha is required after repeated failures.',
  input: z.object({
    account: textField(32).min(1),
    pwd: wirePasswordSchema,
    domainType: intField().optional(),
    ...captchaFields,
  }),
  output: sessionSchema,
});

export const memberLoginAuto = defineCall({
  path: '/app/api/member/login/auto',
  auth: 'session',
  tag: 'identity',
  summary: 'Resume a stored session (uid and token) and answer it afresh.',
  input: z.object({}),
  output: sessionSchema,
});

export const memberProfile = defineCall({
  path: '/app/api/member/profile',
  auth: 'session',
  tag: 'identity',
  summary: "The signed-in user's info.",
  input: z.object({}),
  output: userInfoSchema,
});

export const memberProfileEdit = defineCall({
  path: '/app/api/member/profile/edit',
  auth: 'session',
  tag: 'identity',
  summary: "Change the user's language or odds display style (hdpStyle, SPEC §9 odds types 0–4).",
  input: z.object({
    languageCode: languageSchema.optional(),
    hdpStyle: intField().pipe(z.number().int().min(0).max(4)).optional(),
  }),
  output: userInfoSchema,
});

export const memberPasswordEdit = defineCall({
  path: '/app/api/member/pwd/edit',
  auth: 'member',
  tag: 'identity',
  summary: 'Change the login password; every session of the member is revoked.',
  input: z.object({ pwd: wirePasswordSchema, oldPwd: wirePasswordSchema }),
  output: z.null(),
});

export const memberLogout = defineCall({
  path: '/app/api/member/logout',
  auth: 'session',
  tag: 'identity',
  summary: 'Revoke the current token.',
  input: z.object({}),
  output: z.null(),
});

export const memberCreateTryPlay = defineCall({
  path: '/app/api/member/create/try-play/account',
  auth: 'public',
  tag: 'identity',
  summary: 'Create a demo (try-play) account with its own demo balance.',
  input: z.object({}),
  output: sessionSchema,
});

export const openMemberLogin = defineCall({
  path: '/open/member/login',
  auth: 'public',
  tag: 'partner',
  summary: "Sign in a partner's player with the partner's signed, expiring authToken.",
  input: z.object({
    authToken: textField(2048).min(1),
    principal: textField(64).min(1),
    channel: textField(64).min(1),
    currencyCode: textField(16).optional(),
  }),
  output: sessionSchema,
});

export const memberLoginAccountAdd = defineCall({
  path: '/app/api/member/login/account/add',
  auth: 'session',
  tag: 'identity',
  summary: 'Sign in one more account to switch to, keeping the current session valid.',
  input: z.object({
    account: textField(32).min(1),
    pwd: wirePasswordSchema,
    ...captchaFields,
  }),
  output: sessionSchema,
});

export const memberChangeCurrency = defineCall({
  path: '/app/api/member/change/currency',
  auth: 'member',
  tag: 'identity',
  summary: "Change the member's active currency.",
  input: z.object({ currencyId: intField() }),
  output: userInfoSchema,
});

export const userType = defineCall({
  path: '/app/api/user/type',
  auth: 'session',
  tag: 'identity',
  summary: 'The kind of user the token belongs to.',
  input: z.object({}),
  output: z.object({
    type: z.number().int(),
    memberId: z.number().int(),
    isVisitor: z.boolean(),
    isDemo: z.boolean(),
    isPartner: z.boolean(),
  }),
});

export const captchaRequired = defineCall({
  path: '/app/api/captcha',
  auth: 'public',
  tag: 'identity',
  summary: 'Whether a login for this account (and this address) must carry a captcha.',
  input: z.object({ account: textField(32).optional() }),
  output: z.object({ required: z.boolean() }),
});

export const captchaGet = defineCall({
  path: '/app/api/captcha/get',
  auth: 'public',
  tag: 'identity',
  summary: 'A new image captcha: its id and an SVG image to read the code from.',
  input: z.object({}),
  output: z.object({
    captchaId: z.string(),
    captchaType: z.number().int(),
    image: z.string(),
    expiresAt: z.number().int(),
  }),
});

export const captchaCheck = defineCall({
  path: '/app/api/captcha/check',
  auth: 'public',
  tag: 'identity',
  summary: 'Check an answer without using the captcha up (login still needs it).',
  input: z.object({ captchaId: textField(64).min(1), code: textField(16).min(1) }),
  output: z.object({ valid: z.boolean() }),
});

export const identityCalls = [
  visitorCreate,
  visitorLogin,
  memberCreateAccount,
  memberLoginAccount,
  memberLoginAuto,
  memberProfile,
  memberProfileEdit,
  memberPasswordEdit,
  memberLogout,
  memberCreateTryPlay,
  openMemberLogin,
  memberLoginAccountAdd,
  memberChangeCurrency,
  userType,
  captchaRequired,
  captchaGet,
  captchaCheck,
] as const;
