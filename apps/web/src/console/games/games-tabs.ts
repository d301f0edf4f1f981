import type { OperatorRole } from '@sb/contract';
import { canAct } from '../app/desks';

/**
 * The games desk's tabs and the roles whose calls each makes, as the contract asks for them:
 * the catalogue's list for traders, finance and support (only traders change it), the rounds
 * for traders and support, the figures for traders and finance. Admins hold every role.
 */
export const gamesTabs = [
  { id: 'catalogue', path: '/games', roles: ['trader', 'finance', 'support'] },
  { id: 'rounds', path: '/games/rounds', roles: ['trader', 'support'] },
  { id: 'figures', path: '/games/figures', roles: ['trader', 'finance'] },
] as const satisfies readonly { id: string; path: string; roles: readonly OperatorRole[] }[];

export type GamesTabId = (typeof gamesTabs)[number]['id'];

/** The tabs an operator of these roles opens. */
export function gamesTabsFor(roles: readonly OperatorRole[]) {
  return gamesTabs.filter((tab) => canAct(roles, ...tab.roles));
}
