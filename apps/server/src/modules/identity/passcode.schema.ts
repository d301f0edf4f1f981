import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One-time passcodes a partner's server obtains for a player (`/open/member/passcode`) and the
 * player's browser redeems (`/open/member/passcode/login`). Only a SHA-256 of each passcode is
 * kept, so the table yields nothing to sign in with; a row says whose player it signs in and in
 * which currency, and `used_at` is set by the one redemption that wins.
 */
export const partnerPasscodes = pgTable(
  'partner_passcodes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    codeHash: text('code_hash').notNull().unique(),
    channel: text('channel').notNull(),
    principal: text('principal').notNull(),
    /** The agent id the partner's authToken named; null when it named none. */
    agentId: integer('agent_id'),
    currencyId: integer('currency_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  // Expired passcodes are swept by their expiry.
  (table) => [index('partner_passcodes_expires').on(table.expiresAt)],
);
