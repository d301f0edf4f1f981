import type { Session } from '@sb/contract';
import { currentBalance, type WalletBalance } from '../../../lib/balance/balance-map';
import { type BalanceOwner, useWalletBalance } from '../../../lib/balance/wallet-balance';
import { useSessionStore } from '../../../lib/session/session-store';

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
