import type { Session } from '@sb/contract';
import { useSessionStore } from '../../identity/store/session-store';
import { type BalanceOwner, useWalletBalance } from '../../wallet/api/wallet-balance';
import { currentBalance, type WalletBalance } from '../../wallet/model/balance-map';

/** Stands in for the owner while nobody is signed in: memberId 0 keeps the query disabled. */
const signedOut: BalanceOwner = {
  uid: '',
  token: '',
  memberId: 0,
  agentId: 0,
  channelType: '',
  principal: '',
  assetID: '',
  currencyCode: '',
  channel: null,
};

/**
 * The session and the balance of its current currency, read through the wallet feature's own
 * query so the slip and the header share one read.
 */
export function useSlipWallet(): { session: Session | null; balance: WalletBalance | undefined } {
  const session = useSessionStore((state) => state.session);
  const query = useWalletBalance(session ?? signedOut);
  const balance = session && query.data ? currentBalance(query.data, session.assetID) : undefined;
  return { session, balance };
}
