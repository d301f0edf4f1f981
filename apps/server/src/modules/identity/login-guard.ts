import { randomBytes } from 'node:crypto';
import { AppError } from '../../http/app-error';
import type { CounterStore } from '../../platform/counter-store';
import { constantTimeEqual, sha256Hex } from '../../platform/secrets';
import { randomCaptchaCode, renderCaptchaSvg } from './captcha';
import type { IdentityRepository } from './identity.repository';

/**
 * Limits on failed logins, counted per account and per address over a window. Past the captcha
 * thresholds a login must carry a solved captcha; past the lock thresholds it is refused outright
 * until the window passes. Counts are shared through Redis when it is configured.
 */
export const loginLimits = {
  windowMs: 15 * 60_000,
  captchaAfterAccountFailures: 3,
  captchaAfterAddressFailures: 10,
  lockAfterAccountFailures: 10,
  lockAfterAddressFailures: 50,
  captchaTtlMs: 2 * 60_000,
  captchaMaxFailedAttempts: 5,
} as const;

export interface LoginAttempt {
  accountKey: string;
  ip: string;
  captchaId?: string | undefined;
  code?: string | undefined;
}

export function createLoginGuard(deps: {
  repository: IdentityRepository;
  counters: CounterStore;
  now: () => Date;
  /** Chooses captcha codes; tests supply a known one. */
  generateCaptchaCode?: () => string;
}) {
  const { repository, counters, now } = deps;
  const generateCode = deps.generateCaptchaCode ?? randomCaptchaCode;
  const accountKeyOf = (accountKey: string) => `login-fail:account:${accountKey}`;
  const addressKeyOf = (ip: string) => `login-fail:ip:${ip}`;
  const answerHash = (captchaId: string, code: string) =>
    sha256Hex(`${captchaId}:${code.trim().toUpperCase()}`);

  async function failureCounts(accountKey: string | undefined, ip: string) {
    const [account, address] = await Promise.all([
      accountKey ? counters.read(accountKeyOf(accountKey)) : 0,
      counters.read(addressKeyOf(ip)),
    ]);
    return { account, address };
  }

  async function isCaptchaRequired(accountKey: string | undefined, ip: string): Promise<boolean> {
    const counts = await failureCounts(accountKey, ip);
    return (
      counts.account >= loginLimits.captchaAfterAccountFailures ||
      counts.address >= loginLimits.captchaAfterAddressFailures
    );
  }

  /** True when the answer is right; a wrong answer counts against the captcha. */
  async function checkCaptcha(captchaId: string, code: string): Promise<boolean> {
    const captcha = await repository.findUsableCaptcha(
      captchaId,
      now(),
      loginLimits.captchaMaxFailedAttempts,
    );
    if (!captcha) return false;
    if (constantTimeEqual(captcha.answerHash, answerHash(captchaId, code))) return true;
    await repository.recordCaptchaFailure(captchaId);
    return false;
  }

  function refuseWhenLocked(counts: { account: number; address: number }): void {
    if (
      counts.account >= loginLimits.lockAfterAccountFailures ||
      counts.address >= loginLimits.lockAfterAddressFailures
    ) {
      throw new AppError('LOGIN_LOCKED');
    }
  }

  return {
    isCaptchaRequired,

    /**
     * For password checks by a member already signed in (password change): only the lock
     * applies. A captcha would let whoever fails logins against the account block its owner
     * from changing the password.
     */
    async admitSignedIn(accountKey: string, ip: string): Promise<void> {
      refuseWhenLocked(await failureCounts(accountKey, ip));
    },
    checkCaptcha,

    async issueCaptcha() {
      const captchaId = randomBytes(16).toString('hex');
      const code = generateCode();
      const expiresAt = new Date(now().getTime() + loginLimits.captchaTtlMs);
      await repository.deleteExpiredCaptchas(now());
      await repository.insertCaptcha({
        id: captchaId,
        answerHash: answerHash(captchaId, code),
        expiresAt,
      });
      return {
        captchaId,
        captchaType: 1,
        image: renderCaptchaSvg(code),
        expiresAt: expiresAt.getTime(),
      };
    },

    /** Refuses the attempt before the password is checked when limits or the captcha say so. */
    async admit(attempt: LoginAttempt): Promise<void> {
      const counts = await failureCounts(attempt.accountKey, attempt.ip);
      refuseWhenLocked(counts);
      const needsCaptcha =
        counts.account >= loginLimits.captchaAfterAccountFailures ||
        counts.address >= loginLimits.captchaAfterAddressFailures;
      if (!needsCaptcha) return;
      if (!attempt.captchaId || !attempt.code) throw new AppError('CAPTCHA_REQUIRED');
      const solved =
        (await checkCaptcha(attempt.captchaId, attempt.code)) &&
        (await repository.consumeCaptcha(attempt.captchaId, now()));
      if (!solved) throw new AppError('CAPTCHA_INVALID');
    },

    async recordFailure(accountKey: string, ip: string): Promise<void> {
      await Promise.all([
        counters.increment(accountKeyOf(accountKey), loginLimits.windowMs),
        counters.increment(addressKeyOf(ip), loginLimits.windowMs),
      ]);
    },

    async recordSuccess(accountKey: string): Promise<void> {
      await counters.reset(accountKeyOf(accountKey));
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
