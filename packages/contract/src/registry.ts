import { backOfficeCalls } from './back-office';
import type { CallDefinition } from './call';
import { depositCalls } from './deposit';
import { financeCalls } from './finance';
import { identityCalls } from './identity';
import { loanCalls } from './loan';
import { matchCalls } from './match';
import { operatorCalls } from './operator';
import { orderCalls } from './order';
import { orderExtraCalls } from './order-extras';
import { orderStatsCalls } from './order-stats';
import { partnerPasscodeCalls } from './partner-passcode';
import { partnerSettingsCalls } from './partner-settings';
import { quickAccountCalls } from './quick-account';
import { siteContentCalls } from './site-content';
import { walletCalls } from './wallet';
import { withdrawCalls } from './withdraw';

/** Every call of the API, for route registration checks and the OpenAPI document. */
export const allCalls: readonly CallDefinition[] = [
  ...identityCalls,
  ...partnerPasscodeCalls,
  ...quickAccountCalls,
  ...walletCalls,
  ...withdrawCalls,
  ...depositCalls,
  ...loanCalls,
  ...matchCalls,
  ...orderCalls,
  ...orderStatsCalls,
  ...orderExtraCalls,
  ...operatorCalls,
  ...financeCalls,
  ...backOfficeCalls,
  ...siteContentCalls,
  ...partnerSettingsCalls,
];
