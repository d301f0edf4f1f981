import type { Session } from '@sb/contract';
import { quickAccountPlaceholderWirePassword } from '@sb/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import type { CallContext } from '../../http/request-context';
import { createMemoryCounterStore } from '../../platform/counter-store';
import { accountCreationLimitsOf, createAccountCreationGuard } from './new-account-limits';
import { createQuickAccountService, generateQuickAccountName } from './quick-account.service';

const context = { ip: '10.9.8.7', client: {} } as CallContext;
const accountCreation = () =>
  createAccountCreationGuard(createMemoryCounterStore(), accountCreationLimitsOf({}));

/** An identity whose register refuses the names already taken, as the database would. */
function identityWith(taken: Set<string>) {
  const registered: { account: string; pwd: string; hasPlaceholderPassword?: boolean }[] = [];
  return {
    registered,
    identity: {
      async register(
        input: { account: string; pwd: string },
        _context: CallContext,
        options: { hasPlaceholderPassword?: boolean } = {},
      ) {
        if (taken.has(input.account)) throw new AppError('ACCOUNT_TAKEN');
        taken.add(input.account);
        registered.push({ ...input, ...options });
        return { account: input.account } as Session;
      },
    },
  };
}

describe('quick account names', () => {
  it('are qa and ten digits, a valid account name', () => {
    for (let index = 0; index < 50; index += 1)
      expect(generateQuickAccountName()).toMatch(/^qa\d{10}$/);
  });

  it('draw again when a name is taken, and register on the placeholder with the flag', async () => {
    const { identity, registered } = identityWith(new Set(['qa0000000001', 'qa0000000002']));
    const names = ['qa0000000001', 'qa0000000002', 'qa0000000003'];
    const service = createQuickAccountService({
      identity,
      accountCreation: accountCreation(),
      generateName: () => names.shift() ?? 'qa9999999999',
    });
    const session = await service.create(context);
    expect(session.account).toBe('qa0000000003');
    expect(registered).toEqual([
      {
        account: 'qa0000000003',
        pwd: quickAccountPlaceholderWirePassword,
        hasPlaceholderPassword: true,
      },
    ]);
  });

  it('give up with an internal error when every draw clashes', async () => {
    const { identity } = identityWith(new Set(['qa0000000001']));
    const service = createQuickAccountService({
      identity,
      accountCreation: accountCreation(),
      generateName: () => 'qa0000000001',
    });
    await expect(service.create(context)).rejects.toThrow(/clashed 5 times/);
  });
});
