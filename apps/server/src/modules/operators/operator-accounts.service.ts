import { randomBytes } from 'node:crypto';
import {
  type Operator,
  type OperatorRole,
  operatorRoles,
  operatorUsernameSchema,
} from '@sb/contract';
import { hashPasswordForWire } from '@sb/domain';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import { hashPassword } from '../../platform/secrets';
import type { AuditService } from './audit.service';
import type { OperatorRepository, OperatorRow } from './operators.repository';
import { generateTotpSecret, otpauthUri } from './totp';

/** The issuer authenticator apps show beside the operator's name. */
export const totpIssuer = 'Sportsbook';
/** Shortest password an operator may be given; generated ones are longer. */
export const operatorPasswordLengthMin = 12;
/** The operator created at first start when there is none. */
export const firstOperatorUsername = 'admin';

/** What creating an operator answers: secrets shown once, never stored in the clear. */
export interface CreatedOperator {
  operator: Operator;
  /** Present only when the password was generated, so it can be handed over once. */
  generatedPassword?: string;
  totpSecret: string;
  otpauthUri: string;
}

/** Who creates an operator, for the audit log. */
export interface CreationActor {
  /** The operator creating it, or null for the system (first start, the command line). */
  operatorId: number | null;
  ip?: string | null;
  reason: string;
}

/** 144 random bits as 24 URL-safe characters: easy to paste, far beyond guessing. */
export function generateOperatorPassword(): string {
  return randomBytes(18).toString('base64url');
}

export function isOperatorRole(value: string): value is OperatorRole {
  return (operatorRoles as readonly string[]).includes(value);
}

export function toOperator(row: OperatorRow): Operator {
  return { operatorId: row.id, username: row.username, roles: row.roles.filter(isOperatorRole) };
}

/** Roles as given, checked and without repeats. */
function parseRoles(roles: readonly string[]): OperatorRole[] {
  const unique = [...new Set(roles.map((role) => role.trim()).filter((role) => role !== ''))];
  const unknown = unique.filter((role) => !isOperatorRole(role));
  if (unique.length === 0 || unknown.length > 0)
    throw new AppError(
      'INVALID_INPUT',
      `roles: must be one or more of ${operatorRoles.join(', ')}${unknown.length ? `, not ${unknown.join(', ')}` : ''}`,
    );
  return unique as OperatorRole[];
}

export function createOperatorAccounts(deps: {
  db: Database;
  repository: OperatorRepository;
  audit: AuditService;
}) {
  const { db, repository, audit } = deps;

  /**
   * Creates an operator with a fresh TOTP secret and the given or a generated password; null
   * when the user name is taken. The operator and its audit entry commit together.
   */
  async function create(
    input: { username: string; roles: readonly string[]; password?: string | undefined },
    actor: CreationActor,
  ): Promise<CreatedOperator | null> {
    const parsedUsername = operatorUsernameSchema.safeParse(input.username);
    if (!parsedUsername.success)
      throw new AppError('INVALID_INPUT', `username: ${parsedUsername.error.issues[0]?.message}`);
    const username = parsedUsername.data;
    const roles = parseRoles(input.roles);
    if (input.password !== undefined && input.password.length < operatorPasswordLengthMin)
      throw new AppError(
        'INVALID_INPUT',
        `password: must be at least ${operatorPasswordLengthMin} characters`,
      );
    const password = input.password ?? generateOperatorPassword();
    // Stored as members' passwords are: argon2id over the hash a client sends on the wire.
    const passwordHash = await hashPassword(hashPasswordForWire(password));
    const totpSecret = generateTotpSecret();

    const row = await inTransaction(db, async (tx) => {
      const inserted = await repository.insertOperatorUnlessTaken(
        { username, passwordHash, roles, totpSecret },
        tx,
      );
      if (!inserted) return null;
      await audit.record(tx, {
        operatorId: actor.operatorId,
        action: 'operator.create',
        target: { type: 'operator', id: inserted.id },
        after: { username, roles },
        reason: actor.reason,
        ip: actor.ip ?? null,
      });
      return inserted;
    });
    if (!row) return null;
    return {
      operator: toOperator(row),
      ...(input.password === undefined ? { generatedPassword: password } : {}),
      totpSecret,
      otpauthUri: otpauthUri({ issuer: totpIssuer, accountName: username, secret: totpSecret }),
    };
  }

  return {
    create,

    /**
     * With no operator at all, creates `admin` with every right, a generated password and a
     * fresh TOTP secret, and answers them so start-up can show them once. Null when an operator
     * exists, including when another server process starting at the same moment made it first.
     */
    async ensureFirstOperator(): Promise<CreatedOperator | null> {
      if ((await repository.countOperators()) > 0) return null;
      return create(
        { username: firstOperatorUsername, roles: ['admin'] },
        { operatorId: null, reason: 'first start: no operator existed' },
      );
    },
  };
}

export type OperatorAccounts = ReturnType<typeof createOperatorAccounts>;
