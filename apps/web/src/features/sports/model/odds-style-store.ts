import { isOddsStyle, OddsStyle } from '@sb/domain';
import { create } from 'zustand';
import { browserStorages } from '../../../lib/storage';

/**
 * Where a visitor's choice is kept between visits; a member's is their profile's `hdpStyle`
 * (SPEC §3 user info), which wins whenever the profile is read.
 */
const storageKey = 'hdpStyle';

function storedStyle(): OddsStyle {
  const stored = Number(browserStorages().local.getItem(storageKey));
  return isOddsStyle(stored) ? stored : OddsStyle.Decimal;
}

interface OddsStyleState {
  style: OddsStyle;
  setStyle(style: OddsStyle): void;
}

/** The display style of every price on screen (SPEC §9 odds types 0–4). */
export const useOddsStyleStore = create<OddsStyleState>()((set) => ({
  style: storedStyle(),
  setStyle(style) {
    browserStorages().local.setItem(storageKey, String(style));
    set({ style });
  },
}));
