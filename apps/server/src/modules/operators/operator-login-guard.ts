import { AppError } from '../../http/app-error';
import type { CounterStore } from '../../platform/counter-store';

/**
 * Limits on operator sign-in attempts, stricter than members' and with no captcha step: an
 * operator account moves money, and its second factor already stops scripted guessing.
 * Counted in the shared counter store (Redis when configured), under keys of their own so a
 * member and an operator of the same name never share a count.
 */
export const operatorLoginLimits = {
  windowMs: 15 * 60_000,
  /** Attempts per user name in a window, successful ones included until one resets the count. */
  attemptsPerUsername: 5,
  /** Failed attempts per address in a window, over every user name. */
  failuresPerAddress: 20,
} as const;

export function createOperatorLoginGuard(deps: { counters: CounterStore }) {
  const { counters } = deps;
  const usernameKeyOf = (username: string) => `operator-login:username:${username}`;
  const addressKeyOf = (ip: string) => `operator-login:ip:${ip}`;

  return {
    /**
     * Counts the attempt before its credentials are checked and refuses it past the limits.
     * Counting first means a burst of parallel guesses gets exactly the allowed number of tries,
     * where checking first would let every request of the burst through before any failure
     * was counted.
     */
    async admit(username: string, ip: string): Promise<void> {
      const [attempts, addressFailures] = await Promise.all([
        counters.increment(usernameKeyOf(username), operatorLoginLimits.windowMs),
        counters.read(addressKeyOf(ip)),
      ]);
      if (
        attempts > operatorLoginLimits.attemptsPerUsername ||
        addressFailures >= operatorLoginLimits.failuresPerAddress
      ) {
        throw new AppError('OPERATOR_LOGIN_LOCKED');
      }
    },

    async recordFailure(ip: string): Promise<void> {
      await counters.increment(addressKeyOf(ip), operatorLoginLimits.windowMs);
    },

    async recordSuccess(username: string): Promise<void> {
      await counters.reset(usernameKeyOf(username));
    },
  };
}

export type OperatorLoginGuard = ReturnType<typeof createOperatorLoginGuard>;
