import { randomBytes } from 'node:crypto';
import { partnerPasscodeLifetimeSeconds, type Session } from '@sb/contract';
import { AppError } from '../../http/app-error';
import type { CallContext } from '../../http/request-context';
import { sha256Hex } from '../../platform/secrets';
import type { IdentityService, PartnerRequest } from './identity.service';
import type { PasscodeRepository } from './passcode.repository';

export interface PasscodeServiceOptions {
  repository: PasscodeRepository;
  identity: Pick<IdentityService, 'provePartnerRequest' | 'signInPartnerPlayer'>;
  now: () => Date;
}

/** 192 random bits, URL-safe (32 characters): unguessable within a passcode's minute. */
function generatePasscode(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * SPEC §2, §8 passcode login. A partner's server proves itself with the authToken it would sign
 * a player in with and gets a passcode in exchange; the browser redeems the passcode once. The
 * link the player opens thus carries a secret that dies within a minute and after one use,
 * while the authToken (valid for up to an hour) never leaves the partner's server.
 */
export function createPasscodeService(options: PasscodeServiceOptions) {
  const { repository, identity, now } = options;
  return {
    async issue(input: PartnerRequest): Promise<{ passcode: string; expiresAt: number }> {
      // Refuses a partner turned off, and spends the authToken: it obtains one passcode.
      const grant = await identity.provePartnerRequest(input);
      const passcode = generatePasscode();
      const issuedAt = now();
      const expiresAt = new Date(issuedAt.getTime() + partnerPasscodeLifetimeSeconds * 1000);
      await repository.insertPasscode({ ...grant, codeHash: sha256Hex(passcode), expiresAt });
      await repository.deleteExpiredPasscodes(issuedAt);
      return { passcode, expiresAt: expiresAt.getTime() };
    },

    /**
     * Signs the passcode's player in, exactly as the partner login would. The passcode is spent
     * by its first redemption whatever follows (a partner turned off since, a blocked player),
     * so a link never works twice.
     */
    async redeem(input: { passcode: string }, context: CallContext): Promise<Session> {
      const grant = await repository.consumePasscode(sha256Hex(input.passcode), now());
      if (!grant) throw new AppError('PARTNER_PASSCODE_INVALID');
      return identity.signInPartnerPlayer(grant, context);
    },
  };
}

export type PasscodeService = ReturnType<typeof createPasscodeService>;
