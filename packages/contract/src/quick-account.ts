import { z } from 'zod';
import { defineCall } from './call';
import { sessionSchema } from './identity';

/**
 * Quick account creation (SPEC §5: "a fixed placeholder default password"): one press makes a
 * member with an account name the server chooses, on the placeholder password of
 * `@sb/domain`'s quick-account rules. docs/identity.md "Quick accounts" records what such an
 * account may do until the member sets a password of their own.
 */
export const memberCreateQuickAccount = defineCall({
  path: '/app/api/member/create/quick/account',
  auth: 'public',
  tag: 'identity',
  summary:
    'Create a member with a generated account name on the placeholder password and sign it in; limited per address.',
  input: z.object({}),
  output: sessionSchema,
});

export const quickAccountCalls = [memberCreateQuickAccount] as const;
