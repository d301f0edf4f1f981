// What other modules use of payments (docs/boundaries.md): the provider itself is built by
// payments.module.ts and reached through its PaymentProvider interface (payments.types.ts); these
// are the rules a receiver of its notices applies.
export { recordCallbackNonceWithin } from './callback-nonces';
export { normalizeAddress, paymentUri } from './chain-address';
