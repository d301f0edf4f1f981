/** Every module's tables, for Drizzle's typed queries and drizzle-kit's migrations. */

export * from '../modules/adjustments/adjustments.schema';
export * from '../modules/bonus/bonus.schema';
export * from '../modules/catalogue/catalogue.schema';
export * from '../modules/community/community.schema';
export * from '../modules/deposits/deposits.schema';
export * from '../modules/games/games.schema';
export * from '../modules/identity/identity.schema';
export * from '../modules/identity/partner-token.schema';
export * from '../modules/identity/passcode.schema';
export * from '../modules/ledger/ledger.schema';
export * from '../modules/loans/loans.schema';
export * from '../modules/match/match.schema';
export * from '../modules/operators/operators.schema';
export * from '../modules/orders/orders.schema';
export * from '../modules/payments/payments.schema';
export * from '../modules/predictions/predictions.schema';
export * from '../modules/promotions/promotions.schema';
export * from '../modules/site-content/site-content.schema';
export * from '../modules/trading/trading.schema';
export * from '../modules/withdrawals/withdrawals.schema';
