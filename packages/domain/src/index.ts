export * from './currency';
export * from './language';
export * from './md5';
export * from './money';
export * from './odds';
export * from './option-id';
export * from './payout-account';
export * from './seal';
