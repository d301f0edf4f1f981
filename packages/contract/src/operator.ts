import { z } from 'zod';
import { defineCall } from './call';
import { intField, textField, wirePasswordSchema } from './common';

/**
 * Back-office roles. An operator holds one or more; `admin` holds every role implicitly, so a
 * call open to `finance` is open to an admin too.
 */
export const operatorRoles = ['admin', 'finance', 'trader', 'support'] as const;
export type OperatorRole = (typeof operatorRoles)[number];
export const operatorRoleSchema = z.enum(operatorRoles);

/**
 * True when an operator holding `held` may make a call that asks for any one of `required`.
 * An empty `required` admits every operator; `admin` admits everywhere.
 */
export function operatorHasAnyRole(
  held: readonly OperatorRole[],
  required: readonly OperatorRole[],
): boolean {
  if (held.includes('admin') || required.length === 0) return true;
  return required.some((role) => held.includes(role));
}

/** Operator user names: 3–32 lower-case letters, digits, `_`, `.` or `-`, starting with a letter. */
export const operatorUsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z][a-z0-9_.-]{2,31}$/,
    'must be 3-32 letters, digits, _ . or -, starting with a letter',
  );

/** A time-based one-time code (RFC 6238) as an authenticator app shows it: six digits. */
export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be the 6-digit code');

/** An operator as the back office sees itself. */
export const operatorSchema = z.object({
  operatorId: z.number().int(),
  username: z.string(),
  roles: z.array(operatorRoleSchema),
});
export type Operator = z.infer<typeof operatorSchema>;

/** What a successful operator login answers. The token goes in `Authorization: Bearer …`. */
export const operatorSessionSchema = z.object({
  token: z.string(),
  /** When the session ends however active it is, epoch milliseconds. */
  expiresAt: z.number().int(),
  /** The session also ends after this long without a call. */
  idleTimeoutMs: z.number().int(),
  operator: operatorSchema,
});
export type OperatorSession = z.infer<typeof operatorSessionSchema>;

export const operatorLogin = defineCall({
  path: '/admin/api/login',
  auth: 'public',
  tag: 'operators',
  summary:
    'Operator sign-in with user name, password (hashed as members do) and authenticator code.',
  input: z.object({
    username: operatorUsernameSchema,
    password: wirePasswordSchema,
    totp: totpCodeSchema,
  }),
  output: operatorSessionSchema,
});

export const operatorLogout = defineCall({
  path: '/admin/api/logout',
  auth: { operator: [] },
  tag: 'operators',
  summary: "Ends the calling operator's session; its token stops working at once.",
  input: z.object({}),
  output: z.null(),
});

export const operatorMe = defineCall({
  path: '/admin/api/me',
  methods: ['GET', 'POST'],
  auth: { operator: [] },
  tag: 'operators',
  summary: 'The calling operator, its roles and when its session ends.',
  input: z.object({}),
  output: operatorSchema.extend({
    /** Absolute end of the session, epoch milliseconds. */
    expiresAt: z.number().int(),
  }),
});

/** Bound on one page of the audit log. */
export const auditPageSizeMax = 100;
/** The last millisecond of the year 9999: later times are refused rather than overflowing. */
const epochMsMax = 253_402_300_799_999;
const epochMsField = () => intField().pipe(z.number().min(0).max(epochMsMax));

/** One entry of the append-only audit log. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** The operator who acted; null for the system (first start, the command line). */
  operatorId: z.number().int().nullable(),
  operatorUsername: z.string().nullable(),
  /** What was done, as `<subject>.<verb>`: `operator.login`, `withdrawal.approve`, … */
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** The target before and after the change, as the acting module recorded it. */
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  /** When it was done, epoch milliseconds. */
  at: z.number().int(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditList = defineCall({
  path: '/admin/api/audit/list',
  methods: ['GET', 'POST'],
  auth: { operator: ['admin'] },
  tag: 'operators',
  summary:
    'Audit log entries, newest first, filtered by operator, action, target and time; pages by `beforeId`.',
  input: z.object({
    operatorId: intField().pipe(z.number().positive()).optional(),
    action: textField(64).min(1).optional(),
    targetType: textField(64).min(1).optional(),
    /** Only with `targetType`. */
    targetId: textField(128).min(1).optional(),
    /** Entries at or after this time, epoch milliseconds. */
    from: epochMsField().optional(),
    /** Entries before this time, epoch milliseconds. */
    to: epochMsField().optional(),
    /** The `nextBeforeId` of the previous page. */
    beforeId: intField().pipe(z.number().positive()).optional(),
    pageSize: intField().pipe(z.number().min(1).max(auditPageSizeMax)).optional(),
  }),
  output: z.object({
    entries: z.array(auditEntrySchema),
    /** Pass as `beforeId` for the next page; null when this page is the last. */
    nextBeforeId: z.number().int().nullable(),
  }),
});

export const operatorCalls = [operatorLogin, operatorLogout, operatorMe, auditList] as const;
