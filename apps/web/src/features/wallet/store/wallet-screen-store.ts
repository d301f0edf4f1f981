import { type CollectionOrder, collectionOrderSchema } from '@sb/contract';
import { create } from 'zustand';
import { browserStorages, readJson, writeJson } from '../../../lib/storage';

/** SPEC §2 wallet tabs, by index. */
export const walletTabs = [
  'deposit',
  'withdraw',
  'history',
  'accounts',
  'password',
  'balances',
] as const;
export type WalletTab = (typeof walletTabs)[number];
export const walletTabIndex = Object.fromEntries(
  walletTabs.map((tab, index) => [tab, index]),
) as Record<WalletTab, number>;

/** Session-storage key of the selected tab (SPEC §2 "wallet-index key"). */
export const walletIndexKey = 'walletIndex';
/** Local-storage key of the open collection order (SPEC §3 "kept locally under 'cpa'"). */
export const collectionOrderKey = 'cpa';

/**
 * What the deposit tab shows: the pending-order check, the form, a type-2 order's transfer
 * details, or the receipt upload of an order.
 */
export type DepositView =
  | { kind: 'checking' }
  | { kind: 'form' }
  | { kind: 'payResult'; order: CollectionOrder }
  | { kind: 'upload'; orderNo: string; order: CollectionOrder | null };

/** The funds history's two lists (SPEC §2: tabs Deposit and Withdraw). */
export type HistoryKind = 'deposit' | 'withdraw';

interface WalletScreenState {
  isOpen: boolean;
  tabIndex: number;
  /** Which list the funds history shows when it opens. */
  historyKind: HistoryKind;
  depositView: DepositView;
  /** Set by the withdraw tab's add link: my-accounts opens its add form for this type. */
  addAccountType: number | null;
  /** SPEC §4: a 5023 answer marks withdrawals locked for the rest of the visit. */
  isWithdrawLocked: boolean;
  /** The server's clock minus this browser's, for the collection countdown. */
  serverDeltaMs: number;
  open(tabIndex?: number): void;
  close(): void;
  selectTab(tabIndex: number): void;
  /** Opens the funds history on one of its lists (a withdrawal's confirmation links there). */
  openHistory(kind: HistoryKind): void;
  setHistoryKind(kind: HistoryKind): void;
  setDepositView(view: DepositView): void;
  requestAddAccount(type: number | null): void;
  markWithdrawLocked(): void;
  setServerDelta(deltaMs: number): void;
}

function storedTabIndex(): number {
  const stored = Number(browserStorages().session.getItem(walletIndexKey));
  return Number.isInteger(stored) && stored >= 0 && stored < walletTabs.length ? stored : 0;
}

export const useWalletScreenStore = create<WalletScreenState>()((set) => ({
  isOpen: false,
  tabIndex: 0,
  historyKind: 'deposit',
  depositView: { kind: 'checking' },
  addAccountType: null,
  isWithdrawLocked: false,
  serverDeltaMs: 0,
  open(tabIndex) {
    const index = tabIndex ?? storedTabIndex();
    browserStorages().session.setItem(walletIndexKey, String(index));
    set({ isOpen: true, tabIndex: index, depositView: { kind: 'checking' } });
  },
  close() {
    browserStorages().session.removeItem(walletIndexKey);
    set({ isOpen: false, addAccountType: null, historyKind: 'deposit' });
  },
  selectTab(tabIndex) {
    browserStorages().session.setItem(walletIndexKey, String(tabIndex));
    set((state) => ({
      tabIndex,
      // Returning to deposit checks for a pending order again (SPEC §2).
      depositView:
        tabIndex === walletTabIndex.deposit && state.tabIndex !== tabIndex
          ? { kind: 'checking' }
          : state.depositView,
    }));
  },
  openHistory(historyKind) {
    browserStorages().session.setItem(walletIndexKey, String(walletTabIndex.history));
    set({ tabIndex: walletTabIndex.history, historyKind });
  },
  setHistoryKind: (historyKind) => set({ historyKind }),
  setDepositView: (depositView) => set({ depositView }),
  requestAddAccount: (addAccountType) => set({ addAccountType }),
  markWithdrawLocked: () => set({ isWithdrawLocked: true }),
  setServerDelta: (serverDeltaMs) => set({ serverDeltaMs }),
}));

export function readStoredCollectionOrder(): CollectionOrder | null {
  const parsed = collectionOrderSchema.safeParse(
    readJson(browserStorages().local, collectionOrderKey),
  );
  return parsed.success ? parsed.data : null;
}

export function storeCollectionOrder(order: CollectionOrder | null): void {
  const local = browserStorages().local;
  if (order) writeJson(local, collectionOrderKey, order);
  else local.removeItem(collectionOrderKey);
}
