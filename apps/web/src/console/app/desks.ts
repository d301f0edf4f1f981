import { type OperatorRole, operatorHasAnyRole } from '@sb/contract';

/**
 * The console's desks and the roles that open them, matching the roles their calls ask for in
 * the contract: a desk whose calls would all answer 6005 is not shown at all.
 */
export const desks = [
  { id: 'finance', path: '/finance', roles: ['finance'] },
  { id: 'dashboard', path: '/dashboard', roles: ['finance', 'trader'] },
  { id: 'members', path: '/members', roles: ['support', 'finance', 'trader'] },
  { id: 'trading', path: '/trading', roles: ['trader'] },
  { id: 'audit', path: '/audit', roles: ['admin'] },
  { id: 'site', path: '/site', roles: ['support'] },
  { id: 'community', path: '/community', roles: ['support'] },
  { id: 'promotions', path: '/promotions', roles: ['finance'] },
  { id: 'games', path: '/games', roles: ['trader', 'finance', 'support'] },
] as const satisfies readonly { id: string; path: string; roles: readonly OperatorRole[] }[];

export type DeskId = (typeof desks)[number]['id'];

export function desksFor(roles: readonly OperatorRole[]) {
  return desks.filter((desk) => operatorHasAnyRole(roles, desk.roles));
}

/** Whether the operator may take an action whose call asks for one of `required`. */
export function canAct(roles: readonly OperatorRole[], ...required: OperatorRole[]): boolean {
  return operatorHasAnyRole(roles, required);
}
