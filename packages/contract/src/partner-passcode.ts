import { z } from 'zod';
import { defineCall } from './call';
import { textField } from './common';
import { sessionSchema } from './identity';

/**
 * How long a partner passcode can be redeemed, in seconds: long enough for the partner's page to
 * hand the link to the browser and the browser to open it, short enough that a link left in a
 * log or a history is dead by the time anyone reads it.
 */
export const partnerPasscodeLifetimeSeconds = 60;

/**
 * SPEC §2, §8 passcode login, step one, made by the partner's server (never the browser): the
 * same signed authToken, principal and channel as `/open/member/login` prove the request, and
 * the answer is a one-time passcode bound to that channel, principal and currency, which the
 * partner puts in the player's link as `?passcode=…`.
 */
export const openPasscodeIssue = defineCall({
  path: '/open/member/passcode',
  auth: 'public',
  tag: 'partner',
  summary:
    "Obtain a one-time passcode for a partner's player (server to server, with the signed authToken of /open/member/login).",
  input: z.object({
    authToken: textField(2048).min(1),
    principal: textField(64).min(1),
    channel: textField(64).min(1),
    currencyCode: textField(16).optional(),
  }),
  output: z.object({
    /** Put in the player's link as `passcode`; redeemable once, until `expiresAt`. */
    passcode: z.string(),
    /** When the passcode stops working, epoch milliseconds. */
    expiresAt: z.number().int(),
  }),
});

/**
 * SPEC §2, §8 passcode login, step two, made by the browser that opened the link: the passcode
 * signs the player in exactly as the partner login would. A passcode works once; a used, expired
 * or unknown one answers PARTNER_PASSCODE_INVALID.
 */
export const openPasscodeLogin = defineCall({
  path: '/open/member/passcode/login',
  auth: 'public',
  tag: 'partner',
  summary: "Redeem a partner's one-time passcode: signs the partner's player in.",
  input: z.object({ passcode: textField(128).min(1) }),
  output: sessionSchema,
});

export const partnerPasscodeCalls = [openPasscodeIssue, openPasscodeLogin] as const;
