import { create } from 'zustand';

interface BalanceLoadState {
  /**
   * Part of the balance query key. Each login success and account switch takes a new round, so
   * the balance is read afresh even when the same token's answer is still cached.
   */
  loadRound: number;
  startNewRound(): void;
}

export const useBalanceLoadStore = create<BalanceLoadState>()((set) => ({
  loadRound: 0,
  startNewRound: () => set((state) => ({ loadRound: state.loadRound + 1 })),
}));
