import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../http/app-error';
import type { AuthenticatedUser, CallContext } from '../../http/request-context';
import type { IdentityService } from '../identity/identity.service';
import type { WithdrawalsRepository } from './withdrawals.repository';

/** Wrong withdrawal passwords in a row that lock withdrawals until an operator unlocks them. */
export const maxWrongWithdrawPasswords = 5;

/**
 * An attempt that finds five others of the same member being checked waits for them (a right
 * password clears the count, a fifth wrong one locks) rather than being refused as locked.
 */
const admissionWaitMs = 5_000;
const admissionPollMs = 20;

/**
 * The withdrawal password (SPEC §4, §5). Identity keeps its hash beside the login password's;
 * this service counts wrong ones and applies the lock SPEC answers with 5023.
 */
export function createWithdrawPasswordService(deps: {
  repository: WithdrawalsRepository;
  identity: Pick<IdentityService, 'setWithdrawPassword' | 'checkWithdrawPassword'>;
  now: () => Date;
}) {
  const { repository, identity, now } = deps;

  async function admitAttempt(userId: number): Promise<void> {
    const deadline = Date.now() + admissionWaitMs;
    for (;;) {
      const admission = await repository.takePasswordAttempt(userId, maxWrongWithdrawPasswords);
      if (admission === 'admitted') return;
      if (admission === 'locked') throw new AppError('WITHDRAW_LOCKED');
      if (Date.now() >= deadline)
        throw new AppError('RATE_LIMITED', 'other withdrawals of this account are being checked');
      await sleep(admissionPollMs);
    }
  }

  return {
    /**
     * Sets the password when there is none and replaces it when there is one. The login password
     * proves it is the member; the old withdrawal password is not asked for, so a member who
     * forgot it can choose a new one. A lock stays until an operator clears it.
     */
    set(user: AuthenticatedUser, input: { loginPwd: string; pwd: string }, context: CallContext) {
      return identity.setWithdrawPassword(user, input, context);
    },

    /**
     * Lets a withdrawal through only with the right password. Each attempt is counted before
     * the (slow) check and at most five are counted at once, so concurrent guesses cannot
     * exceed the limit; a right password clears the count, the fifth wrong one in a row locks
     * withdrawals.
     */
    async verifyForWithdrawal(user: AuthenticatedUser, pwd: string): Promise<void> {
      await admitAttempt(user.userId);
      const outcome = await identity.checkWithdrawPassword(user, pwd);
      if (outcome === 'right') {
        await repository.clearPasswordAttempts(user.userId);
        return;
      }
      if (outcome === 'unset') {
        await repository.returnPasswordAttempt(user.userId);
        throw new AppError('WITHDRAW_PASSWORD_NOT_SET');
      }
      const state = await repository.settleWrongPassword(
        user.userId,
        maxWrongWithdrawPasswords,
        now(),
      );
      if (state.lockedAt)
        throw new AppError(
          'WITHDRAW_LOCKED',
          `${maxWrongWithdrawPasswords} wrong withdrawal passwords in a row; ask support to unlock`,
        );
      const left = Math.max(maxWrongWithdrawPasswords - state.failedAttempts, 1);
      throw new AppError(
        'WITHDRAW_PASSWORD_WRONG',
        `${left} attempts left before withdrawals lock`,
      );
    },
  };
}

export type WithdrawPasswordService = ReturnType<typeof createWithdrawPasswordService>;
