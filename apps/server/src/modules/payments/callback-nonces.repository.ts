import { lt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { paymentCallbackNonces } from './payments.schema';

/**
 * Inserts a callback's nonce unless the provider sent it before; answers whether it was new. A
 * concurrent insert of the same nonce waits on the primary key for the other transaction's end.
 */
export async function insertCallbackNonce(
  tx: Database,
  provider: string,
  nonce: string,
  receivedAt: Date,
): Promise<boolean> {
  const [inserted] = await tx
    .insert(paymentCallbackNonces)
    .values({ provider, nonce, receivedAt })
    .onConflictDoNothing()
    .returning({ nonce: paymentCallbackNonces.nonce });
  return inserted !== undefined;
}

/** Deletes the nonces received before `before`. */
export async function deleteCallbackNoncesBefore(db: Database, before: Date): Promise<void> {
  await db.delete(paymentCallbackNonces).where(lt(paymentCallbackNonces.receivedAt, before));
}
