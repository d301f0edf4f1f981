import { beforeEach, describe, expect, it } from 'vitest';
import { useSlipViewStore } from './slip-view-store';

describe('slip view', () => {
  beforeEach(() => useSlipViewStore.setState({ tab: 'slip', isSheetOpen: false }));

  it('opens the sheet on the tab asked for, or on the tab it was on', () => {
    useSlipViewStore.getState().openSheet('my-bets');
    expect(useSlipViewStore.getState()).toMatchObject({ tab: 'my-bets', isSheetOpen: true });
    useSlipViewStore.getState().closeSheet();
    expect(useSlipViewStore.getState()).toMatchObject({ tab: 'my-bets', isSheetOpen: false });
    useSlipViewStore.getState().openSheet();
    expect(useSlipViewStore.getState()).toMatchObject({ tab: 'my-bets', isSheetOpen: true });
  });

  it('changes tab without bringing the sheet up', () => {
    useSlipViewStore.getState().showTab('my-bets');
    expect(useSlipViewStore.getState()).toMatchObject({ tab: 'my-bets', isSheetOpen: false });
  });
});
