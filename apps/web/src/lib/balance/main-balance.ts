import type { Session } from '@sb/contract';
import { useSessionStore } from '../session/session-store';
import { currentBalance, type WalletBalance } from './balance-map';
import { type BalanceOwner, useWalletBalance } from './wallet-balance';

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
 * The session and the main balance of its current currency, read through the wallet's own query
 * so the slip, the games and the header share one read.
 */
export function useMainBalance(): { session: Session | null; balance: WalletBalance | undefined } {
  const session = useSessionStore((state) => state.session);
  const query = useWalletBalance(session ?? signedOut);
  const balance = session && query.data ? currentBalance(query.data, session.assetID) : undefined;
  return { session, balance };
}
