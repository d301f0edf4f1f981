// The orders module's public types (docs/boundaries.md): other modules import them from here.
export type { OrderExposure, OutcomeLiability } from './order-exposure';
export type { OrderConfig } from './order-settings';
