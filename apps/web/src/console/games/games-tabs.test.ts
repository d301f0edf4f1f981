import { describe, expect, it } from 'vitest';
import { gamesTabsFor } from './games-tabs';

const tabIds = (roles: Parameters<typeof gamesTabsFor>[0]) =>
  gamesTabsFor(roles).map((tab) => tab.id);

describe('the games desk’s tabs by role', () => {
  it('open only the parts whose calls a role may make', () => {
    expect(tabIds(['trader'])).toEqual(['catalogue', 'rounds', 'figures']);
    expect(tabIds(['finance'])).toEqual(['catalogue', 'figures']);
    expect(tabIds(['support'])).toEqual(['catalogue', 'rounds']);
    expect(tabIds(['admin'])).toEqual(['catalogue', 'rounds', 'figures']);
    expect(tabIds([])).toEqual([]);
  });
});
