import type { UserInfo } from '@sb/contract';
import { createContext, useContext } from 'react';
import type { BalanceOwner } from '../../../lib/balance/wallet-balance';

/**
 * Why money may not leave through this wallet (the server refuses it too): a quick account still
 * on its placeholder password must set a login password of its own first (docs/identity.md);
 * a partner's player is paid back through the partner (docs/withdrawals.md). Null when it may.
 */
export type MoneyOutBlock = 'ownPasswordFirst' | 'partner' | null;

/** What the wallet screens need from the rest of the app, handed in where the app mounts them. */
export interface WalletMember {
  owner: BalanceOwner;
  /** SPEC §2: the profile's hasWithdrawPwd; the password pop-up opens by itself when false. */
  hasWithdrawPassword: boolean;
  /** Called once a withdrawal password is saved, so the stored user info says so. */
  onWithdrawPasswordSet(): void;
  moneyOutBlock: MoneyOutBlock;
  /** Leaves the wallet for the form where a quick account sets its login password. */
  onSetOwnPassword(): void;
  /** Takes the profile change/currency answered: the play currency is the session's. */
  onPlayCurrencyChange(userInfo: UserInfo): void;
}

export const WalletMemberContext = createContext<WalletMember | null>(null);

export function useWalletMember(): WalletMember {
  const member = useContext(WalletMemberContext);
  if (!member) throw new Error('wallet screens need a WalletMemberContext');
  return member;
}
