import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { canAct, desks, desksFor } from './desks';

const deskIds = (roles: Parameters<typeof desksFor>[0]) => desksFor(roles).map((desk) => desk.id);

describe('desks by role', () => {
  it('opens every desk to an admin', () => {
    expect(deskIds(['admin'])).toEqual(desks.map((desk) => desk.id));
    expect(deskIds(['admin'])).toContain('finance');
  });

  it('opens only the desks whose calls a role may make', () => {
    expect(deskIds(['finance'])).toEqual([
      'finance',
      'dashboard',
      'members',
      'promotions',
      'games',
    ]);
    expect(deskIds(['trader'])).toEqual(['dashboard', 'members', 'trading', 'games']);
    expect(deskIds(['support'])).toEqual(['members', 'site', 'community', 'games']);
    expect(deskIds([])).toEqual([]);
  });

  it('lets an action through for any of its roles, or for an admin', () => {
    expect(canAct(['support'], 'support')).toBe(true);
    expect(canAct(['finance'], 'support')).toBe(false);
    expect(canAct(['admin'], 'trader')).toBe(true);
  });
});

describe('desks declared once', () => {
  it('name every desk in the navigation with a text of its own, and no desk that is gone', () => {
    // zh and zht have exactly the English keys (console-i18n.test.ts).
    expect(Object.keys(en.shell.desks).sort()).toEqual(desks.map((desk) => desk.id).sort());
  });

  it('give every desk a path of its own', () => {
    expect(new Set(desks.map((desk) => desk.path)).size).toBe(desks.length);
  });
});
