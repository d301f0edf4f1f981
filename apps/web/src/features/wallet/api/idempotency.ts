// The member site's keys for money-moving calls (DESIGN §5), from lib/.
export { newIdempotencyKey, withIdempotencyKey } from '../../../lib/idempotency-key';
