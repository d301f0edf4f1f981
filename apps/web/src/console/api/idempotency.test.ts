import { describe, expect, it } from 'vitest';
import { createKeyKeeper, newIdempotencyKey } from './idempotency';

describe('idempotency keys', () => {
  it('are version-4 UUIDs, new each time', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(first);
  });

  it('stay the same for a retried request and change for another one or after success', () => {
    const keeper = createKeyKeeper();
    const first = keeper.keyFor('42|1|150000');
    expect(keeper.keyFor('42|1|150000')).toBe(first);
    const other = keeper.keyFor('42|1|-150000');
    expect(other).not.toBe(first);
    keeper.reset();
    expect(keeper.keyFor('42|1|-150000')).not.toBe(other);
  });
});
