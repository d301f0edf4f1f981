import { activityCalls } from './activities';
import { adjustmentCalls } from './adjustments';
import { balanceMovementCalls } from './balance-movements';
import type { CallDefinition } from './call';
import { communityCalls } from './community';
import { dashboardCalls } from './dashboard';
import { depositCalls } from './deposit';
import { financeCalls } from './finance';
import { gameCalls } from './games';
import { identityCalls } from './identity';
import { ledgerDeskCalls } from './ledger';
import { loanCalls } from './loan';
import { matchCalls } from './match';
import { memberDeskCalls } from './members';
import { operatorCalls } from './operator';
import { orderCalls } from './order';
import { orderExtraCalls } from './order-extras';
import { orderStatsCalls } from './order-stats';
import { partnerPasscodeCalls } from './partner-passcode';
import { partnerSettingsCalls } from './partner-settings';
import { predictionCalls } from './predictions';
import { promotionCalls } from './promotions';
import { quickAccountCalls } from './quick-account';
import { siteContentCalls } from './site-content';
import { siteSwitchCalls } from './site-switches';
import { tradingCalls } from './trading';
import { walletCalls } from './wallet';
import { withdrawCalls } from './withdraw';

/** Every call of the API, for route registration checks and the OpenAPI document. */
export const allCalls: readonly CallDefinition[] = [
  ...identityCalls,
  ...partnerPasscodeCalls,
  ...quickAccountCalls,
  ...walletCalls,
  ...balanceMovementCalls,
  ...withdrawCalls,
  ...depositCalls,
  ...loanCalls,
  ...matchCalls,
  ...orderCalls,
  ...orderStatsCalls,
  ...orderExtraCalls,
  ...operatorCalls,
  ...financeCalls,
  ...adjustmentCalls,
  ...ledgerDeskCalls,
  ...dashboardCalls,
  ...memberDeskCalls,
  ...tradingCalls,
  ...siteSwitchCalls,
  ...siteContentCalls,
  ...predictionCalls,
  ...gameCalls,
  ...promotionCalls,
  ...activityCalls,
  ...partnerSettingsCalls,
  ...communityCalls,
];
