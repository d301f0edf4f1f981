/** Every module's tables, for Drizzle's typed queries and drizzle-kit's migrations. */
export * from '../modules/identity/identity.schema';
export * from '../modules/ledger/ledger.schema';
export * from '../modules/loans/loans.schema';
export * from '../modules/match/match.schema';
