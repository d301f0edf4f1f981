import { currentBalance, type WalletBalance } from '../../../lib/balance/balance-map';
import { type BalanceOwner, useWalletBalance } from '../../../lib/balance/wallet-balance';
import { useSessionStore } from '../../../lib/session/session-store';

/** Stands in for the owner while nobody is signed in: memberId 0 keeps the query disabled. */
const nobody: BalanceOwner = {
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

/** The main balance of the member's current currency, through the header's own query. */
export function useMainBalance(): WalletBalance | undefined {
  const session = useSessionStore((state) => state.session);
  const query = useWalletBalance(session ?? nobody);
  return session && query.data ? currentBalance(query.data, session.assetID) : undefined;
}
