import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Back-office operators. `username` is stored lower-case and unique. The password is argon2id
 * over the same client-side hash members send; the TOTP secret is base32, as authenticator apps
 * take it. `totpLastStep` is the 30-second step of the last code accepted, so a code (or an
 * older one) never signs in twice.
 */
export const operators = pgTable(
  'operators',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull(),
    totpSecret: text('totp_secret').notNull(),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'operators_roles_known',
      sql`cardinality(${table.roles}) > 0 and ${table.roles} <@ array['admin', 'finance', 'trader', 'support']::text[]`,
    ),
  ],
);

/**
 * Operator sessions, apart from member sessions so neither token can ever pass for the other.
 * Only a SHA-256 of each token is stored. A session ends at `expiresAt`, or earlier when
 * `lastSeenAt` falls behind by the idle timeout, or when revoked.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (table) => [index('operator_sessions_operator').on(table.operatorId)],
);

/**
 * What operators (and the system) did, append-only: the service offers no update or delete, and
 * on the database a trigger refuses UPDATE, DELETE and TRUNCATE (migration
 * `*_operator_audit_append_only.sql`). `operatorId` is null for the system's own actions.
 */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
  },
  (table) => [
    index('operator_audit_log_at').on(table.at),
    index('operator_audit_log_operator').on(table.operatorId, table.id),
    index('operator_audit_log_action').on(table.action, table.id),
    index('operator_audit_log_target').on(table.targetType, table.targetId, table.id),
  ],
);
