import type { OperatorSession } from '@sb/contract';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import type { AuthenticatedOperator } from '../../http/request-context';
import {
  decoyPasswordHash,
  generateToken,
  sha256Hex,
  verifyPassword,
} from '../../platform/secrets';
import type { AuditService } from './audit.service';
import { isOperatorRole, toOperator } from './operator-accounts.service';
import type { OperatorLoginGuard } from './operator-login-guard';
import type { OperatorRepository } from './operators.repository';
import { generateTotpSecret, matchTotpStep } from './totp';

/**
 * How long an operator session lives: it ends 8 hours after its last call, and 24 hours after
 * sign-in however busy it is. Activity is written at most once a minute, so a busy console
 * does not write a row per call.
 */
export const operatorSessionLimits = {
  idleTimeoutMs: 8 * 3_600_000,
  lifetimeMs: 24 * 3_600_000,
  touchIntervalMs: 60_000,
} as const;

/** A secret to check codes against for unknown user names, so they take as long to refuse. */
const decoyTotpSecret = generateTotpSecret();

export interface LoginInput {
  username: string;
  password: string;
  totp: string;
}

export function createOperatorSessions(deps: {
  db: Database;
  repository: OperatorRepository;
  guard: OperatorLoginGuard;
  audit: AuditService;
  now: () => Date;
}) {
  const { db, repository, guard, audit, now } = deps;

  /**
   * The operator whose password and code these are, or a refusal that names neither. Both
   * factors are always checked, against decoys for an unknown name, and the code's step is
   * claimed only when everything else is right, so a wrong password cannot use up a code.
   */
  async function verifyFactors(input: LoginInput, ip: string) {
    await guard.admit(input.username, ip);
    const row = await repository.findOperatorByUsername(input.username);
    const isPasswordRight = await verifyPassword(
      row?.passwordHash ?? (await decoyPasswordHash()),
      input.password,
    );
    const step = matchTotpStep(row?.totpSecret ?? decoyTotpSecret, input.totp, now().getTime());
    const isAccepted =
      row !== undefined &&
      isPasswordRight &&
      step !== null &&
      (await repository.claimTotpStep(row.id, step));
    if (!isAccepted || !row) {
      await guard.recordFailure(ip);
      throw new AppError('OPERATOR_LOGIN_FAILED');
    }
    return row;
  }

  return {
    async login(input: LoginInput, context: { ip: string }): Promise<OperatorSession> {
      const row = await verifyFactors(input, context.ip);
      if (row.disabledAt) throw new AppError('OPERATOR_DISABLED');
      await guard.recordSuccess(input.username);
      const token = generateToken();
      const at = now();
      const expiresAt = new Date(at.getTime() + operatorSessionLimits.lifetimeMs);
      await inTransaction(db, async (tx) => {
        const session = await repository.insertSession(
          {
            operatorId: row.id,
            tokenHash: sha256Hex(token),
            createdAt: at,
            lastSeenAt: at,
            expiresAt,
            ip: context.ip,
          },
          tx,
        );
        await repository.recordLogin(row.id, at, tx);
        await audit.record(tx, {
          operatorId: row.id,
          action: 'operator.login',
          target: { type: 'operator_session', id: session.id },
          ip: context.ip,
        });
      });
      return {
        token,
        expiresAt: expiresAt.getTime(),
        idleTimeoutMs: operatorSessionLimits.idleTimeoutMs,
        operator: toOperator(row),
      };
    },

    /** The operator of a live session, its idle clock restarted; null for anything else. */
    async authenticate(token: string): Promise<AuthenticatedOperator | null> {
      const at = now();
      const found = await repository.findLiveSession(
        sha256Hex(token),
        at,
        new Date(at.getTime() - operatorSessionLimits.idleTimeoutMs),
      );
      if (!found || found.operator.disabledAt) return null;
      const { session, operator } = found;
      if (at.getTime() - session.lastSeenAt.getTime() >= operatorSessionLimits.touchIntervalMs)
        await repository.touchSession(session.id, at);
      return {
        operatorId: operator.id,
        username: operator.username,
        roles: operator.roles.filter(isOperatorRole),
        sessionId: session.id,
        expiresAt: session.expiresAt,
      };
    },

    async logout(operator: AuthenticatedOperator, context: { ip: string }): Promise<null> {
      await inTransaction(db, async (tx) => {
        await repository.revokeSession(operator.sessionId, now(), tx);
        await audit.record(tx, {
          operatorId: operator.operatorId,
          action: 'operator.logout',
          target: { type: 'operator_session', id: operator.sessionId },
          ip: context.ip,
        });
      });
      return null;
    },

    me(operator: AuthenticatedOperator) {
      return {
        operatorId: operator.operatorId,
        username: operator.username,
        roles: [...operator.roles],
        expiresAt: operator.expiresAt.getTime(),
      };
    },
  };
}

export type OperatorSessions = ReturnType<typeof createOperatorSessions>;
