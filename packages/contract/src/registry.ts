import type { CallDefinition } from './call';
import { identityCalls } from './identity';
import { loanCalls } from './loan';
import { matchCalls } from './match';
import { walletCalls } from './wallet';

/** Every call of the API, for route registration checks and the OpenAPI document. */
export const allCalls: readonly CallDefinition[] = [
  ...identityCalls,
  ...walletCalls,
  ...loanCalls,
  ...matchCalls,
];
