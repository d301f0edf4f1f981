import { create } from 'zustand';

export type SlipTab = 'slip' | 'my-bets';

interface SlipViewState {
  /** The slip's tab: the selections, or the member's bets. */
  tab: SlipTab;
  /** Whether the slip's sheet is up, where the slip is a sheet (phones, #/mini). */
  isSheetOpen: boolean;
  showTab(tab: SlipTab): void;
  /** Brings the sheet up, on `tab` when given (the account menu's "My bets"). */
  openSheet(tab?: SlipTab): void;
  closeSheet(): void;
}

/**
 * What the slip shows, kept outside it so the header's account menu can open My Bets: on a
 * phone the slip waits in a sheet at the bottom of the screen, in #/mini at every width.
 */
export const useSlipViewStore = create<SlipViewState>()((set) => ({
  tab: 'slip',
  isSheetOpen: false,
  showTab: (tab) => set({ tab }),
  openSheet: (tab) => set((state) => ({ isSheetOpen: true, tab: tab ?? state.tab })),
  closeSheet: () => set({ isSheetOpen: false }),
}));
