import { describe, expect, it } from 'vitest';
import { canAct, desksFor } from './desks';

const deskIds = (roles: Parameters<typeof desksFor>[0]) => desksFor(roles).map((desk) => desk.id);

describe('desks by role', () => {
  it('opens every desk to an admin', () => {
    expect(deskIds(['admin'])).toEqual([
      'finance',
      'dashboard',
      'members',
      'trading',
      'audit',
      'site',
    ]);
  });

  it('opens only the desks whose calls a role may make', () => {
    expect(deskIds(['finance'])).toEqual(['finance', 'dashboard', 'members']);
    expect(deskIds(['trader'])).toEqual(['dashboard', 'members', 'trading']);
    expect(deskIds(['support'])).toEqual(['members', 'site']);
    expect(deskIds([])).toEqual([]);
  });

  it('lets an action through for any of its roles, or for an admin', () => {
    expect(canAct(['support'], 'support')).toBe(true);
    expect(canAct(['finance'], 'support')).toBe(false);
    expect(canAct(['admin'], 'trader')).toBe(true);
  });
});
