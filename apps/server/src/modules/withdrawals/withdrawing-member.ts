import { AppError } from '../../http/app-error';
import type { AuthenticatedUser } from '../../http/request-context';
import type { IdentityService } from '../identity/identity.service';

/** A member who may withdraw: `userId` is theirs, the rest of identity stays with identity. */
export interface WithdrawingMember {
  user: AuthenticatedUser;
  userId: number;
  /** A quick account still on the placeholder password (docs/identity.md "Quick accounts"). */
  hasPlaceholderPassword: boolean;
}

/**
 * Only the site's own members withdraw. Demo money never leaves the site, and partner players'
 * money goes back through their partner, so both are refused before anything is looked at.
 */
export function createWithdrawingMemberGate(identity: Pick<IdentityService, 'walletMember'>) {
  return async (user: AuthenticatedUser | null): Promise<WithdrawingMember> => {
    if (!user) throw new AppError('TOKEN_INVALID');
    const member = await identity.walletMember(user);
    if (member.isDemo || member.partner) throw new AppError('NOT_ALLOWED_FOR_MEMBER_TYPE');
    return { user, userId: member.userId, hasPlaceholderPassword: member.hasPlaceholderPassword };
  };
}

/**
 * Money leaves, and the accounts it may leave to change, only for a member with a password of
 * their own. The placeholder of a quick account is public, so whoever holds its session could
 * otherwise send the money anywhere with a withdrawal password they chose themselves.
 */
export function requireOwnPassword(member: WithdrawingMember): WithdrawingMember {
  if (member.hasPlaceholderPassword) throw new AppError('OWN_PASSWORD_REQUIRED');
  return member;
}

export type WithdrawingMemberGate = ReturnType<typeof createWithdrawingMemberGate>;
