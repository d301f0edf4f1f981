// The orders module's public types (docs/boundaries.md): other modules import them from here.

export type { FreeBetOrder, FreeBetStakes, FreeBetToken } from './free-bet-stakes';
export type { EventFacts, LegToRead } from './leg-states';
export type { OrderExposure, OutcomeLiability } from './order-exposure.repository';
export type { OrderConfig } from './order-settings';
export type { SettlementValues, StandingSettlement } from './order-settlements.repository';
export type { SettledLeg } from './orders.schema';
