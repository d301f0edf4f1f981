import { createContext, useContext } from 'react';
import type { BalanceOwner } from '../api/wallet-balance';

/** What the wallet screens need from the rest of the app, handed in where the app mounts them. */
export interface WalletMember {
  owner: BalanceOwner;
  /** SPEC §2: the profile's hasWithdrawPwd; the password pop-up opens by itself when false. */
  hasWithdrawPassword: boolean;
  /** Called once a withdrawal password is saved, so the stored user info says so. */
  onWithdrawPasswordSet(): void;
}

export const WalletMemberContext = createContext<WalletMember | null>(null);

export function useWalletMember(): WalletMember {
  const member = useContext(WalletMemberContext);
  if (!member) throw new Error('wallet screens need a WalletMemberContext');
  return member;
}
