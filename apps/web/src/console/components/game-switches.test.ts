import { describe, expect, it } from 'vitest';
import {
  draftOfOwn,
  followsDefault,
  hasProduct,
  memberSwitchesInput,
  productsOfSwitch,
  withProduct,
} from './game-switches';

describe('the games switches’ bits', () => {
  it('list each switch’s products with their bits', () => {
    expect(productsOfSwitch('casinoSw')).toEqual([
      { product: 'tables', bit: 2 },
      { product: 'originals', bit: 4 },
      { product: 'crash', bit: 8 },
      { product: 'slot', bit: 16 },
    ]);
    expect(productsOfSwitch('lotterySw')).toEqual([{ product: 'lottery', bit: 2 }]);
  });

  it('set and clear one product’s bit, leaving the others and dropping unknown bits', () => {
    expect(withProduct(0, 'originals', true)).toBe(4);
    expect(withProduct(4 | 16, 'slot', false)).toBe(4);
    expect(withProduct(4, 'originals', true)).toBe(4);
    expect(withProduct(1 | 32 | 8, 'tables', true)).toBe(2 | 8);
    expect(withProduct(3, 'lottery', false)).toBe(0);
    expect(hasProduct(2 | 8, 'crash')).toBe(true);
    expect(hasProduct(2 | 8, 'slot')).toBe(false);
  });

  it('send a member’s own values and leave out a switch that follows the site default', () => {
    expect(memberSwitchesInput(7, followsDefault, 'asked')).toEqual({ userId: 7, reason: 'asked' });
    expect(
      memberSwitchesInput(
        7,
        { casinoSw: { follows: false, value: 0 }, lotterySw: { follows: true } },
        'asked',
      ),
    ).toEqual({ userId: 7, casinoSw: 0, reason: 'asked' });
    expect(
      memberSwitchesInput(
        7,
        { casinoSw: { follows: false, value: 4 | 64 }, lotterySw: { follows: false, value: 2 } },
        'r',
      ),
    ).toEqual({ userId: 7, casinoSw: 4, lotterySw: 2, reason: 'r' });
  });

  it('read the call’s own values back, null following the default', () => {
    expect(draftOfOwn({ casinoSw: null, lotterySw: 2 })).toEqual({
      casinoSw: { follows: true },
      lotterySw: { follows: false, value: 2 },
    });
  });
});
