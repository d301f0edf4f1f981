import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The partner authTokens already used, each by the SHA-256 of the whole token, kept until the
 * token expires: a token proves one request, so a copy from a log, a history or a link cannot be
 * replayed within its hour. Past `expires_at` the token is refused for its expiry anyway, so the
 * row is dead and swept.
 */
export const partnerTokenUses = pgTable(
  'partner_token_uses',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('partner_token_uses_expires').on(table.expiresAt)],
);
