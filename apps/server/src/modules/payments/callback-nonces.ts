import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { deleteCallbackNoncesBefore, insertCallbackNonce } from './callback-nonces.repository';
import { callbackWindowMs } from './callback-signature';

/**
 * Records a callback's nonce inside the transaction that acts on the callback, refusing one seen
 * before. Two deliveries of the same signed callback racing each other meet on the primary key:
 * the second waits for the first and is refused once it commits. When the first rolls back, its
 * nonce goes with it, so the callback can still be delivered.
 */
export async function recordCallbackNonceWithin(
  tx: Database,
  provider: string,
  nonce: string,
  receivedAt: Date,
): Promise<void> {
  if (!(await insertCallbackNonce(tx, provider, nonce, receivedAt)))
    throw new AppError('PAYMENT_CALLBACK_REPLAYED');
}

/** Drops nonces whose callbacks would now be refused as stale anyway. */
export async function purgeCallbackNonces(db: Database, now: Date): Promise<void> {
  await deleteCallbackNoncesBefore(db, new Date(now.getTime() - 2 * callbackWindowMs));
}
